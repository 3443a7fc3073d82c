/**
 * Messages of the accounts calls of modules/identity, merged into the catalogue by messages.ts. Kept in
 * their own file so that work on different calls does not edit one file. Same keys in TH and EN.
 */
export const th = {
  'affiliate.code.invalid': 'รหัสแนะนำไม่ถูกต้อง',
  'agent.only': 'เฉพาะบัญชีเอเย่นต์เท่านั้นที่ใช้งานส่วนนี้ได้',
  'agent.downline.kind.invalid': '{field} ต้องเป็น 0 (สมาชิก) หรือ {kind} (ประเภทเอเย่นต์เดียวกับคุณ)',
  'freeplay.disabled': 'ขณะนี้ยังไม่เปิดให้ทดลองเล่นฟรี',
  'password.reset.token.invalid': 'ลิงก์รีเซ็ตรหัสผ่านไม่ถูกต้อง ถูกใช้แล้ว หรือหมดอายุ กรุณาขอลิงก์ใหม่',
  'accounts.email.invalid': 'กรุณากรอกอีเมลให้ถูกต้อง ({field})',
  'accounts.icon.unknown': 'ไม่พบรูปโปรไฟล์ที่เลือก ({field})',
  'accounts.reset.email.subject': '{brand}: ตั้งรหัสผ่านใหม่',
  'accounts.reset.email.body':
    'สวัสดีคุณ {username}\n\nเราได้รับคำขอตั้งรหัสผ่านใหม่สำหรับบัญชีของคุณ กรุณาเปิดลิงก์ด้านล่างเพื่อตั้งรหัสผ่านใหม่ ลิงก์นี้ใช้ได้ครั้งเดียวภายใน {minutes} นาที\n\n{link}\n\nหากคุณไม่ได้ร้องขอ กรุณาเพิกเฉยต่ออีเมลนี้ รหัสผ่านเดิมของคุณยังใช้ได้ตามปกติ\n\n{brand}',
};

export const en: Record<keyof typeof th, string> = {
  'affiliate.code.invalid': 'Invalid invitation code',
  'agent.only': 'Non-agents cannot use this feature',
  'agent.downline.kind.invalid': '{field} must be 0 (member) or {kind} (your own agent kind)',
  'freeplay.disabled': 'Free play is not available at the moment',
  'password.reset.token.invalid': 'This password reset link is invalid, used or expired. Please ask for a new one',
  'accounts.email.invalid': 'Please enter a valid e-mail address ({field})',
  'accounts.icon.unknown': 'The chosen avatar does not exist ({field})',
  'accounts.reset.email.subject': '{brand}: reset your password',
  'accounts.reset.email.body':
    'Hello {username},\n\nWe received a request to reset the password of your account. Open the link below to choose a new one; it works once, within {minutes} minutes.\n\n{link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.\n\n{brand}',
};
