import { PassThrough } from 'node:stream';
import { errorCodes, walletStreamEventName, walletStreamSessionEndedEventName } from '@lotus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getWalletBalance } from './get-wallet-balance.ts';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const heartbeatMs = 25_000;

/**
 * GET /wps/v2/wallets/stream: the balance now, then again after every committed change (see
 * BalanceStreams). Changes that come while a balance is being read are folded into one more read,
 * so a burst of bets costs at most two reads, and the last event always shows the last balance.
 * When the stream's session is revoked (from any instance), a last `session_ended` event says so
 * and the stream ends: the site logs the member out without waiting for its next call.
 */
export function streamBalance(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const app = request.server;
  const { merchant, member } = request;
  const stream = new PassThrough();
  let isReading = false;
  let isStale = false;
  let isClosed = false;

  const send = async () => {
    if (isReading) {
      isStale = true;
      return;
    }
    isReading = true;
    try {
      do {
        isStale = false;
        const balance = await getWalletBalance(app.db, merchant, member);
        if (!isClosed) stream.write(`event: ${walletStreamEventName}\ndata: ${JSON.stringify(balance)}\n\n`);
      } while (isStale && !isClosed);
    } catch (error) {
      request.log.warn({ err: error }, 'balance stream read failed');
    } finally {
      isReading = false;
    }
  };

  const unwatch = app.balanceStreams.watch(merchant.id, member.id, () => void send());
  const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), heartbeatMs);
  let untrack = () => {};
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    clearInterval(heartbeat);
    unwatch();
    unwatchSession();
    untrack();
    stream.end();
  };
  const unwatchSession = app.balanceStreams.watchSession(member.sessionId, () => {
    if (isClosed) return;
    stream.write(
      `event: ${walletStreamSessionEndedEventName}\ndata: ${JSON.stringify({ errorCode: errorCodes.tokenInvalid })}\n\n`,
    );
    close();
  });
  untrack = app.balanceStreams.track(close);
  request.raw.on('close', close);

  void send();
  return reply
    .header('Content-Type', 'text/event-stream; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Accel-Buffering', 'no')
    .send(stream);
}
