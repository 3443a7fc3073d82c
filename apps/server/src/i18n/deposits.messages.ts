/**
 * Messages of the deposits calls, merged into the catalogue by messages.ts. Kept in their own file so
 * that work on different modules does not edit one file. Same keys in TH and EN.
 */
export const th = {
  'deposit.amount.invalid': 'จำนวนเงินฝากต้องอยู่ระหว่าง {min} ถึง {max} {currency} และมีทศนิยมไม่เกิน 2 ตำแหน่ง',
  'deposit.amount.below.fee': 'จำนวนเงินฝากต้องมากกว่าค่าธรรมเนียม {fee} {currency}',
  'deposit.daily.count.exceeded': 'คุณฝากผ่านช่องทางนี้ครบ {limit} ครั้งใน 24 ชั่วโมงแล้ว กรุณาลองใหม่ภายหลังหรือเลือกช่องทางอื่น',
  'deposit.daily.amount.exceeded':
    'ยอดฝากผ่านช่องทางนี้ใน 24 ชั่วโมงต้องไม่เกิน {limit} {currency} ขณะนี้ฝากได้อีกไม่เกิน {left} {currency}',
  'deposit.member.limit.exceeded.day':
    'ยอดฝากนี้เกินวงเงินฝาก 24 ชั่วโมงที่คุณตั้งไว้ ({limit} {currency}) ขณะนี้ฝากได้อีกไม่เกิน {left} {currency}',
  'deposit.member.limit.exceeded.week':
    'ยอดฝากนี้เกินวงเงินฝาก 7 วันที่คุณตั้งไว้ ({limit} {currency}) ขณะนี้ฝากได้อีกไม่เกิน {left} {currency}',
  'deposit.member.limit.exceeded.month':
    'ยอดฝากนี้เกินวงเงินฝาก 30 วันที่คุณตั้งไว้ ({limit} {currency}) ขณะนี้ฝากได้อีกไม่เกิน {left} {currency}',
  'deposit.limit.invalid':
    '{field}: กรุณากรอกวงเงินเป็นจำนวนที่มากกว่า 0 มีทศนิยมไม่เกิน 2 ตำแหน่ง หรือส่งค่าว่าง (null) หากไม่ต้องการจำกัด',
  'deposit.method.unavailable': 'ช่องทางการฝากนี้ไม่เปิดให้บริการ กรุณาเลือกช่องทางอื่น',
  'deposit.bank.account.unknown': 'ไม่พบบัญชีที่คุณโอนเข้า กรุณาเลือกบัญชีปลายทางอีกครั้ง',
  'deposit.proof.unknown': 'ไม่พบสลิปการโอน หรือสลิปนี้ถูกใช้ไปแล้ว กรุณาอัปโหลดสลิปใหม่',
  'deposit.proof.not.image': 'ไฟล์ต้องเป็นรูปภาพ PNG หรือ JPG เท่านั้น',
  'deposit.proof.too.large': 'ไฟล์รูปภาพต้องมีขนาดไม่เกิน 5 MB',
  'deposit.proof.quota': 'คุณอัปโหลดสลิปที่ยังไม่ได้ใช้ไว้หลายรายการแล้ว กรุณาใช้สลิปที่อัปโหลดไว้ หรือลองใหม่ในวันถัดไป',
  'deposit.not.found': 'ไม่พบรายการฝากเงินนี้',
  'deposit.not.pending.approved': 'รายการฝากนี้ได้รับการอนุมัติไปแล้ว ไม่มีการเปลี่ยนแปลงใด ๆ',
  'deposit.not.pending.rejected': 'รายการฝากนี้ถูกปฏิเสธไปแล้ว ไม่มีการเปลี่ยนแปลงใด ๆ',
  'deposit.not.pending.expired': 'รายการฝากนี้หมดอายุแล้ว ไม่มีการเปลี่ยนแปลงใด ๆ',
  'deposit.not.reviewable': 'รายการฝากผ่านเกตเวย์ชำระเงินจะสำเร็จหรือไม่สำเร็จตามผลจากเกตเวย์เท่านั้น',
  'deposit.not.reviewable.member': 'รายการฝากผ่านเกตเวย์ชำระเงินจะได้รับการยืนยันจากเกตเวย์โดยตรง ไม่ต้องแจ้งชำระเงินหรือแนบสลิป',
  'deposit.proof.exists': 'รายการฝากนี้มีสลิปการโอนแล้ว ไม่มีการเปลี่ยนแปลงใด ๆ',
  'deposit.question.open': 'คำถามก่อนหน้าของรายการฝากนี้ยังรอคำตอบอยู่ กรุณารอให้เจ้าหน้าที่ตอบก่อนส่งคำถามใหม่',
  'deposit.question.limit': 'รายการฝากนี้มีคำถามครบ {max} ข้อแล้ว กรุณาติดต่อฝ่ายบริการลูกค้า',
  'deposit.question.answered': 'คำถามนี้ได้รับคำตอบไปแล้ว ไม่มีการเปลี่ยนแปลงใด ๆ',
  'deposit.gateway.unavailable': 'ระบบชำระเงินไม่ตอบสนอง กรุณาลองใหม่อีกครั้ง',
  'deposit.callback.signature.invalid': 'ลายเซ็นของการแจ้งผลชำระเงินไม่ถูกต้องหรือหมดอายุ',
  'deposit.callback.unknown.payment': 'ไม่พบรายการชำระเงินนี้',
  'deposit.callback.mismatch': 'ข้อมูลการชำระเงินไม่ตรงกับรายการฝาก',
  'deposit.channels.demopay.refused': 'เซิร์ฟเวอร์ที่ใช้งานจริงไม่อนุญาตให้เปิด DEMOPAY',
  'deposit.channels.secret.required': 'กรุณาตั้งรหัสลับ (secret) ก่อนเปิดใช้ DEMOPAY',
  'demopay.payment.unknown': 'ไม่พบรายการชำระเงินนี้',
  'demopay.payment.closed': 'รายการชำระเงินนี้ดำเนินการเสร็จสิ้นแล้ว ไม่สามารถเปลี่ยนผลได้',
};

export const en: Record<keyof typeof th, string> = {
  'deposit.amount.invalid': 'The deposit amount must be from {min} to {max} {currency}, with at most 2 decimal places',
  'deposit.amount.below.fee': 'The deposit amount must be more than the fee of {fee} {currency}',
  'deposit.daily.count.exceeded':
    'You have made {limit} deposits with this method in the last 24 hours. Please try later or choose another method',
  'deposit.daily.amount.exceeded':
    'Deposits with this method may total at most {limit} {currency} in 24 hours; you can deposit up to {left} {currency} now',
  'deposit.member.limit.exceeded.day':
    'This deposit would pass your own 24-hour deposit limit of {limit} {currency}; you can deposit up to {left} {currency} now',
  'deposit.member.limit.exceeded.week':
    'This deposit would pass your own 7-day deposit limit of {limit} {currency}; you can deposit up to {left} {currency} now',
  'deposit.member.limit.exceeded.month':
    'This deposit would pass your own 30-day deposit limit of {limit} {currency}; you can deposit up to {left} {currency} now',
  'deposit.limit.invalid': '{field}: enter a limit greater than 0 with at most 2 decimal places, or null for no limit',
  'deposit.method.unavailable': 'This deposit method is not available, please choose another one',
  'deposit.bank.account.unknown': 'The account you paid into was not found, please choose it again',
  'deposit.proof.unknown': 'The transfer slip was not found or is already used, please upload it again',
  'deposit.proof.not.image': 'The file must be a PNG or JPG image',
  'deposit.proof.too.large': 'The image must be at most 5 MB',
  'deposit.proof.quota':
    'You have uploaded several slips that are not used yet. Use one of them, or try again tomorrow',
  'deposit.not.found': 'This deposit was not found',
  'deposit.not.pending.approved': 'This deposit is already approved; nothing was changed',
  'deposit.not.pending.rejected': 'This deposit is already rejected; nothing was changed',
  'deposit.not.pending.expired': 'This deposit has expired; nothing was changed',
  'deposit.not.reviewable': 'A payment gateway deposit is settled by its gateway only',
  'deposit.not.reviewable.member':
    'A payment gateway deposit is confirmed by the gateway itself: there is nothing to mark as paid and no slip to attach',
  'deposit.proof.exists': 'This deposit already has a transfer slip; nothing was changed',
  'deposit.question.open':
    'Your earlier question about this deposit is still waiting for an answer; please wait for it before asking again',
  'deposit.question.limit': 'This deposit already has {max} questions; please contact customer service',
  'deposit.question.answered': 'This question is already answered; nothing was changed',
  'deposit.gateway.unavailable': 'The payment gateway did not answer, please try again',
  'deposit.callback.signature.invalid': 'The payment notification signature is invalid or too old',
  'deposit.callback.unknown.payment': 'This payment was not found',
  'deposit.callback.mismatch': 'The payment does not match the deposit',
  'deposit.channels.demopay.refused': 'DEMOPAY cannot be enabled on a production server',
  'deposit.channels.secret.required': 'Set a secret before enabling DEMOPAY',
  'demopay.payment.unknown': 'This payment was not found',
  'demopay.payment.closed': 'This payment is already finished; its result cannot change',
};
