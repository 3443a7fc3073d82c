import type { Language } from '@lotus/contract';
import * as accounts from './accounts.messages.ts';
import * as agentContracts from './agent-contracts.messages.ts';
import * as agentTransfers from './agent-transfers.messages.ts';
import * as agentSettlementDesk from './agent-settlement-desk.messages.ts';
import * as agentSettlement from './agent-settlement.messages.ts';
import * as agentTeam from './agent-team.messages.ts';
import * as agents from './agents.messages.ts';
import * as backoffice from './backoffice.messages.ts';
import * as deposits from './deposits.messages.ts';
import * as betRecords from './bet-records.messages.ts';
import * as brands from './brands.messages.ts';
import * as feedback from './feedback.messages.ts';
import * as chat from './chat.messages.ts';
import * as inbox from './inbox.messages.ts';
import * as rebates from './rebates.messages.ts';
import * as promotions from './promotions.messages.ts';
import * as games from './games.messages.ts';
import * as gamesAdmin from './games-admin.messages.ts';
import * as launch from './launch.messages.ts';
import * as login from './login.messages.ts';
import * as lottery from './lottery.messages.ts';
import * as lotteryDayChanges from './lottery-day-changes.messages.ts';
import * as lotteryResults from './lottery-results.messages.ts';
import * as lotteryAdmin from './lottery-admin.messages.ts';
import * as lotteryYeekee from './lottery-yeekee.messages.ts';
import * as socialLogin from './social-login.messages.ts';
import * as push from './push.messages.ts';
import * as media from './media.messages.ts';
import * as members from './members.messages.ts';
import * as money from './money.messages.ts';
import * as register from './register.messages.ts';
import * as roles from './roles.messages.ts';
import * as siteContent from './site-content.messages.ts';
import * as withdrawals from './withdrawals.messages.ts';

/**
 * Server-side messages in TH and EN, one key set (checked by `npm run i18n:check`). Keys are error
 * codes or `validation.<zod issue code>`; {name} placeholders are substituted by `translate`.
 */
const th = {
  ...login.th,
  ...accounts.th,
  ...agents.th,
  ...agentContracts.th,
  ...agentTransfers.th,
  ...agentSettlementDesk.th,
  ...agentSettlement.th,
  ...agentTeam.th,
  ...money.th,
  ...deposits.th,
  ...withdrawals.th,
  ...backoffice.th,
  ...games.th,
  ...gamesAdmin.th,
  ...launch.th,
  ...betRecords.th,
  ...register.th,
  ...roles.th,
  ...siteContent.th,
  ...media.th,
  ...members.th,
  ...brands.th,
  ...feedback.th,
  ...chat.th,
  ...inbox.th,
  ...rebates.th,
  ...promotions.th,
  ...lottery.th,
  ...lotteryResults.th,
  ...lotteryDayChanges.th,
  ...lotteryAdmin.th,
  ...lotteryYeekee.th,
  ...socialLogin.th,
  ...push.th,
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
  'request.malformed': 'คำขอมีรูปแบบไม่ถูกต้อง',
  'request.headers.too.large': 'ที่อยู่หรือส่วนหัวของคำขอยาวเกินไป',
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
  'captcha.required': 'กรุณากรอกรหัสยืนยัน',
  'login.failed': 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง',
  'login.locked': 'เข้าสู่ระบบผิดหลายครั้งเกินไป บัญชีถูกระงับชั่วคราว กรุณาลองใหม่ในอีก {minutes} นาที',
  'member.locked': 'บัญชีของคุณถูกระงับ กรุณาติดต่อฝ่ายบริการลูกค้า',
  'member.closed': 'บัญชีนี้ถูกปิดแล้ว กรุณาติดต่อฝ่ายบริการลูกค้า',
  'member.username.taken': 'ชื่อผู้ใช้นี้ถูกใช้แล้ว กรุณาเลือกชื่ออื่น',
  'member.mobile.taken': 'หมายเลขโทรศัพท์นี้ถูกใช้ลงทะเบียนแล้ว',
  'register.field.required': 'กรุณากรอก {field}',
  'register.field.disabled': 'เว็บไซต์นี้ไม่รับข้อมูล {field}',
  'register.field.unsafe': '{field} มีอักขระที่ไม่อนุญาต (อักขระควบคุม, < หรือ >)',
  'register.password.mismatch': 'การยืนยันรหัสผ่านไม่ถูกต้อง',
  'register.birthday.invalid': 'วันเกิดไม่ถูกต้อง ({field})',
  'register.birthday.underage': 'ต้องมีอายุ {age} ปีขึ้นไปจึงจะสมัครได้',
  'sms.phone.invalid': 'รูปแบบหมายเลขโทรศัพท์ไม่ถูกต้อง ({field})',
  'sms.phone.missing': 'กรุณากรอกหมายเลขโทรศัพท์ ({field})',
  'sms.too.many.requests': 'ส่งคำขอบ่อยเกินไป กรุณาลองใหม่ในอีก 5 นาที',
  'sms.code.too.soon': 'ส่งรหัสยืนยันไปแล้ว กรุณารออีก {seconds} วินาทีก่อนขอรหัสใหม่',
  'sms.code.invalid': 'รหัสยืนยันไม่ถูกต้อง',
  'sms.code.missing': 'กรุณากรอกรหัสยืนยัน หรือขอรหัสยืนยันก่อน',
  'sms.code.expired': 'รหัสยืนยันหมดอายุแล้ว กรุณาส่งใหม่อีกครั้ง',
  'sms.captcha.failed': 'การตรวจสอบความปลอดภัยไม่สำเร็จ กรุณาลองใหม่อีกครั้ง',
  'sms.quota.insufficient': 'โควตาการส่งข้อความไม่เพียงพอ กรุณาติดต่อฝ่ายบริการลูกค้า',
  'sms.operation.disabled': 'ยังไม่เปิดใช้งานการดำเนินการนี้',
  'sms.unknown.error': 'เกิดข้อผิดพลาดที่ไม่ทราบสาเหตุ ส่งข้อความไม่สำเร็จ กรุณาลองใหม่ภายหลัง',
  'messaging.code.sms': '[{brand}] รหัสยืนยันของคุณคือ {code} ใช้ได้ภายใน {minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น',
  'messaging.code.email.subject': '{brand}: รหัสยืนยันของคุณ',
  'messaging.code.email.body':
    'รหัสยืนยันของคุณคือ {code}\n\nรหัสนี้ใช้ได้ภายใน {minutes} นาทีและใช้ได้ครั้งเดียว ห้ามบอกรหัสนี้กับผู้อื่น หากคุณไม่ได้ร้องขอ กรุณาเพิกเฉยต่ออีเมลนี้\n\n{brand}',
} as const;

export type MessageKey = keyof typeof th;

const en: Record<MessageKey, string> = {
  ...login.en,
  ...accounts.en,
  ...agents.en,
  ...agentContracts.en,
  ...agentTransfers.en,
  ...agentSettlementDesk.en,
  ...agentSettlement.en,
  ...agentTeam.en,
  ...money.en,
  ...deposits.en,
  ...withdrawals.en,
  ...backoffice.en,
  ...games.en,
  ...gamesAdmin.en,
  ...launch.en,
  ...betRecords.en,
  ...register.en,
  ...roles.en,
  ...siteContent.en,
  ...media.en,
  ...members.en,
  ...brands.en,
  ...feedback.en,
  ...chat.en,
  ...inbox.en,
  ...rebates.en,
  ...promotions.en,
  ...lottery.en,
  ...lotteryResults.en,
  ...lotteryDayChanges.en,
  ...lotteryAdmin.en,
  ...lotteryYeekee.en,
  ...socialLogin.en,
  ...push.en,
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
  'request.malformed': 'The request is malformed',
  'request.headers.too.large': 'The request address or headers are too long',
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
  'captcha.required': 'Please enter the captcha',
  'login.failed': 'Wrong username or password',
  'login.locked': 'Too many failed logins: the account is locked for now, please try again in {minutes} minutes',
  'member.locked': 'Your account is locked, please contact customer service',
  'member.closed': 'This account is closed, please contact customer service',
  'member.username.taken': 'This username is already taken, please choose another',
  'member.mobile.taken': 'This mobile number is already registered',
  'register.field.required': '{field} is required',
  'register.field.disabled': 'This site does not accept {field}',
  'register.field.unsafe': '{field} contains characters that are not allowed (control characters, < or >)',
  'register.password.mismatch': 'Incorrect confirmation input',
  'register.birthday.invalid': 'The birthday is not a valid date ({field})',
  'register.birthday.underage': 'You must be at least {age} years old to register',
  'sms.phone.invalid': 'Invalid phone format ({field})',
  'sms.phone.missing': 'Please enter the phone number ({field})',
  'sms.too.many.requests': 'Too many requests, please retry after 5 minutes',
  'sms.code.too.soon': 'A code was already sent, please wait {seconds} seconds before asking for a new one',
  'sms.code.invalid': 'Invalid verification code',
  'sms.code.missing': 'Please enter the verification code, or request one first',
  'sms.code.expired': 'The verification code has expired, please send again',
  'sms.captcha.failed': 'Captcha check failed, please try again',
  'sms.quota.insufficient': 'Message quota insufficient, please contact customer service',
  'sms.operation.disabled': 'This operation is not enabled',
  'sms.unknown.error': 'Unknown error: the message could not be sent, please try again later',
  'messaging.code.sms':
    '[{brand}] Your verification code is {code}. It is valid for {minutes} minutes. Never share it with anyone.',
  'messaging.code.email.subject': '{brand}: your verification code',
  'messaging.code.email.body':
    'Your verification code is {code}\n\nIt is valid for {minutes} minutes and can be used once. Never share it with anyone. If you did not ask for it, ignore this e-mail.\n\n{brand}',
};

export const messages: Record<Language, Record<MessageKey, string>> = { TH: th, EN: en };

/** The message for `key` in `language`, with {name} placeholders filled; unknown keys fall back to the key. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  const template =
    (messages[language] as Record<string, string>)[key] ?? (messages.EN as Record<string, string>)[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
