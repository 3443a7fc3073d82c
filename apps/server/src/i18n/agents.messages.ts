/**
 * Messages of the agent programme (affiliate links, moving a member to another upline), merged into
 * the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'affiliate.code.taken': 'รหัสแนะนำนี้ถูกใช้แล้ว กรุณาเลือกรหัสอื่น',
  'affiliate.link.limit': 'คุณมีลิงก์แนะนำครบ {max} ลิงก์แล้ว กรุณาลบลิงก์เดิมก่อน',
  'agent.move.cycle': 'ย้ายไปอยู่ใต้ตัวสมาชิกเองหรือสมาชิกในสายงานของตัวเองไม่ได้',
  'agent.move.upline.not.agent': 'อัปไลน์ใหม่ต้องเป็นเอเจนต์ที่ใช้งานอยู่ของแบรนด์นี้',
  'agent.move.unchanged': 'สมาชิกอยู่ใต้อัปไลน์นี้อยู่แล้ว',
  'agent.page.off': 'หน้านี้ของศูนย์เอเจนต์ปิดใช้งานอยู่',
} as const;

export const en: Record<keyof typeof th, string> = {
  'affiliate.code.taken': 'This invitation code is taken. Choose another.',
  'affiliate.link.limit': 'You have {max} affiliate links already. Delete one first.',
  'agent.move.cycle': 'A member cannot be moved under itself or one of its own downlines.',
  'agent.move.upline.not.agent': 'The new upline must be an active agent of this brand.',
  'agent.move.unchanged': 'The member is directly under this upline already.',
  'agent.page.off': 'This page of the agent centre is switched off.',
};
