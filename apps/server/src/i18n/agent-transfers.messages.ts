/**
 * Messages of the agent ↔ downline transfers (modules/agents/transfers), merged into the catalogue by
 * messages.ts. Same keys in TH and EN.
 */
export const th = {
  'agent.transfer.upline.off': 'ไม่สามารถโอนเงินให้อัปไลน์ได้',
  'agent.transfer.upline.none': 'บัญชีของคุณไม่มีอัปไลน์',
  'agent.transfer.downline.unknown': 'ไม่พบดาวน์ไลน์รายนี้ในทีมของคุณ',
  'agent.transfer.recipients.none': 'ไม่มีดาวน์ไลน์ที่จะรับอั่งเปา',
  'agent.transfer.amount.below.min': 'จำนวนเงินขั้นต่ำในการโอนคือ {min}',
  'agent.transfer.amount.above.max': 'จำนวนเงินสูงสุดในการโอนคือ {max}',
  'agent.transfer.share.below.min': 'ยอดรวมต้องไม่น้อยกว่า {min} เพื่อให้ผู้รับแต่ละคนได้อย่างน้อย 0.01',
  'agent.transfer.daily.count': 'คุณโอนเงินครบ {limit} ครั้งใน 24 ชั่วโมงแล้ว',
  'agent.transfer.balance.not.enough': 'ยอดเงินในกระเป๋าหลักไม่พอ (ใช้ได้ {available})',
  'agent.transfer.password.invalid': 'รหัสผ่านการชำระเงินไม่ถูกต้อง',
};

export const en: Record<keyof typeof th, string> = {
  'agent.transfer.upline.off': 'Transfers to your upline are not available.',
  'agent.transfer.upline.none': 'Your account has no upline.',
  'agent.transfer.downline.unknown': 'No downline of your team has this id.',
  'agent.transfer.recipients.none': 'There is no downline to receive the lucky bag.',
  'agent.transfer.amount.below.min': 'The minimum transfer is {min}.',
  'agent.transfer.amount.above.max': 'The maximum transfer is {max}.',
  'agent.transfer.share.below.min': 'The total must be at least {min} so that each recipient gets 0.01 or more.',
  'agent.transfer.daily.count': 'You have made {limit} transfers in the last 24 hours.',
  'agent.transfer.balance.not.enough': 'Your main wallet does not hold enough ({available} available).',
  'agent.transfer.password.invalid': 'The payment password is incorrect.',
};
