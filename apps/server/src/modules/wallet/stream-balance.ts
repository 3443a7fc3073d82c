import { PassThrough } from 'node:stream';
import {
  errorCodes,
  trialMemberType,
  walletStreamEventName,
  walletStreamRewardsEventName,
  walletStreamSessionEndedEventName,
  walletStreamUnreadEventName,
  type WalletStreamRewards,
  type WalletStreamUnread,
} from '@lotus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countUnreadMessages } from '../inbox/index.ts';
import { getWalletBalance } from './get-wallet-balance.ts';

/**
 * What the stream shows from modules above the wallet, handed in by modules/routes.ts: the counter of
 * a member's claimable rewards (modules/promotions), made once per stream, each call one count.
 */
export interface StreamSources {
  claimableRewardsCounter: (
    db: Kysely<Database>,
    member: { merchantId: number; memberId: bigint },
    now: () => number,
  ) => () => Promise<number>;
}

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const heartbeatMs = 25_000;

/**
 * GET /wps/v2/wallets/stream: the balance now, then again after every committed change (see
 * BalanceStreams). Changes that come while a balance is being read are folded into one more read,
 * so a burst of bets costs at most two reads, and the last event always shows the last balance.
 * When the stream's session is revoked (from any instance), a last `session_ended` event says so
 * and the stream ends: the site logs the member out without waiting for its next call. An `unread`
 * event carries the member's unread inbox messages, and a `rewards` event its claimable rewards, when
 * the stream opens and whenever they change.
 */
export function streamBalance(request: FastifyRequest, reply: FastifyReply, sources: StreamSources): FastifyReply {
  const app = request.server;
  const { merchant, member } = request;
  const stream = new PassThrough();
  let isClosed = false;

  const send = folded(
    async () => {
      const balance = await getWalletBalance(app.db, merchant, member);
      if (!isClosed) stream.write(`event: ${walletStreamEventName}\ndata: ${JSON.stringify(balance)}\n\n`);
    },
    request,
    () => isClosed,
  );
  // The inbox's unread count (a trial account has no inbox): sent when the stream opens and again
  // whenever it changes, so the header's badge follows new, read and deleted messages at once.
  let lastUnread: number | null = null;
  const sendUnread = folded(
    async () => {
      const unreadCount = await countUnreadMessages(app.db, { merchantId: merchant.id, memberId: member.id });
      if (isClosed || unreadCount === lastUnread) return;
      lastUnread = unreadCount;
      const data: WalletStreamUnread = { unreadCount };
      stream.write(`event: ${walletStreamUnreadEventName}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    request,
    () => isClosed,
  );
  // A trial account has no inbox and takes part in no promotion: its stream carries balances only.
  const isRealMember = member.isAgent !== trialMemberType;
  // The claimable rewards, the same way: sent when the stream opens and again whenever they change,
  // so the reward centre and its badge follow a reward issued, claimed or expired at once.
  const countClaimable = sources.claimableRewardsCounter(app.db, { merchantId: merchant.id, memberId: member.id }, () =>
    app.now(),
  );
  let lastClaimable: number | null = null;
  const sendRewards = folded(
    async () => {
      const claimableCount = await countClaimable();
      if (isClosed || claimableCount === lastClaimable) return;
      lastClaimable = claimableCount;
      const data: WalletStreamRewards = { claimableCount };
      stream.write(`event: ${walletStreamRewardsEventName}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    request,
    () => isClosed,
  );

  const unwatch = app.balanceStreams.watch(merchant.id, member.id, () => void send());
  const unwatchInbox = isRealMember
    ? app.balanceStreams.watchInbox(merchant.id, member.id, () => void sendUnread())
    : () => {};
  const unwatchRewards = isRealMember
    ? app.balanceStreams.watchRewards(merchant.id, member.id, () => void sendRewards())
    : () => {};
  const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), heartbeatMs);
  let untrack = () => {};
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    clearInterval(heartbeat);
    unwatch();
    unwatchInbox();
    unwatchRewards();
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
  if (isRealMember) {
    void sendUnread();
    void sendRewards();
  }
  return reply
    .header('Content-Type', 'text/event-stream; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Accel-Buffering', 'no')
    .send(stream);
}

/**
 * `work` run on each call, but never twice at once: calls that come while it runs are folded into
 * one more run, so a burst of changes costs at most two reads and the last run sees the last state.
 */
function folded(work: () => Promise<void>, request: FastifyRequest, isDone: () => boolean): () => Promise<void> {
  let isRunning = false;
  let isStale = false;
  return async () => {
    if (isRunning) {
      isStale = true;
      return;
    }
    isRunning = true;
    try {
      do {
        isStale = false;
        await work();
      } while (isStale && !isDone());
    } catch (error) {
      request.log.warn({ err: error }, 'balance stream read failed');
    } finally {
      isRunning = false;
    }
  };
}
