/**
 * Messages of the agents' settlements (modules/agents/settlement): the active-member rule shown to the
 * agent and the manual-claim daily salary's errors. Merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'agent.rule.activeMember':
    'สมาชิกที่ใช้งาน คือสมาชิกในทีมที่มียอดเดิมพันที่ถูกต้องตั้งแต่ {minValidBet} และยอดฝากตั้งแต่ {minDeposit} ในรอบที่คำนวณ ไม่นับการเล่นของเอเย่นต์เอง',
  'agent.rule.activeMember.sharedLogins': 'ไม่นับสมาชิกที่เข้าสู่ระบบจาก IP หรืออุปกรณ์เดียวกับเอเย่นต์ในรอบนั้น',
  'agent.salary.claim.unknown': 'ไม่พบรายการเงินเดือนนี้',
  'agent.salary.claim.not.claimable': 'รายการนี้ไม่สามารถรับได้ (รับแล้ว ถูกปฏิเสธ หรือหมดเวลารับ)',
  'agent.salary.claim.upline.short': 'ยังไม่สามารถจ่ายเงินเดือนนี้ได้ กรุณาลองใหม่ภายหลัง',
};

export const en: Record<keyof typeof th, string> = {
  'agent.rule.activeMember':
    'An active member is a member of your team with a valid bet of at least {minValidBet} and deposits of at least {minDeposit} in the period settled. Your own play does not count.',
  'agent.rule.activeMember.sharedLogins':
    'Members who logged in from the same IP address or device as you in the period do not count.',
  'agent.salary.claim.unknown': 'This salary record was not found.',
  'agent.salary.claim.not.claimable': 'This record cannot be claimed (already claimed, rejected or expired).',
  'agent.salary.claim.upline.short': 'This salary cannot be paid yet. Please try again later.',
};
