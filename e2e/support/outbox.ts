import { apiPaths, type DevOutboxMessage } from '@lotus/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import { callApi } from './api.ts';

/**
 * The test outbox (GET /wps/dev/outbox?to=), where the SMS and e-mail codes can be read. The server
 * serves it only with CHALLENGE_BYPASS=1 (playwright.config.ts).
 */

/** How the server keys an outbox destination: +66 and the number without its trunk 0. */
export const outboxAddress = (mobile: string) => `+66${mobile.replace(/^0/, '')}`;

/** Several engines share this machine; a message can take longer than the default 5 s to land. */
const outboxTimeoutMs = 15_000;

/** The messages sent to `to` (a `+66…` address or an e-mail address), newest first. */
export async function readOutbox(request: APIRequestContext, to: string): Promise<DevOutboxMessage[]> {
  return callApi<DevOutboxMessage[]>(request, 'GET', `${apiPaths.devOutbox}?to=${encodeURIComponent(to)}`);
}

/** Waits for the `count`-th message to `to` (newest first) and returns the newest. */
export async function waitForMessage(request: APIRequestContext, to: string, count: number): Promise<DevOutboxMessage> {
  let messages: DevOutboxMessage[] = [];
  await expect
    .poll(async () => (messages = await readOutbox(request, to)).length, {
      message: `message ${count} to ${to}`,
      timeout: outboxTimeoutMs,
    })
    .toBeGreaterThanOrEqual(count);
  return messages[0]!;
}

/** The newest code sent to `to` once it has received `count` messages. */
export async function waitForCode(request: APIRequestContext, to: string, count: number): Promise<string> {
  return (await waitForMessage(request, to, count)).code!;
}
