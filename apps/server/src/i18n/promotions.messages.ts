/**
 * Messages of promotions and their rewards (modules/promotions). Merged into the catalogue by
 * messages.ts. Same keys in TH and EN.
 */
export const th = {
  'promotion.not.found': 'ไม่พบโปรโมชั่นนี้',
  'promotion.reward.not.found': 'ไม่พบรางวัลนี้ในบัญชีของคุณ',
  'promotion.not.running': 'โปรโมชั่นนี้ยังไม่เริ่มหรือสิ้นสุดแล้ว',
  'promotion.reward.expired': 'รางวัลนี้หมดอายุแล้ว',
  'promotion.reward.already.claimed': 'คุณรับรางวัลนี้ไปแล้ว',
  'promotion.reward.not.claimable': 'รางวัลนี้ยังรับไม่ได้',
  'promotion.budget.exhausted': 'โปรโมชั่นนี้มีผู้รับครบตามจำนวนแล้ว',
  'promotion.member.limit.reached': 'คุณเข้าร่วมหรือรับโปรโมชั่นนี้ครบจำนวนแล้ว',
  'promotion.not.eligible': 'บัญชีของคุณไม่ตรงตามเงื่อนไขของโปรโมชั่นนี้',
  'promotion.wrong.kind': 'โปรโมชั่นนี้ไม่สามารถทำรายการแบบนี้ได้',
  'promotion.duplicate.person': 'มีผู้ใช้ข้อมูลเดียวกัน (เบอร์โทร บัญชีธนาคาร อุปกรณ์ หรือ IP) รับโปรโมชั่นนี้ไปแล้ว',
  'promotion.withdrawal.pending': 'คุณมีรายการถอนเงินที่รอดำเนินการ จึงยังรับโปรโมชั่นนี้ไม่ได้',
  'promotion.blocked.by.other': 'คุณมีโปรโมชั่นอื่นที่ยังไม่เสร็จสิ้น จึงรับโปรโมชั่นนี้ไม่ได้',
  'promotion.pictures.required': 'กรุณาแนบรูปภาพ ({field})',
  'promotion.remarks.required': 'กรุณากรอกหมายเหตุ ({field})',
  'promotion.picture.unknown': 'ไม่พบรูปภาพที่อัปโหลด ({field})',
  required_member_information_incomplete: 'กรุณากรอกข้อมูลส่วนตัวให้ครบก่อนรับโปรโมชั่นนี้',
  required_deposit_amount_not_reached: 'ยอดฝากวันนี้ยังไม่ถึงที่กำหนด',
  'promotion.review.decided': 'ใบสมัครนี้ได้รับการพิจารณาแล้ว',
  'promotion.version.conflict': 'โปรโมชั่นนี้ถูกแก้ไขไปแล้ว กรุณาโหลดใหม่',
  'promotion.usernames.unknown': 'ไม่พบสมาชิกชื่อ: {names}',
  'promotion.amount.required': 'กรุณาระบุจำนวนเงินรางวัล ({field})',
};

export const en: Record<keyof typeof th, string> = {
  'promotion.not.found': 'This promotion does not exist.',
  'promotion.reward.not.found': 'This reward is not in your account.',
  'promotion.not.running': 'This promotion has not started or has ended.',
  'promotion.reward.expired': 'This reward has expired.',
  'promotion.reward.already.claimed': 'You have already claimed this reward.',
  'promotion.reward.not.claimable': 'This reward cannot be claimed yet.',
  'promotion.budget.exhausted': 'This promotion has been fully claimed.',
  'promotion.member.limit.reached': 'You have already joined or claimed this promotion as often as allowed.',
  'promotion.not.eligible': 'Your account does not meet the conditions of this promotion.',
  'promotion.wrong.kind': 'This promotion does not work this way.',
  'promotion.duplicate.person':
    'Someone with the same details (mobile, bank account, device or IP) already received this promotion.',
  'promotion.withdrawal.pending': 'You have a withdrawal pending, so this promotion cannot be given now.',
  'promotion.blocked.by.other': 'Another promotion of yours is still running, so this one cannot be given.',
  'promotion.pictures.required': 'Please attach a picture ({field}).',
  'promotion.remarks.required': 'Please write remarks ({field}).',
  'promotion.picture.unknown': 'This picture was not uploaded by you ({field}).',
  required_member_information_incomplete: 'Please complete your profile before claiming this promotion.',
  required_deposit_amount_not_reached: 'Your deposits today have not reached the amount this reward needs.',
  'promotion.review.decided': 'This application has been decided already.',
  'promotion.version.conflict': 'This promotion was changed by someone else: reload it.',
  'promotion.usernames.unknown': 'No member is called: {names}',
  'promotion.amount.required': 'Please give the reward amount ({field}).',
};
