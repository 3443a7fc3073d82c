import type { MessageChannel } from '@lotus/contract';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import type { DeliveredVia } from './messaging.tables.ts';

/** One message to one member. `destination` is normalised (`+66812345678` or a lower-cased address). */
export interface OutgoingMessage {
  channel: MessageChannel;
  destination: string;
  subject: string | null;
  body: string;
}

/**
 * The refusal a provider reports. `reason` is what operators see in the outbox: the provider's
 * status and answer, never a secret. `isQuotaExhausted` marks an account out of credit.
 */
export class DeliveryError extends Error {
  constructor(
    readonly reason: string,
    readonly isQuotaExhausted = false,
  ) {
    super(reason);
    this.name = 'DeliveryError';
  }
}

/** A provider. `send` resolves once the provider has taken the message and throws DeliveryError if it has not. */
export interface MessageSender {
  /** Recorded with each message in the outbox. */
  readonly via: DeliveredVia;
  send(message: OutgoingMessage): Promise<void>;
}

/** One provider per channel, chosen from the settings. */
export interface MessageSenders {
  sms: MessageSender;
  email: MessageSender;
}

/** Delivers nothing: the outbox row (written for every message anyway) is the delivery. The default. */
export const outboxSender: MessageSender = { via: 'outbox', send: async () => {} };

/** Responses from the gateway are cut to this length before they are stored. */
const maxReasonLength = 300;
/** A provider that does not answer within this time counts as failed (the member may ask again). */
const providerTimeoutMs = 10_000;

/**
 * An HTTP SMS gateway: POST `{ to, text }` as JSON with `Authorization: Bearer <token>`. Any 2xx is
 * taken; anything else fails, 402 as out of credit.
 */
export function createHttpSmsSender(options: { url: string; token: string | undefined }): MessageSender {
  return {
    via: 'sms-gateway',
    async send(message) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ to: message.destination, text: message.body }),
          signal: AbortSignal.timeout(providerTimeoutMs),
        });
      } catch (error) {
        // The URL is not repeated: it may carry credentials in its query.
        throw new DeliveryError(`gateway unreachable: ${(error as Error).name}`);
      }
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const answer = (await response.text().catch(() => '')).slice(0, maxReasonLength);
      throw new DeliveryError(
        `gateway answered ${response.status}${answer ? `: ${answer}` : ''}`,
        response.status === 402,
      );
    },
  };
}

/** E-mail through an SMTP server (nodemailer). The URL holds the credentials and is never logged or stored. */
export function createSmtpSender(options: { url: string; from: string }): MessageSender {
  const transport = nodemailer.createTransport(options.url);
  return {
    via: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({
          from: options.from,
          to: message.destination,
          subject: message.subject ?? '',
          text: message.body,
        });
      } catch (error) {
        const { responseCode, code } = error as { responseCode?: number; code?: string };
        // nodemailer's message may quote the server; it never includes the password.
        throw new DeliveryError(
          `smtp ${responseCode ?? code ?? 'error'}: ${(error as Error).message}`.slice(0, maxReasonLength),
        );
      }
    },
  };
}

export function createMessageSenders(
  config: Pick<
    AppConfig,
    'SMS_PROVIDER' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_TOKEN' | 'EMAIL_PROVIDER' | 'SMTP_URL' | 'EMAIL_FROM'
  >,
): MessageSenders {
  return {
    sms:
      config.SMS_PROVIDER === 'http' && config.SMS_GATEWAY_URL
        ? createHttpSmsSender({ url: config.SMS_GATEWAY_URL, token: config.SMS_GATEWAY_TOKEN })
        : outboxSender,
    email:
      config.EMAIL_PROVIDER === 'smtp' && config.SMTP_URL
        ? createSmtpSender({ url: config.SMTP_URL, from: config.EMAIL_FROM })
        : outboxSender,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The providers chosen by SMS_PROVIDER and EMAIL_PROVIDER; pass to issueCode. */
    messageSenders: MessageSenders;
  }
}
