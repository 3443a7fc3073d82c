/**
 * Messages of the money calls (idempotency, ledger, wallets, deposits, withdrawals), merged into the
 * catalogue by messages.ts. Same keys in TH and EN.
 */
export const th = {
  'idempotency.key.invalid': 'คำขอนี้ไม่มีรหัสป้องกันการทำรายการซ้ำ (Idempotency-Key) กรุณาลองใหม่อีกครั้ง',
  'idempotency.key.reused': 'รหัสป้องกันการทำรายการซ้ำนี้ถูกใช้กับรายการอื่นไปแล้ว กรุณาทำรายการใหม่',
  'idempotency.in.progress': 'รายการนี้กำลังดำเนินการอยู่ กรุณารอสักครู่',
};

export const en: Record<keyof typeof th, string> = {
  'idempotency.key.invalid': 'This request has no valid Idempotency-Key, please try again',
  'idempotency.key.reused': 'This Idempotency-Key was already used for another request, please start a new one',
  'idempotency.in.progress': 'This request is still being processed, please wait a moment',
};
