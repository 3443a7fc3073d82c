/**
 * Messages of the login calls of modules/identity, merged into the catalogue by messages.ts. Kept in
 * their own file so that work on different calls does not edit one file. Same keys in TH and EN.
 */
export const th = {
  'login.remember.invalid': 'การจดจำการเข้าสู่ระบบหมดอายุแล้ว กรุณากรอกรหัสผ่าน',
  login_verify_required: 'กรุณายืนยันตัวตนเพื่อเข้าสู่ระบบจากอุปกรณ์หรือเครือข่ายนี้',
  'login.verify.expired': 'การยืนยันตัวตนหมดอายุหรือถูกใช้ไปแล้ว กรุณาเข้าสู่ระบบใหม่อีกครั้ง',
  'login.verify.failed': 'ข้อมูลยืนยันตัวตนไม่ถูกต้อง ({field})',
  'member.trial.forbidden': 'กรุณาสมัครบัญชีจริงก่อนใช้งานส่วนนี้',
  'password.change.required': 'กรุณาเปลี่ยนรหัสผ่านก่อนใช้งานต่อ',
  'password.old.invalid': 'รหัสผ่านเดิมไม่ถูกต้อง',
  'password.unchanged': 'รหัสผ่านใหม่ต้องไม่ซ้ำกับรหัสผ่านเดิม',
  'totp.invalid': 'รหัสจากแอปยืนยันตัวตนไม่ถูกต้อง กรุณาลองใหม่',
  'totp.already.enabled': 'เปิดใช้งานการยืนยันตัวตนสองขั้นตอนอยู่แล้ว กรุณาปิดก่อนเชื่อมต่อแอปใหม่',
};

export const en: Record<keyof typeof th, string> = {
  'login.remember.invalid': 'Your remembered login has expired, please enter your password',
  login_verify_required: 'Please verify it is you to log in from this device or network',
  'login.verify.expired': 'The verification has expired or was already used, please log in again',
  'login.verify.failed': 'The verification answer is wrong ({field})',
  'member.trial.forbidden': 'Please Register An Account First',
  'password.change.required': 'Please change your password before you continue',
  'password.old.invalid': 'The old password is wrong',
  'password.unchanged': 'The new password must be different from the old one',
  'totp.invalid': 'The authenticator code is wrong, please try again',
  'totp.already.enabled': 'Two-factor login is already on: switch it off before connecting another authenticator app',
};
