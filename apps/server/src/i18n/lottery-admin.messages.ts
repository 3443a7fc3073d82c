/**
 * Messages of the lottery's back-office (modules/lottery/admin): its errors, in the operator's
 * language. Merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'lottery.setting.stale': 'มีผู้แก้ไขการตั้งค่าเกมนี้ไปแล้ว กรุณาโหลดใหม่แล้วลองอีกครั้ง',
  'lottery.number.rule.exists': 'เลขนี้ของการเล่นนี้มีกฎอยู่แล้วสำหรับงวดเดียวกัน ลบกฎเดิมก่อน',
  'lottery.draw.settled': 'งวดนี้ออกผลและจ่ายแล้ว ยกเลิกไม่ได้',
  'lottery.draw.still.open': 'งวดนี้ยังเปิดรับแทงอยู่ ยกเลิกได้หลังปิดรับแทง',
};

export const en: Record<keyof typeof th, string> = {
  'lottery.setting.stale': 'Someone changed this game’s settings meanwhile. Reload them and try again.',
  'lottery.number.rule.exists': 'This number of this play already has a rule for that draw. Remove it first.',
  'lottery.draw.settled': 'This draw is settled: it cannot be cancelled.',
  'lottery.draw.still.open': 'This draw still takes bets: it can be cancelled once bets close.',
};
