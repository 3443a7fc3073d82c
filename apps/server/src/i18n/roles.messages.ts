/**
 * Messages of roles, IP allow-lists, session timeouts and four-eyes approvals (modules/backoffice),
 * merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'operator.ip.refused': 'ไม่อนุญาตให้บัญชีนี้ใช้งานจากเครือข่ายที่คุณใช้อยู่ กรุณาติดต่อผู้ดูแลระบบเพื่อเพิ่มที่อยู่ IP ที่อนุญาต',
  'role.unknown': 'ไม่พบบทบาทนี้ในแบรนด์ ({field})',
  'role.platform.refused': 'เฉพาะผู้ดูแลระดับแพลตฟอร์มเท่านั้นที่กำหนดบทบาทแพลตฟอร์มได้',
  'role.permission.not.held': 'คุณให้หรือถอนสิทธิ์ที่ตัวคุณเองไม่มีไม่ได้ ({field}: {permission})',
  'role.builtin.readonly': 'บทบาทพื้นฐานของระบบแก้ไขหรือลบไม่ได้ กรุณาสร้างบทบาทใหม่แทน',
  'role.code.taken': 'รหัสบทบาทนี้ถูกใช้แล้ว ({field})',
  'role.in.use': 'ยังมีผู้ใช้งาน {count} คนที่ใช้บทบาทนี้ กรุณาเปลี่ยนบทบาทของพวกเขาก่อนลบ',
  'role.version.conflict': 'บทบาทนี้ถูกแก้ไขโดยผู้อื่นหลังจากที่คุณเปิดอ่าน จึงยังไม่ได้บันทึกการแก้ไขของคุณ กรุณาดูค่าปัจจุบันแล้วแก้ไขอีกครั้ง',
  'operator.version.conflict': 'ผู้ใช้งานนี้ถูกแก้ไขโดยผู้อื่นหลังจากที่คุณเปิดอ่าน จึงยังไม่ได้บันทึกการแก้ไขของคุณ กรุณาดูค่าปัจจุบันแล้วแก้ไขอีกครั้ง',
};

export const en: typeof th = {
  'operator.ip.refused':
    'This account may not be used from your current network. Ask an administrator to add your IP address to the allow-list.',
  'role.unknown': 'This merchant has no such role ({field})',
  'role.platform.refused': 'Only a platform operator may give the platform role',
  'role.permission.not.held':
    'You cannot give or take away a permission you do not hold yourself ({field}: {permission})',
  'role.builtin.readonly': 'Built-in roles cannot be edited or deleted; create a new role instead',
  'role.code.taken': 'This role code is already used ({field})',
  'role.in.use': '{count} operators still hold this role; give them another role before deleting it',
  'role.version.conflict':
    'This role was changed by someone else after you opened it, so your changes were not saved. Check the current values and edit again.',
  'operator.version.conflict':
    'This operator was changed by someone else after you opened it, so your changes were not saved. Check the current values and edit again.',
};
