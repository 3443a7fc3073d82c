/**
 * Messages of the back-office game calls (modules/games `admin/`), merged into the catalogue by
 * messages.ts. Same keys in TH and EN.
 */
export const th = {
  'games.vendor.not_found': 'ไม่พบค่ายเกมนี้',
  'games.game.not_found': 'ไม่พบเกมนี้',
  'games.maintenance.not_found': 'ไม่พบช่วงปิดปรับปรุงนี้',
  'games.maintenance.ended': 'เวลาสิ้นสุดต้องอยู่ในอนาคต ({field})',
  'games.version.conflict': 'รายการนี้ถูกเปลี่ยนโดยผู้อื่นหลังจากที่คุณเปิดอ่าน จึงยังไม่ได้บันทึกการแก้ไขของคุณ กรุณาดูค่าปัจจุบันแล้วแก้ไขอีกครั้ง',
  'games.credential.not_found': 'ไม่พบคีย์ลับนี้ของค่ายเกมนี้',
  'games.credentials.not_connected': 'ค่ายเกมนี้ยังไม่ได้เชื่อมต่อกับผู้ให้บริการ จึงยังไม่มีคีย์ลับ',
  'games.credentials.house_managed': 'คีย์ลับและที่อยู่ของเกมของระบบกำหนดในการตั้งค่าเซิร์ฟเวอร์ ไม่สามารถเปลี่ยนได้ที่นี่',
};

export const en: typeof th = {
  'games.vendor.not_found': 'This game provider does not exist',
  'games.game.not_found': 'This game does not exist',
  'games.maintenance.not_found': 'This maintenance window does not exist',
  'games.maintenance.ended': 'The end must be in the future ({field})',
  'games.version.conflict':
    'This item was changed by someone else after you opened it, so your changes were not saved. Check the current values and edit again.',
  'games.credential.not_found': 'This provider has no such secret',
  'games.credentials.not_connected': 'This provider is not connected to an integration, so it has no secrets',
  'games.credentials.house_managed':
    "The house games' secret and address are set in the server's configuration and cannot be changed here",
};
