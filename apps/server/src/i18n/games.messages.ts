/**
 * Messages of the game calls (catalogue, launch, vendor wallet), merged into the catalogue by
 * messages.ts. Same keys in TH and EN.
 */
export const th = {
  // Catalogue and favourites (modules/games).
  'game.unknown': 'ไม่พบเกมนี้ ({field})',
  'game.vendor.unknown': 'ไม่พบค่ายเกมนี้ ({field})',
  // seamless-wallet (/vendor-api): errorCodes of the seamless wallet protocol
  'vendor_wallet.INSUFFICIENT_FUNDS': 'ยอดเงินไม่เพียงพอ',
  'vendor_wallet.INVALID_SIGNATURE': 'ลายเซ็นไม่ถูกต้อง',
  'vendor_wallet.STALE_REQUEST': 'เวลาของคำขอคลาดเคลื่อนเกิน 5 นาที',
  'vendor_wallet.SESSION_EXPIRED': 'เซสชันเกมหมดอายุ',
  'vendor_wallet.DUPLICATE_TRANSACTION_DIFFERENT_DATA': 'รหัสธุรกรรมนี้ถูกใช้แล้วกับข้อมูลอื่น',
  'vendor_wallet.TRANSACTION_NOT_FOUND': 'ไม่พบธุรกรรม',
  'vendor_wallet.ROUND_CLOSED': 'รอบนี้ปิดแล้ว',
  'vendor_wallet.PLAYER_BLOCKED': 'ผู้เล่นถูกระงับ',
  'vendor_wallet.INVALID_SESSION': 'เซสชันเกมไม่ถูกต้อง',
  'vendor_wallet.TRANSACTION_CANCELLED': 'ธุรกรรมนี้ถูกยกเลิกแล้ว',
  'vendor_wallet.INVALID_AMOUNT': 'จำนวนเงินไม่ถูกต้อง',
  'vendor_wallet.INVALID_CURRENCY': 'สกุลเงินไม่ถูกต้อง',
  'vendor_wallet.INVALID_REQUEST': 'คำขอไม่ถูกต้อง',
};

export const en: Record<keyof typeof th, string> = {
  // Catalogue and favourites (modules/games).
  'game.unknown': 'This game does not exist ({field})',
  'game.vendor.unknown': 'This game provider does not exist ({field})',
  // seamless-wallet (/vendor-api): errorCodes of the seamless wallet protocol
  'vendor_wallet.INSUFFICIENT_FUNDS': 'Insufficient funds',
  'vendor_wallet.INVALID_SIGNATURE': 'Invalid signature',
  'vendor_wallet.STALE_REQUEST': 'The request time is more than 5 minutes off',
  'vendor_wallet.SESSION_EXPIRED': 'The game session has expired',
  'vendor_wallet.DUPLICATE_TRANSACTION_DIFFERENT_DATA': 'This transaction id was used with different data',
  'vendor_wallet.TRANSACTION_NOT_FOUND': 'Transaction not found',
  'vendor_wallet.ROUND_CLOSED': 'The round is closed',
  'vendor_wallet.PLAYER_BLOCKED': 'The player is blocked',
  'vendor_wallet.INVALID_SESSION': 'Invalid game session',
  'vendor_wallet.TRANSACTION_CANCELLED': 'This transaction was cancelled',
  'vendor_wallet.INVALID_AMOUNT': 'Invalid amount',
  'vendor_wallet.INVALID_CURRENCY': 'Invalid currency',
  'vendor_wallet.INVALID_REQUEST': 'Invalid request',
};
