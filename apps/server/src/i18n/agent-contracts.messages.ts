/**
 * Messages of the agents' salary and dividend contracts, merged into the catalogue by messages.ts.
 * Same keys in TH and EN.
 */
export const th = {
  'agent.contract.downline.unknown': 'ไม่พบเอเย่นต์ดาวน์ไลน์โดยตรงของคุณรายนี้',
  'agent.contract.unknown': 'ไม่พบสัญญานี้',
  'agent.contract.kind.off': 'เว็บไซต์นี้ไม่ได้เปิดใช้สัญญาประเภทนี้',
  'agent.contract.upline.none': 'คุณยังไม่มีสัญญาประเภทนี้ของผลิตภัณฑ์และรอบนี้ จึงเสนอให้ดาวน์ไลน์ไม่ได้',
  'agent.contract.tiers.empty': 'กรุณากำหนดอย่างน้อยหนึ่งขั้น',
  'agent.contract.tier.not.rising': 'แต่ละขั้นต้องสูงกว่าขั้นก่อนหน้า ({field})',
  'agent.contract.tier.zero': 'อัตราหรือจำนวนเงินต้องมากกว่า 0 ({field})',
  'agent.contract.tier.above.upline': 'อัตรานี้สูงกว่าสัญญาของคุณเองที่ระดับเดียวกัน ({field})',
  'agent.contract.status.conflict': 'สถานะของสัญญานี้ไม่รองรับการดำเนินการนี้ กรุณาโหลดหน้าใหม่',
  'agent.contract.unchanged': 'ไม่พบการเปลี่ยนแปลงจากสัญญาปัจจุบัน',
};

export const en: Record<keyof typeof th, string> = {
  'agent.contract.downline.unknown': 'No direct downline agent of yours has this id.',
  'agent.contract.unknown': 'This contract was not found.',
  'agent.contract.kind.off': 'This site does not offer this kind of contract.',
  'agent.contract.upline.none':
    'You have no signed contract of this kind for this product and period, so you cannot offer one.',
  'agent.contract.tiers.empty': 'Add at least one tier.',
  'agent.contract.tier.not.rising': 'Each tier must be higher than the one before ({field}).',
  'agent.contract.tier.zero': 'The rate or amount must be above 0 ({field}).',
  'agent.contract.tier.above.upline': 'This rate is above your own contract at the same level ({field}).',
  'agent.contract.status.conflict': 'The contract is no longer in a state that allows this. Reload the page.',
  'agent.contract.unchanged': 'No change detected from the current contract.',
};
