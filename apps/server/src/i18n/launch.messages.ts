/** Messages of the game launch and the transfer wallets, merged by messages.ts. Same keys in TH and EN. */
export const th = {
  vendor_under_maintenance: 'ค่ายเกมนี้กำลังปิดปรับปรุง กรุณากลับมาใหม่หลังเวลาที่แจ้ง',
  launch_game_balance_not_enough: 'ยอดเงินไม่พอสำหรับเกมนี้ (ยอดเงิน {balance} เดิมพันขั้นต่ำ {minBet}) กรุณาฝากเงินก่อนเล่น',
  launch_game_trial_not_allowed: 'บัญชีทดลองเล่นไม่สามารถเล่นเกมนี้ได้ กรุณาสมัครสมาชิกเพื่อเล่นด้วยเงินจริง',
  vendor_unavailable: 'ค่ายเกมนี้ยังไม่พร้อมให้บริการ กรุณาลองใหม่ภายหลัง',
  launch_game_not_available: 'เกมนี้ยังไม่เปิดให้เล่น กรุณาเลือกเกมอื่น',
  'launch.transfer.amount.above.main': 'จำนวนเงินที่โอนเข้าเกม ({field}) มากกว่ายอดในกระเป๋าหลัก (คงเหลือ {available})',
  'wallet.transfer.vendor.unknown': 'ไม่พบกระเป๋าเงินของค่ายเกมนี้ ({field})',
  'wallet.transfer.balance.not.enough': 'ยอดเงินในกระเป๋าต้นทางไม่พอ (คงเหลือ {available})',
  'wallet.transfer.pending': 'รายการโอนก่อนหน้ากับค่ายเกมนี้ยังรอผล กรุณาลองใหม่อีกครั้งในอีกสักครู่',
};

export const en: Record<keyof typeof th, string> = {
  vendor_under_maintenance: 'This game provider is under maintenance. Please come back after the time shown.',
  launch_game_balance_not_enough:
    'Your balance is too low for this game (balance {balance}, minimum bet {minBet}). Please deposit first.',
  launch_game_trial_not_allowed: 'Free-play accounts cannot play this game. Sign up to play with real money.',
  vendor_unavailable: 'This game provider is not available right now. Please try again later.',
  launch_game_not_available: 'This game is not open for play yet. Please choose another game.',
  'launch.transfer.amount.above.main':
    'The amount to move into the game ({field}) is more than your main wallet holds (available {available}).',
  'wallet.transfer.vendor.unknown': 'There is no wallet for this game provider ({field}).',
  'wallet.transfer.balance.not.enough': 'The source wallet does not hold enough (available {available}).',
  'wallet.transfer.pending':
    'An earlier transfer with this provider is still being confirmed. Please try again in a moment.',
};
