/**
 * Messages of Yee-Kee (modules/lottery/yeekee), in the member's language. Merged into the catalogue
 * by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'lottery.yeekee.game.invalid': 'เกมนี้ไม่ใช่หวยยี่กี หรือปิดให้บริการอยู่ ({field})',
  'lottery.yeekee.round.unknown': 'ไม่พบรอบนี้ของหวยยี่กี ({field})',
  'lottery.yeekee.round.not.open': 'รอบนี้ยังไม่เปิดให้ยิงเลข กรุณายิงเลขในรอบปัจจุบัน ({field})',
  'lottery.yeekee.round.closed': 'รอบนี้ปิดการยิงเลขแล้ว กรุณายิงเลขในรอบถัดไป ({field})',
  'lottery.yeekee.shot.too.soon': 'ยิงเลขได้ 1 ครั้งทุก 5 วินาที กรุณารออีก {seconds} วินาที',
};

export const en: Record<keyof typeof th, string> = {
  'lottery.yeekee.game.invalid': 'This game is not a Yee-Kee game, or it is closed ({field}).',
  'lottery.yeekee.round.unknown': 'This Yee-Kee round does not exist ({field}).',
  'lottery.yeekee.round.not.open': 'This round is not open for shooting yet. Shoot into the current round ({field}).',
  'lottery.yeekee.round.closed': 'Shooting in this round has closed. Shoot into the next round ({field}).',
  'lottery.yeekee.shot.too.soon': 'You can shoot one number every 5 seconds. Please wait {seconds} more seconds.',
};
