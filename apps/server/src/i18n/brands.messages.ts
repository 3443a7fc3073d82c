/**
 * Messages of the brand (merchant settings) calls, merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'brand.version.conflict': 'การตั้งค่านี้ถูกเปลี่ยนโดยผู้อื่นหลังจากที่คุณเปิดอ่าน จึงยังไม่ได้บันทึกการแก้ไขของคุณ กรุณาดูค่าปัจจุบันแล้วแก้ไขอีกครั้ง',
};

export const en: typeof th = {
  'brand.version.conflict':
    'This setting was changed by someone else after you opened it, so your changes were not saved. Check the current values and edit again.',
};
