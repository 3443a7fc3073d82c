/**
 * Messages of the site content calls (customer service, app links, partners, help centre, home lanes),
 * merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'site.content.version.conflict':
    'รายการนี้ถูกแก้ไขโดยผู้อื่นหลังจากที่คุณเปิดอ่าน จึงยังไม่ได้บันทึกการแก้ไขของคุณ กรุณาโหลดค่าปัจจุบันแล้วแก้ไขอีกครั้ง',
  'site.content.code.taken': 'มีรายการอื่นใช้ {field} นี้แล้ว กรุณาใช้ชื่ออื่น',
  'site.content.category.in.use': 'หมวดหมู่นี้ยังมีบทความอยู่ กรุณาย้ายหรือลบบทความก่อน',
  'site.content.game.unknown': 'ไม่พบเกม {gameId} ในล็อบบี้ของแบรนด์นี้ (ปิดอยู่หรือไม่มีเกมนี้)',
};

export const en: typeof th = {
  'site.content.version.conflict':
    'This item was changed by someone else after you opened it, so your changes were not saved. Reload the current values and edit again.',
  'site.content.code.taken': 'Another item already uses this {field}. Choose another one.',
  'site.content.category.in.use': 'This category still has articles. Move or delete them first.',
  'site.content.game.unknown': 'Game {gameId} is not in this brand’s lobby (switched off or unknown).',
};
