import { messagingErrorCodes, type CodePurpose, type MessageChannel } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { hashCode } from './code.ts';

export interface VerifyCodeInput {
  db: Kysely<Database>;
  merchantId: number;
  channel: MessageChannel;
  /** Normalised (see destination.ts). */
  destination: string;
  purpose: CodePurpose;
  /** As the member typed it. */
  code: string | null | undefined;
  nowMs: number;
  /** The field the code came in, named by the errors. Default `verificationCode`. */
  field?: string;
}

/** Wrong tries a code survives; the next try, right or wrong, finds it dead. */
export const maxCodeAttempts = 5;

/**
 * Spends the newest code sent to this destination for this purpose, or throws: no code typed or
 * none sent (`sms.code.missing`), wrong (`sms.code.invalid`, counted), used, expired or dead after
 * 5 wrong tries (`sms.code.expired`). All 400, naming the field.
 *
 * Single use without a read-then-write: the spend is one conditional UPDATE (unspent, unexpired,
 * under the try limit, matching hash), so of two concurrent submits of one code exactly one passes.
 * A miss counts a try with a second conditional UPDATE under the same conditions.
 */
export async function verifyCode({
  db,
  merchantId,
  channel,
  destination,
  purpose,
  code,
  nowMs,
  field = 'verificationCode',
}: VerifyCodeInput): Promise<void> {
  const typed = (code ?? '').trim();
  if (typed === '') throw codeError(messagingErrorCodes.codeMissing, field);

  // Only the newest code counts: sending a new one retires the ones before it.
  const newest = await db
    .selectFrom('verification_code')
    .select(['id', 'code_salt'])
    .where('merchant_id', '=', merchantId)
    .where('channel', '=', channel)
    .where('destination', '=', destination)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) throw codeError(messagingErrorCodes.codeMissing, field);

  const now = new Date(nowMs);
  const live = (query: ReturnType<typeof spendQuery>) =>
    query
      .where('id', '=', newest.id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .where('attempts', '<', maxCodeAttempts);
  const spendQuery = () => db.updateTable('verification_code');

  // A typed value that is not 6 digits cannot match; it still counts as a try.
  const spent = /^\d{6}$/.test(typed)
    ? await live(spendQuery().set({ consumed_at: now }))
        .where('code_hash', '=', hashCode(newest.code_salt, typed))
        .returning('id')
        .executeTakeFirst()
    : undefined;
  if (spent) return;

  const counted = await live(spendQuery().set((eb) => ({ attempts: eb('attempts', '+', 1) })))
    .returning('attempts')
    .executeTakeFirst();
  throw codeError(counted ? messagingErrorCodes.codeInvalid : messagingErrorCodes.codeExpired, field);
}

function codeError(code: string, field: string): AppError {
  return new AppError(400, code, { field });
}
