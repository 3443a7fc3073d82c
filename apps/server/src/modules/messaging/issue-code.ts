import { messagingErrorCodes, type CodePurpose, type Language, type MessageChannel } from '@lotus/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import type { MerchantContext } from '../merchant/index.ts';
import { generateCode, generateCodeSalt, hashCode } from './code.ts';
import type { MessageSenders } from './message-sender.ts';
import { sendMessage } from './send-message.ts';

export interface IssueCodeInput {
  db: Kysely<Database>;
  senders: MessageSenders;
  /** The merchant's `verification` settings and brand name are used. */
  merchant: Pick<MerchantContext, 'id' | 'config'>;
  channel: MessageChannel;
  /** Normalised (see destination.ts). */
  destination: string;
  purpose: CodePurpose;
  /** The member's language: the message is written in it. */
  language: Language;
  nowMs: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /**
   * False when the destination belongs to no account (password reset, SMS login): the code is stored
   * and counted exactly as a real one, so the answer and the countdown tell nothing, but no message
   * goes out. Default true.
   */
  deliver?: boolean;
}

/** After too many codes in an hour, the member is told to come back in 5 minutes (spec §8). */
const tooManyRetryAfterSeconds = 5 * 60;
const hourMs = 60 * 60 * 1000;

/**
 * Sends a new 6-digit code and answers its lifetime. Refuses (429) a second code for the same
 * destination and purpose before 60 s x expiredMinutes have passed (`sms.code.too.soon`, with the
 * seconds left), and more than `maxCodesPerHour` codes to one destination in an hour
 * (`sms.too.many.requests`, retry after 5 minutes).
 *
 * The checks and the insert run under a transaction-scoped advisory lock on the destination, so
 * concurrent requests cannot both pass them. The message is sent after the commit (no lock held over
 * the network); if the provider refuses it, the code is deleted, so the member is not made to wait
 * out a countdown for a code that never arrived.
 */
export async function issueCode(input: IssueCodeInput): Promise<{ expiredMinutes: number }> {
  const { db, merchant, channel, destination, purpose, nowMs } = input;
  const { codeExpiredMinutes: expiredMinutes, maxCodesPerHour } = merchant.config.verification;
  const code = generateCode();
  const salt = generateCodeSalt();

  const codeId = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`messaging:${merchant.id}:${destination}`}, 0))`.execute(
      trx,
    );
    const recent = await trx
      .selectFrom('verification_code')
      .select(['purpose', 'created_at'])
      .where('merchant_id', '=', merchant.id)
      .where('destination', '=', destination)
      .where('created_at', '>', new Date(nowMs - hourMs))
      .orderBy('created_at', 'desc')
      .execute();

    // Spec §4 and §9: the client counts down 60 s per expiredMinutes; the server holds the same line.
    const last = recent.find((row) => row.purpose === purpose);
    const waitMs = last ? last.created_at.getTime() + expiredMinutes * 60_000 - nowMs : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError(429, messagingErrorCodes.codeTooSoon, { params: { seconds }, retryAfterSeconds: seconds });
    }
    if (recent.length >= maxCodesPerHour) {
      throw new AppError(429, messagingErrorCodes.tooManyRequests, { retryAfterSeconds: tooManyRetryAfterSeconds });
    }

    const row = await trx
      .insertInto('verification_code')
      .values({
        merchant_id: merchant.id,
        channel,
        destination,
        purpose,
        code_hash: hashCode(salt, code),
        code_salt: salt,
        created_at: new Date(nowMs),
        expires_at: new Date(nowMs + expiredMinutes * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });

  if (input.deliver === false) return { expiredMinutes };
  const params = { brand: merchant.config.brand.name, code, minutes: expiredMinutes };
  const message =
    channel === 'sms'
      ? { channel, destination, subject: null, body: translate(input.language, 'messaging.code.sms', params) }
      : {
          channel,
          destination,
          subject: translate(input.language, 'messaging.code.email.subject', params),
          body: translate(input.language, 'messaging.code.email.body', params),
        };
  try {
    await sendMessage({
      db,
      senders: input.senders,
      merchantId: merchant.id,
      message,
      nowMs,
      ...(input.log ? { log: input.log } : {}),
    });
  } catch (error) {
    await db.deleteFrom('verification_code').where('id', '=', codeId).execute();
    throw error;
  }
  return { expiredMinutes };
}
