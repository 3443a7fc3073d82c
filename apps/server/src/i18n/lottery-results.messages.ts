/**
 * Messages of official lottery results in the back-office (modules/lottery/official), in the
 * operator's language. Merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'lottery.result.self.confirm': 'คุณเป็นผู้กรอกผลนี้เอง จึงยืนยันเองไม่ได้ กรุณาให้ผู้ดูแลอีกคนกรอกผลซ้ำเพื่อยืนยัน',
  'lottery.result.mismatch': 'ผลที่กรอกไม่ตรงกับผลที่กรอกไว้ก่อน ({field}) กรุณาตรวจสอบกับแหล่งผลอีกครั้ง',
  'lottery.result.decided': 'รายการนี้ได้รับการยืนยันหรือปฏิเสธไปแล้ว',
  'lottery.result.pending.exists': 'งวดนี้มีผลที่รอการยืนยันอยู่แล้ว กรุณายืนยันหรือปฏิเสธรายการนั้นก่อน ({field})',
  'lottery.result.too.early': 'งวดนี้ยังไม่ถึงเวลาออกผล ({field})',
  'lottery.result.draw.cancelled': 'งวดนี้ถูกยกเลิกแล้ว ไม่ต้องกรอกผล ({field})',
  'lottery.result.not.official': 'เกมนี้ออกผลโดยระบบ ไม่ใช่หวยที่ต้องกรอกผล ({field})',
  'lottery.result.shape.invalid': 'ผลไม่ตรงกับรูปแบบของเกมนี้ ({field})',
  'lottery.result.import.invalid': 'ไฟล์มีบรรทัดที่อ่านไม่ได้ (บรรทัด {line}) ไม่มีการนำเข้าข้อมูลใด ๆ',
};

export const en: Record<keyof typeof th, string> = {
  'lottery.result.self.confirm':
    'You entered this result yourself, so you cannot confirm it. Another operator must enter it again to confirm.',
  'lottery.result.mismatch': 'The values differ from the first entry ({field}). Check the official source again.',
  'lottery.result.decided': 'This entry has already been confirmed or rejected.',
  'lottery.result.pending.exists':
    'A result of this draw is waiting for confirmation. Confirm or reject it first ({field}).',
  'lottery.result.too.early': 'This draw has not taken place yet ({field}).',
  'lottery.result.draw.cancelled': 'This draw was cancelled; it needs no result ({field}).',
  'lottery.result.not.official': 'This game is drawn by the system; it takes no entered result ({field}).',
  'lottery.result.shape.invalid': "The result does not have this game's shape ({field}).",
  'lottery.result.import.invalid': 'The file has lines that cannot be read (line {line}). Nothing was imported.',
};
