import { messagingErrorCodes } from '@lotus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { DeliveryError, type MessageSenders, type OutgoingMessage } from './message-sender.ts';

export interface SendMessageInput {
  db: Kysely<Database>;
  senders: MessageSenders;
  merchantId: number;
  message: OutgoingMessage;
  nowMs: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Hands a message to its channel's provider and records it in the outbox with the outcome, so
 * operators see every message whichever provider carried it. A refusal is answered as
 * `sms.quota.insufficient` (503) or `sms.unknown.error` (502), never a 500. The log names the
 * destination and the reason only: the body holds the code.
 */
export async function sendMessage({ db, senders, merchantId, message, nowMs, log }: SendMessageInput): Promise<void> {
  const sender = senders[message.channel];
  let failure: DeliveryError | null = null;
  try {
    await sender.send(message);
  } catch (error) {
    failure = error instanceof DeliveryError ? error : new DeliveryError(`provider error: ${(error as Error).name}`);
  }
  await db
    .insertInto('outbox_message')
    .values({
      merchant_id: merchantId,
      channel: message.channel,
      destination: message.destination,
      subject: message.subject,
      body: message.body,
      created_at: new Date(nowMs),
      delivered_via: sender.via,
      delivery_status: failure ? 'failed' : 'sent',
      error: failure?.reason ?? null,
    })
    .execute();
  if (failure) {
    log?.warn({ channel: message.channel, via: sender.via, reason: failure.reason }, 'message delivery failed');
    throw failure.isQuotaExhausted
      ? new AppError(503, messagingErrorCodes.quotaInsufficient)
      : new AppError(502, messagingErrorCodes.unknownError);
  }
}
