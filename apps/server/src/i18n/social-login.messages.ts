/**
 * Messages of social login (modules/identity/social), merged into the catalogue by messages.ts.
 * Same keys in TH and EN. {provider} is `line`, `google` or `facebook`.
 */
export const th = {
  'social.provider.disabled': 'เว็บไซต์นี้ไม่ได้เปิดการเข้าสู่ระบบด้วย {provider}',
  'social.provider.unconfigured': 'การเข้าสู่ระบบด้วย {provider} ยังไม่พร้อมใช้งาน กรุณาติดต่อฝ่ายบริการลูกค้า',
  'social.provider.unavailable': 'ไม่สามารถเชื่อมต่อ {provider} ได้ในขณะนี้ กรุณาลองใหม่ภายหลัง',
  'social.flow.invalid': 'การเข้าสู่ระบบนี้หมดอายุหรือไม่ถูกต้อง กรุณากดปุ่มเข้าสู่ระบบอีกครั้ง',
  'social.provider.denied': 'การเข้าสู่ระบบด้วย {provider} ถูกยกเลิก',
  'social.callback.failed': '{provider} ไม่ยืนยันการเข้าสู่ระบบนี้ กรุณาลองใหม่อีกครั้ง',
  'social.identity.taken': 'บัญชี {provider} นี้เชื่อมต่อกับสมาชิกคนอื่นแล้ว',
  'social.already.linked': 'บัญชีของคุณเชื่อมต่อกับ {provider} อยู่แล้ว กรุณายกเลิกการเชื่อมต่อเดิมก่อน',
  'social.registration.invalid': 'การสมัครสมาชิกนี้หมดอายุหรือถูกใช้ไปแล้ว กรุณาเข้าสู่ระบบใหม่อีกครั้ง',
  'social.unlink.last': 'ไม่สามารถยกเลิกการเชื่อมต่อ {provider} ได้ เพราะเป็นช่องทางเข้าสู่ระบบเดียวของบัญชี กรุณาตั้งรหัสผ่านก่อน',
  'social.link.not.found': 'บัญชีของคุณไม่ได้เชื่อมต่อกับ {provider}',
  'social.terms.required': 'กรุณายอมรับข้อกำหนดและเงื่อนไข ({field})',
};

export const en = {
  'social.provider.disabled': 'This site does not offer login with {provider}',
  'social.provider.unconfigured': 'Login with {provider} is not ready yet: please contact customer service',
  'social.provider.unavailable': '{provider} cannot be reached right now: please try again later',
  'social.flow.invalid': 'This login has expired or is not valid: press the login button again',
  'social.provider.denied': 'Login with {provider} was cancelled',
  'social.callback.failed': '{provider} did not confirm this login: please try again',
  'social.identity.taken': 'This {provider} account is linked to another member',
  'social.already.linked': 'Your account is already linked to {provider}: unlink it first',
  'social.registration.invalid': 'This registration has expired or was used: please log in again',
  'social.unlink.last':
    '{provider} cannot be unlinked: it is the only way to log in to this account. Set a password first',
  'social.link.not.found': 'Your account is not linked to {provider}',
  'social.terms.required': 'Please accept the terms and conditions ({field})',
};
