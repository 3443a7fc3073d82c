/**
 * Messages of the lottery's betting and cancellation (modules/lottery), in the member's language.
 * Merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  LGS_BETTING_GAME_CLOSED_ERROR: 'งวดนี้ปิดรับแทงแล้ว กรุณาเลือกงวดถัดไป',
  LGS_BETTING_AMOUNT_OVER_LIMITS: 'ยอดแทงไม่อยู่ในขอบเขตที่เกมนี้กำหนด ({field})',
  LGS_BETTING_MULTIPLE_OVER_LIMITS: 'ตัวคูณต้องไม่เกิน {max}',
  LGS_BETTING_NUMBER_OVER_LIMITS: 'เลข {number} เต็มหรือปิดรับในงวดนี้แล้ว',
  ACS_AVAILABLE_BALANCE_NOT_ENOUGH: 'ยอดเงินคงเหลือไม่พอสำหรับรายการแทงนี้',
  'lottery.bet.content.invalid': 'ตัวเลขที่แทงไม่ตรงกับรูปแบบของการเล่นนี้ ({field})',
  'lottery.play.unknown': 'เกมนี้ไม่มีการเล่นแบบนี้ ({field})',
  'lottery.bet.count.mismatch': 'รายการนี้มี {expected} ชุด กรุณาโหลดใหม่แล้วลองอีกครั้ง',
  'lottery.total.mismatch': 'ยอดรวมที่ถูกต้องคือ {expected} กรุณาโหลดใหม่แล้วลองอีกครั้ง',
  'lottery.series.out.of.range': 'กลุ่มรางวัลต้องอยู่ระหว่าง {min} ถึง {max}',
  'lottery.chase.too.long': 'การแทงต่อเนื่องทำได้สูงสุด {max} งวดในตอนนี้',
  LGS_CANCEL_ORDER_NOT_AVAILABLE: 'รายการนี้ยกเลิกไม่ได้แล้ว',
  CANCEL_CHASE_ORDER_IS_NOT_LAST_START: 'การแทงต่อเนื่องต้องยกเลิกจากงวดสุดท้ายก่อน',
  ORDER_IS_CANCELED: 'รายการนี้ถูกยกเลิกหรือออกผลไปแล้ว',
};

export const en: Record<keyof typeof th, string> = {
  LGS_BETTING_GAME_CLOSED_ERROR: 'This draw is closed for bets. Choose the next draw.',
  LGS_BETTING_AMOUNT_OVER_LIMITS: "The amount is outside this game's limits ({field}).",
  LGS_BETTING_MULTIPLE_OVER_LIMITS: 'The multiple may be at most {max}.',
  LGS_BETTING_NUMBER_OVER_LIMITS: 'Number {number} is sold out or closed for this draw.',
  ACS_AVAILABLE_BALANCE_NOT_ENOUGH: 'Your balance does not cover these bets.',
  'lottery.bet.content.invalid': 'The numbers do not fit this play ({field}).',
  'lottery.play.unknown': 'This game does not offer that play ({field}).',
  'lottery.bet.count.mismatch': 'This bet is {expected} combinations. Reload and try again.',
  'lottery.total.mismatch': 'The total should be {expected}. Reload and try again.',
  'lottery.series.out.of.range': 'The prize group must be between {min} and {max}.',
  'lottery.chase.too.long': 'A chase can cover at most {max} draws now.',
  LGS_CANCEL_ORDER_NOT_AVAILABLE: 'This bet can no longer be cancelled.',
  CANCEL_CHASE_ORDER_IS_NOT_LAST_START: 'Cancel a chase from its last draw first.',
  ORDER_IS_CANCELED: 'This bet has already been cancelled or settled.',
};
