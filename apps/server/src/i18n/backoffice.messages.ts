/**
 * Messages of the backoffice calls, merged into the catalogue by messages.ts. Kept in their own file so
 * that work on different modules does not edit one file. Same keys in TH and EN.
 */
export const th = {
  'operator.token.invalid': 'กรุณาเข้าสู่ระบบหลังบ้าน',
  'operator.permission.denied': 'บทบาทของคุณไม่มีสิทธิ์ทำรายการนี้ ({permission})',
  'operator.totp.required': 'กรุณายืนยันรหัสจากแอปยืนยันตัวตนก่อนใช้งาน',
  'operator.login.failed': 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
  'operator.login.locked': 'เข้าสู่ระบบผิดหลายครั้งเกินไป กรุณาลองใหม่ในอีก {minutes} นาที',
  'operator.totp.invalid': 'รหัสยืนยันตัวตนไม่ถูกต้องหรือหมดอายุ กรุณากรอกรหัสล่าสุดจากแอป',
  'operator.totp.already.enrolled': 'บัญชีนี้ตั้งค่าแอปยืนยันตัวตนไว้แล้ว หากต้องการเปลี่ยน กรุณาให้ผู้ดูแลระบบรีเซ็ต',
  'operator.username.taken': 'ชื่อผู้ใช้นี้มีผู้ใช้งานแล้ว กรุณาเลือกชื่ออื่น',
  'operator.self.refused': 'ไม่สามารถทำรายการนี้กับบัญชีของตนเองได้ กรุณาให้ผู้ดูแลระบบคนอื่นดำเนินการ',
  'operator.adjust.overdraw': 'ยอดเงินในกระเป๋าหลักของสมาชิกไม่พอสำหรับการหักเงิน (คงเหลือ {balance})',
  'operator.password.current.wrong': 'รหัสผ่านปัจจุบันไม่ถูกต้อง ({field})',
  'operator.password.unchanged': 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านปัจจุบัน ({field})',
};

export const en: Record<keyof typeof th, string> = {
  'operator.token.invalid': 'Please log in to the back-office',
  'operator.permission.denied': 'Your role may not do this ({permission})',
  'operator.totp.required': 'Please confirm the code of your authenticator app first',
  'operator.login.failed': 'Wrong username or password',
  'operator.login.locked': 'Too many failed logins, please try again in {minutes} minutes',
  'operator.totp.invalid': 'The authenticator code is wrong or expired, please type the latest code of the app',
  'operator.totp.already.enrolled': 'This account already has an authenticator; ask an admin to reset it to change it',
  'operator.username.taken': 'This username is already taken, please choose another',
  'operator.self.refused': 'You cannot do this to your own account; ask another admin',
  'operator.adjust.overdraw': "The member's main wallet does not cover this debit (balance {balance})",
  'operator.password.current.wrong': 'The current password is wrong ({field})',
  'operator.password.unchanged': 'The new password must differ from the current one ({field})',
};
