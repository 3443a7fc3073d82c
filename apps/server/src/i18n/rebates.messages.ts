/**
 * Messages of the rebates (modules/rebates): its errors, in the member's or operator's language.
 * Merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'rebate.mode.unavailable': 'เว็บไซต์นี้ไม่มีการรับเงินคืนด้วยตนเอง',
  'rebate.day.invalid': 'เลือกวันที่ผ่านมาแล้วภายใน {days} วันล่าสุด',
  'rebate.amount.exceeds.remaining': 'ยอดที่ขอเกินยอดเงินคืนคงเหลือ ({remaining})',
  'rebate.amount.below.minimum': 'ยอดรับเงินคืนขั้นต่ำคือ {minimum}',
  'rebate.settings.stale': 'มีผู้แก้ไขการตั้งค่านี้ไปแล้ว กรุณาโหลดใหม่แล้วลองอีกครั้ง',
};

export const en: Record<keyof typeof th, string> = {
  'rebate.mode.unavailable': 'This site does not offer rebates to claim.',
  'rebate.day.invalid': 'Choose a past day within the last {days} days.',
  'rebate.amount.exceeds.remaining': 'That is more than the rebate left ({remaining}).',
  'rebate.amount.below.minimum': 'The smallest rebate you can claim is {minimum}.',
  'rebate.settings.stale': 'Someone changed these settings meanwhile. Reload them and try again.',
};
