/**
 * Messages of the back-office's member desk, and what a member is told of an operator's restriction
 * (login or games forbidden), merged into the catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'members.version.conflict': 'ข้อมูลสมาชิกนี้ถูกเปลี่ยนโดยผู้ดูแลคนอื่นแล้ว กรุณาโหลดใหม่แล้วตัดสินใจอีกครั้ง',
  'members.status.unchanged': 'สถานะของสมาชิกเป็นแบบนี้อยู่แล้ว',
  'members.tag.unknown': 'แท็ก ({field}) ไม่อยู่ในรายการแท็กของแบรนด์',
  'members.tag.taken': 'มีแท็กชื่อนี้ ({field}) อยู่แล้ว',
  'members.session.unknown': 'ไม่พบเซสชันนี้ของสมาชิก',
  'members.two.factor.not.set': 'สมาชิกนี้ยังไม่ได้ตั้งค่าการยืนยันตัวตนสองขั้นตอน',
  'member.login.forbidden': 'บัญชีนี้ถูกระงับการเข้าสู่ระบบ กรุณาติดต่อฝ่ายบริการลูกค้า',
  launch_game_forbidden: 'บัญชีนี้ถูกระงับการเล่นเกม กรุณาติดต่อฝ่ายบริการลูกค้า',
} as const;

export const en: Record<keyof typeof th, string> = {
  'members.version.conflict': 'Another operator changed this member meanwhile. Reload and decide again.',
  'members.status.unchanged': 'The member already has this status.',
  'members.tag.unknown': 'A tag ({field}) is not in the brand’s tag list.',
  'members.tag.taken': 'This tag ({field}) is already in the list.',
  'members.session.unknown': 'This is not a live session of the member.',
  'members.two.factor.not.set': 'This member has no two-factor authenticator set up.',
  'member.login.forbidden': 'This account may not log in. Please contact customer service.',
  launch_game_forbidden: 'This account may not play games. Please contact customer service.',
};
