/**
 * Messages of the brand (merchant settings) calls, merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'brand.code.taken': 'รหัสแบรนด์นี้ถูกใช้แล้ว (ไม่แยกตัวพิมพ์เล็กและใหญ่) กรุณาเลือกรหัสอื่น',
  'brand.domain.taken': 'โดเมนนี้เป็นของแบรนด์อื่นอยู่แล้ว กรุณานำออกจากแบรนด์นั้นก่อน หรือเลือกโดเมนอื่น',
  'brand.version.conflict': 'การตั้งค่านี้ถูกเปลี่ยนโดยผู้อื่นหลังจากที่คุณเปิดอ่าน จึงยังไม่ได้บันทึกการแก้ไขของคุณ กรุณาดูค่าปัจจุบันแล้วแก้ไขอีกครั้ง',
};

export const en: typeof th = {
  'brand.code.taken':
    'This merchant code is already taken (codes are compared ignoring letter case). Choose another code.',
  'brand.domain.taken': 'This domain already belongs to a merchant. Remove it there first, or choose another domain.',
  'brand.version.conflict':
    'This setting was changed by someone else after you opened it, so your changes were not saved. Check the current values and edit again.',
};
