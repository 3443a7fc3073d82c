import { randomUUID } from 'node:crypto';
import {
  transferVendorAnswerSchemas,
  transferVendorErrorCodes,
  type TransferVendorAnswer,
  type TransferVendorCall,
  type TransferVendorRequest,
} from '@lotus/contract';
import { signBody } from '../seamless-wallet/index.ts';

/**
 * What the platform asks a transfer-mode vendor (the protocol in packages/contract/src/transfer-vendor.ts).
 * Every method either answers, or throws `VendorRefusal` (the vendor answered an error: the call
 * did not take effect), or throws `VendorUnreachable` (no usable answer: the call may or may not have
 * taken effect, and only a status query can tell).
 */
export interface TransferVendorClient {
  call<C extends TransferVendorCall>(
    call: C,
    body: Omit<TransferVendorRequest<C>, 'requestId' | 'timestamp'>,
  ): Promise<TransferVendorAnswer<C>>;
}

export class VendorRefusal extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
  ) {
    super(`vendor refused: ${errorCode} ${message}`);
  }
}

export class VendorUnreachable extends Error {}

/** Error codes after which a money call's fate is still unknown (a status query decides). */
export const unknownOutcomeCodes: ReadonlySet<string> = new Set([transferVendorErrorCodes.duplicateReference]);

export interface HttpClientOptions {
  apiUrl: string;
  secret: string;
  nowMs: () => number;
  /** A call that has not answered by then is unreachable (its fate is asked later). */
  timeoutMs?: number;
}

/** The real client: signed JSON over HTTP. */
export function httpTransferVendorClient(options: HttpClientOptions): TransferVendorClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async call(call, fields) {
      const raw = JSON.stringify({ requestId: randomUUID(), timestamp: options.nowMs(), ...fields });
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${options.apiUrl}/transfer-api/${call}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': signBody(options.secret, raw) },
          body: raw,
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        throw new VendorUnreachable(`${call}: ${(error as Error).message}`);
      }
      let envelope: { success?: unknown; value?: unknown; errorCode?: unknown; message?: unknown };
      try {
        envelope = JSON.parse(text) as typeof envelope;
      } catch {
        throw new VendorUnreachable(`${call}: HTTP ${response.status}, not JSON`);
      }
      if (envelope.success === true) {
        const parsed = transferVendorAnswerSchemas[call].safeParse(envelope.value);
        if (!parsed.success) throw new VendorUnreachable(`${call}: answer not in the protocol's shape`);
        return parsed.data as TransferVendorAnswer<typeof call>;
      }
      // A 5xx, or an error without a code, says nothing about whether the call took effect.
      if (response.status >= 500 || typeof envelope.errorCode !== 'string') {
        throw new VendorUnreachable(`${call}: HTTP ${response.status}`);
      }
      throw new VendorRefusal(envelope.errorCode, typeof envelope.message === 'string' ? envelope.message : '');
    },
  };
}

export type TransferVendorClientWrapper = (
  integration: { code: string },
  client: TransferVendorClient,
) => TransferVendorClient;

/** A client that refuses every call: an integration without an address or secret cannot be reached. */
const unreachableClient: TransferVendorClient = {
  call: (call) => Promise.reject(new VendorUnreachable(`${call}: the integration has no address or secret`)),
};

/** The app's client factory (`app.transferVendorClient`). */
export function createTransferVendorClients(options: {
  nowMs: () => number;
  wrap?: TransferVendorClientWrapper | undefined;
}) {
  return (integration: { code: string; apiUrl: string | null; secret: string | null }): TransferVendorClient => {
    const client =
      integration.apiUrl === null || integration.secret === null
        ? unreachableClient
        : httpTransferVendorClient({ apiUrl: integration.apiUrl, secret: integration.secret, nowMs: options.nowMs });
    return options.wrap ? options.wrap(integration, client) : client;
  };
}
