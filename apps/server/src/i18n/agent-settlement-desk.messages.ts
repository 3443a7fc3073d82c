/**
 * Messages of the operator's statements desk (modules/agents/settlement/settlement-actions.ts and
 * settlement-rerun.ts), merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'agent.settlement.status.conflict': 'สถานะของใบสรุปยอดนี้ไม่รองรับการดำเนินการนี้ กรุณาโหลดหน้าใหม่',
  'agent.settlement.wallet.short': 'ยอดเงินในกระเป๋าไม่พอสำหรับส่วนต่าง ({required})',
  'agent.settlement.rerun.unsupported': 'ยังคำนวณใหม่ไม่ได้สำหรับสัญญาประเภทนี้',
  'agent.settlement.period.not.ready': 'ข้อมูลของงวดนี้ยังสรุปไม่เสร็จ กรุณาลองใหม่ภายหลัง',
  'agent.settlement.claimable':
    'รายการเงินเดือนรายวันแบบกดรับนี้ยังรอเอเจนต์กดรับ จ่ายได้เฉพาะเมื่อเอเจนต์กดรับเอง (ปฏิเสธหรือคำนวณวันนั้นใหม่ได้)',
};

export const en: Record<keyof typeof th, string> = {
  'agent.settlement.status.conflict': 'This statement’s status does not allow this action. Please reload.',
  'agent.settlement.wallet.short': 'The wallet does not hold the difference ({required}).',
  'agent.settlement.rerun.unsupported': 'This kind of contract cannot be re-run yet.',
  'agent.settlement.period.not.ready': 'This period’s figures are not summed yet. Try again later.',
  'agent.settlement.claimable':
    'This manual-claim daily salary record is waiting for the agent’s claim and is paid only when the agent claims it (it can be rejected, or its day re-run).',
};
