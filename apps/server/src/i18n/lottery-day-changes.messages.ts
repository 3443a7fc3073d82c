/**
 * Messages of the official calendars' holiday day changes (modules/lottery/official/day-changes.ts), in
 * the operator's language. Merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'lottery.day_change.not.draw.day': 'วันนี้ไม่ใช่วันออกผลตามปฏิทินของเกมนี้ ({field})',
  'lottery.day_change.too.late': 'งวดของวันนี้ปิดรับแทงแล้ว เปลี่ยนวันไม่ได้ ({field})',
  'lottery.day_change.exists': 'วันนี้มีการเปลี่ยนวันอยู่แล้ว กรุณาลบรายการเดิมก่อน ({field})',
  'lottery.day_change.day.taken': 'เกมนี้มีงวดออกผลในวันนั้นอยู่แล้ว ({field})',
  'lottery.day_change.has.bets':
    'งวดของวันนี้มีโพยแทงอยู่แล้ว หากเปลี่ยนวัน งวดนี้จะถูกยกเลิกและคืนเงินทุกโพย กรุณายืนยันการคืนเงิน ({field})',
  'lottery.day_change.used': 'การเปลี่ยนวันนี้มีผลไปแล้ว จึงลบไม่ได้ ({field})',
};

export const en: Record<keyof typeof th, string> = {
  'lottery.day_change.not.draw.day': "This day is not one of the game's draw days ({field}).",
  'lottery.day_change.too.late': "Bets on this day's draw have closed; the day cannot be changed ({field}).",
  'lottery.day_change.exists': 'This day already has a change. Remove it first ({field}).',
  'lottery.day_change.day.taken': 'The game already draws on that day ({field}).',
  'lottery.day_change.has.bets':
    "This day's draw already has bets. Changing the day cancels the draw and refunds every bet: confirm the refund ({field}).",
  'lottery.day_change.used': 'This change has already taken effect, so it cannot be removed ({field}).',
};
