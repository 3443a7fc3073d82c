/**
 * Messages of the agent centre's team pages (modules/agents/team), merged into the catalogue by
 * messages.ts. Same keys in TH and EN.
 */
export const th = {
  'agent.team.member.unknown': 'ไม่พบสมาชิกรายนี้ในทีมของคุณ',
  'agent.team.range.invalid': 'ช่วงวันที่ไม่ถูกต้อง (สูงสุด {max} วัน และวันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น)',
  'agent.team.status.operator': 'บัญชีนี้ถูกระงับโดยผู้ดูแลระบบ คุณไม่สามารถปลดล็อกได้ กรุณาติดต่อฝ่ายบริการลูกค้า',
};

export const en: Record<keyof typeof th, string> = {
  'agent.team.member.unknown': 'No member of your team has this name or id.',
  'agent.team.range.invalid': 'The date range is not valid (at most {max} days, ending on or after its start).',
  'agent.team.status.operator':
    'This account was locked by the operator and only the operator can unlock it. Please contact customer service.',
};
