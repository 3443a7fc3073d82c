import type { Language } from '@lotus/contract';

/**
 * Server-side messages in TH and EN, one key set (checked by `npm run i18n:check`). Keys are error
 * codes or `validation.<zod issue code>`; {name} placeholders are substituted by `translate`.
 */
const th = {
  'validation.failed': 'ข้อมูลไม่ถูกต้อง: {field}',
  'validation.required': 'กรุณากรอก {field}',
  'validation.invalid_type': '{field} มีชนิดข้อมูลไม่ถูกต้อง',
  'validation.too_small': '{field} ต้องมีอย่างน้อย {minimum} ตัวอักษร',
  'validation.too_small.number': '{field} ต้องไม่น้อยกว่า {minimum}',
  'validation.too_big': '{field} ต้องมีไม่เกิน {maximum} ตัวอักษร',
  'validation.too_big.number': '{field} ต้องไม่เกิน {maximum}',
  'validation.invalid_format': 'รูปแบบของ {field} ไม่ถูกต้อง',
  'validation.invalid_value': 'ค่าของ {field} ไม่ถูกต้อง',
  'validation.unrecognized_keys': 'ไม่รู้จักช่องข้อมูล {field}',
  'request.body.malformed': 'รูปแบบข้อมูลที่ส่งมาไม่ถูกต้อง (JSON ไม่สมบูรณ์)',
  'request.body.too.large': 'ข้อมูลที่ส่งมามีขนาดใหญ่เกินไป',
  'request.content.type.unsupported': 'ไม่รองรับชนิดข้อมูลที่ส่งมา',
  'not.found': 'ไม่พบสิ่งที่ร้องขอ',
  'method.not.allowed': 'ไม่อนุญาตให้ใช้วิธีนี้กับที่อยู่นี้',
  'merchant.unknown': 'ไม่พบเว็บไซต์ที่ร้องขอ กรุณาตรวจสอบที่อยู่เว็บไซต์',
  'merchant.disabled': 'เว็บไซต์นี้ปิดให้บริการชั่วคราว',
  TOO_MANY_REQUESTS: 'ส่งคำขอบ่อยเกินไป กรุณาลองใหม่ในอีก {seconds} วินาที',
  'system.maintenance': 'ระบบกำลังปรับปรุง',
  'ip.restricted': 'การเข้าถึงถูกจำกัดตาม IP หรือภูมิภาค',
  'user.or.token.invalid': 'กรุณาเข้าสู่ระบบ',
  'internal.error': 'เครือข่ายขัดข้อง กรุณาลองใหม่อีกครั้ง',
  'service.unavailable': 'บริการไม่พร้อมใช้งานชั่วคราว กรุณาลองใหม่อีกครั้ง',
  'payload.encryption.invalid': 'ข้อมูลที่เข้ารหัสไม่ถูกต้อง ({field}) กรุณาลองใหม่อีกครั้ง',
  'payload.encryption.key.unknown': 'กุญแจเข้ารหัสหมดอายุแล้ว กรุณาลองใหม่อีกครั้ง',
  'payload.encryption.expired': 'คำขอหมดอายุ กรุณาตรวจสอบวันและเวลาของอุปกรณ์แล้วลองใหม่อีกครั้ง',
  'payload.encryption.replayed': 'คำขอนี้ถูกส่งไปแล้ว',
  'slider.check.failed': 'การยืนยันตัวตนไม่สำเร็จ กรุณาเลื่อนชิ้นส่วนใหม่อีกครั้ง',
  'slider.token.invalid': 'การยืนยันด้วยการเลื่อนหมดอายุหรือถูกใช้แล้ว กรุณายืนยันใหม่อีกครั้ง',
  'captcha.invalid': 'รหัสยืนยันไม่ถูกต้องหรือหมดอายุ กรุณากรอกรหัสใหม่',
} as const;

export type MessageKey = keyof typeof th;

const en: Record<MessageKey, string> = {
  'validation.failed': 'Invalid input: {field}',
  'validation.required': '{field} is required',
  'validation.invalid_type': '{field} has the wrong type',
  'validation.too_small': '{field} must be at least {minimum} characters',
  'validation.too_small.number': '{field} must be at least {minimum}',
  'validation.too_big': '{field} must be at most {maximum} characters',
  'validation.too_big.number': '{field} must be at most {maximum}',
  'validation.invalid_format': '{field} has an invalid format',
  'validation.invalid_value': '{field} has an invalid value',
  'validation.unrecognized_keys': 'Unknown field {field}',
  'request.body.malformed': 'The request body is not valid JSON',
  'request.body.too.large': 'The request body is too large',
  'request.content.type.unsupported': 'This content type is not supported',
  'not.found': 'Not found',
  'method.not.allowed': 'This method is not allowed on this path',
  'merchant.unknown': 'Unknown site: check the site address',
  'merchant.disabled': 'This site is temporarily closed',
  TOO_MANY_REQUESTS: 'Too many requests, please try again in {seconds} seconds',
  'system.maintenance': 'System maintenance',
  'ip.restricted': 'Access is restricted by IP or region',
  'user.or.token.invalid': 'Please log in',
  'internal.error': 'Network link abnormal, please try again',
  'service.unavailable': 'The service is temporarily unavailable, please try again',
  'payload.encryption.invalid': 'The encrypted request is invalid ({field}), please try again',
  'payload.encryption.key.unknown': 'The encryption key has expired, please try again',
  'payload.encryption.expired': 'The request has expired: check the date and time of your device and try again',
  'payload.encryption.replayed': 'This request was already sent',
  'slider.check.failed': 'Verification failed, please slide the piece again',
  'slider.token.invalid': 'The slider verification has expired or was already used, please verify again',
  'captcha.invalid': 'The captcha is wrong or has expired, please enter the new one',
};

export const messages: Record<Language, Record<MessageKey, string>> = { TH: th, EN: en };

/** The message for `key` in `language`, with {name} placeholders filled; unknown keys fall back to the key. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = (messages[language] as Record<string, string>)[key] ?? (messages.EN as Record<string, string>)[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
