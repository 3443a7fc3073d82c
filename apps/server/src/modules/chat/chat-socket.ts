import {
  chatClientFrameSchema,
  chatErrorCodes,
  chatMerchantProtocolPrefix,
  chatTokenProtocolPrefix,
  type ChatSender,
  type ChatServerFrame,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import { listOperatorNames } from '../backoffice/index.ts';
import {
  getConversation,
  listMessagesAfter,
  marksOf,
  messagePageSize,
  moveMark,
  postMessage,
  type MarkColumn,
} from './conversations.ts';

/** A ping this often keeps proxies from closing an idle socket, and finds dead peers. */
export const socketPingMs = 25_000;

/**
 * `onRequest` hook of the sockets, before the guard: a browser cannot set headers on a websocket,
 * so the token (and the back-office's merchant) travel as subprotocols (contract `chatPaths`); they
 * become the `Authorization` (and `Merchant`) headers the usual guards read, and the usual 401 is
 * answered before any upgrade.
 */
export async function credentialsFromProtocols(request: FastifyRequest): Promise<void> {
  const offered = String(request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((protocol) => protocol.trim());
  const token = offered.find((protocol) => protocol.startsWith(chatTokenProtocolPrefix));
  const merchant = offered.find((protocol) => protocol.startsWith(chatMerchantProtocolPrefix));
  if (token && request.headers.authorization === undefined)
    request.headers.authorization = token.slice(chatTokenProtocolPrefix.length);
  if (merchant && request.headers.merchant === undefined)
    request.headers.merchant = merchant.slice(chatMerchantProtocolPrefix.length);
}

/** Who is on this socket: the member's (or visitor's) side, or an operator. */
export interface SocketParty {
  side: 'member' | 'operator';
  sender: ChatSender;
  operatorId: bigint | null;
}

const markColumns: Record<SocketParty['side'], { delivered: MarkColumn; read: MarkColumn }> = {
  member: { delivered: 'member_delivered_up_to', read: 'member_read_up_to' },
  operator: { delivered: 'operator_delivered_up_to', read: 'operator_read_up_to' },
};

/**
 * Serves one socket: the conversation's messages after `afterId` (the last the client has), then
 * each new one as it is committed, from any instance (ChatHub); the marks and status when they
 * change; and the client's `send` and `read` frames. Every read comes from the database and only
 * ids above the last sent are sent, so a reconnecting client that names its last id gets exactly
 * what it missed. An operator's socket also hears `queue` whenever any of the merchant's
 * conversations changes (`conversationId` null: the queue only).
 */
export function serveChatSocket(
  socket: WebSocket,
  request: FastifyRequest,
  input: {
    merchantId: number;
    conversationId: bigint | null;
    afterId: bigint;
    party: SocketParty;
    /** A member's session: the socket ends when it is revoked (any instance). */
    sessionId: bigint | null;
    /**
     * An operator's: whether the session still admits the socket (logged out, revoked, timed out, role
     * changed: false), asked before every frame the client sends and at every ping; false ends it (4001).
     */
    stillAdmitted: (() => Promise<boolean>) | null;
  },
): void {
  const app = request.server;
  const { merchantId, conversationId, party } = input;
  const language = request.language;
  let lastSentId = input.afterId;
  let lastMarks = '';
  let lastStatus = '';
  let isClosed = false;

  const sendFrame = (frame: ChatServerFrame) => {
    if (!isClosed && socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const sendError = (error: unknown, clientId?: string) => {
    if (error instanceof AppError)
      sendFrame({
        type: 'error',
        errorCode: error.errorCode,
        message: translate(language, error.options.messageKey ?? error.errorCode, error.options.params),
        ...(clientId === undefined ? {} : { clientId }),
      });
    else request.log.warn({ err: error }, 'chat socket failed');
  };

  const sync = folded(async () => {
    if (conversationId === null) return;
    for (;;) {
      const messages = await listMessagesAfter(app.db, {
        merchantId,
        conversationId,
        afterId: lastSentId,
        limit: messagePageSize,
        withOperatorNames: party.side === 'operator',
      });
      if (isClosed) return;
      let lastOtherId = 0n;
      for (const message of messages) {
        sendFrame({ type: 'message', message });
        lastSentId = BigInt(message.id);
        if ((message.sender === 'operator') !== (party.side === 'operator')) lastOtherId = lastSentId;
      }
      // Delivered: the other side's messages reached this side's open socket.
      if (lastOtherId > 0n)
        await moveMark(app.db, {
          merchantId,
          conversationId,
          column: markColumns[party.side].delivered,
          upToId: lastOtherId,
        });
      if (messages.length < messagePageSize) break;
    }
    const conversation = await getConversation(app.db, merchantId, conversationId);
    const marks = marksOf(conversation);
    if (JSON.stringify(marks) !== lastMarks) {
      lastMarks = JSON.stringify(marks);
      sendFrame({ type: 'marks', marks });
    }
    const status = `${conversation.status}:${conversation.assigned_operator_id}`;
    if (status !== lastStatus) {
      lastStatus = status;
      const names =
        party.side === 'operator' && conversation.assigned_operator_id !== null
          ? await listOperatorNames(app.db, [conversation.assigned_operator_id])
          : new Map<bigint, string>();
      sendFrame({
        type: 'status',
        status: conversation.status,
        assignedOperatorName:
          conversation.assigned_operator_id === null ? null : (names.get(conversation.assigned_operator_id) ?? null),
      });
    }
  }, sendError);

  const unwatch = conversationId === null ? () => {} : app.chatHub.watchConversation(conversationId, () => void sync());
  const unwatchQueue =
    party.side === 'operator' ? app.chatHub.watchQueue(merchantId, () => sendFrame({ type: 'queue' })) : () => {};
  const unwatchSession =
    input.sessionId === null ? () => {} : app.balanceStreams.watchSession(input.sessionId, () => close(4001));
  /** Whether the socket may go on; ends it (4001, as a revoked member session) when not. */
  const admitted = async (): Promise<boolean> => {
    if (input.stillAdmitted === null || (await input.stillAdmitted())) return true;
    close(4001);
    return false;
  };
  let isAlive = true;
  const ping = setInterval(() => {
    if (!isAlive) return socket.terminate();
    isAlive = false;
    socket.ping();
    admitted().catch((error: unknown) => request.log.warn({ err: error }, 'chat socket: session check failed'));
  }, socketPingMs);
  socket.on('pong', () => (isAlive = true));
  // At shutdown every socket ends, so the server drains; clients reconnect with their last id.
  const untrack = app.balanceStreams.track(() => close(1012));

  function close(code: number) {
    if (isClosed) return;
    isClosed = true;
    clearInterval(ping);
    unwatch();
    unwatchQueue();
    unwatchSession();
    untrack();
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code);
  }
  socket.on('close', () => close(1000));
  socket.on('error', () => close(1011));

  // A socket's frames are handled one after another, so its messages get ids in the order it sent them.
  let frames = Promise.resolve();
  socket.on('message', (data) => {
    frames = frames.then(async () => {
      let frame;
      try {
        frame = chatClientFrameSchema.parse(JSON.parse(String(data)));
      } catch {
        return sendError(new AppError(400, chatErrorCodes.frameInvalid));
      }
      if (conversationId === null) return sendError(new AppError(404, chatErrorCodes.conversationNotFound));
      try {
        if (!(await admitted())) return;
        if (frame.type === 'read') {
          await moveMark(app.db, {
            merchantId,
            conversationId,
            column: markColumns[party.side].read,
            upToId: BigInt(frame.upToId),
          });
          return;
        }
        await postMessage(app.db, {
          merchantId,
          conversationId,
          sender: party.sender,
          operatorId: party.operatorId,
          text: frame.text ?? null,
          imageId: frame.imageId === undefined ? null : BigInt(frame.imageId),
          clientId: frame.clientId,
          nowMs: app.now(),
        });
        // The message comes back to this socket (and every other) through the notification; a
        // replayed clientId wrote nothing, and the client already has or will get the first one.
      } catch (error) {
        sendError(error, frame.type === 'send' ? frame.clientId : undefined);
      }
    });
  });

  void sync();
}

/** `work` never twice at once: calls while it runs fold into one more run, which sees the last state. */
function folded(work: () => Promise<void>, onError: (error: unknown) => void): () => Promise<void> {
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
      } while (isStale);
    } catch (error) {
      onError(error);
    } finally {
      isRunning = false;
    }
  };
}
