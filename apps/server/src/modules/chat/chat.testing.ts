/** For tests only (never imported by the server): a chat websocket read as a client does. */
import {
  chatMerchantProtocolPrefix,
  chatSocketProtocol,
  chatTokenProtocolPrefix,
  type ChatServerFrame,
} from '@lotus/contract';
import { WebSocket } from 'ws';

export interface ChatTestSocket {
  /** The next frame that `accept` takes (earlier ones are dropped); throws when the socket closes first. */
  next<T extends ChatServerFrame>(accept: (frame: ChatServerFrame) => frame is T): Promise<T>;
  /** Every frame received so far. */
  frames: ChatServerFrame[];
  send(frame: unknown): void;
  close(): Promise<void>;
  /** The close code, once the socket has closed (either side). */
  closed: Promise<number>;
}

export type OpenResult = { socket: ChatTestSocket } | { refusedStatus: number };

/**
 * Opens a chat socket at `url` (`ws://...`) with the credentials as subprotocols, as the site and
 * the back-office do; answers the HTTP status when the upgrade is refused.
 */
export function openChatSocket(
  url: string,
  input: { token?: string; merchant?: string; headerMerchant?: string },
): Promise<OpenResult> {
  const protocols = [
    chatSocketProtocol,
    ...(input.token ? [`${chatTokenProtocolPrefix}${input.token}`] : []),
    ...(input.merchant ? [`${chatMerchantProtocolPrefix}${input.merchant}`] : []),
  ];
  const ws = new WebSocket(url, protocols, {
    headers: input.headerMerchant ? { Merchant: input.headerMerchant } : {},
  });
  const frames: ChatServerFrame[] = [];
  let readIndex = 0;
  let wake: (() => void) | null = null;
  let isClosed = false;
  const closed = new Promise<number>((resolveClosed) => ws.on('close', (code) => resolveClosed(code)));
  ws.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as ChatServerFrame);
    wake?.();
  });
  ws.on('close', () => {
    isClosed = true;
    wake?.();
  });
  return new Promise((resolve, reject) => {
    ws.on('unexpected-response', (_request, response) => {
      resolve({ refusedStatus: response.statusCode ?? 0 });
      response.resume();
      ws.terminate();
    });
    ws.on('error', (error) => reject(error));
    ws.on('open', () =>
      resolve({
        socket: {
          frames,
          closed,
          async next(accept) {
            for (;;) {
              while (readIndex < frames.length) {
                const frame = frames[readIndex++]!;
                if (accept(frame)) return frame;
              }
              if (isClosed) throw new Error('socket closed');
              await new Promise<void>((resolveWake) => (wake = resolveWake));
              wake = null;
            }
          },
          send: (frame) => ws.send(JSON.stringify(frame)),
          close: () =>
            new Promise<void>((resolveClose) => {
              if (isClosed) return resolveClose();
              ws.once('close', () => resolveClose());
              ws.close();
            }),
        },
      }),
    );
  });
}

export const isMessage = (frame: ChatServerFrame): frame is Extract<ChatServerFrame, { type: 'message' }> =>
  frame.type === 'message';
export const isMarks = (frame: ChatServerFrame): frame is Extract<ChatServerFrame, { type: 'marks' }> =>
  frame.type === 'marks';
export const isError = (frame: ChatServerFrame): frame is Extract<ChatServerFrame, { type: 'error' }> =>
  frame.type === 'error';
export const isQueue = (frame: ChatServerFrame): frame is Extract<ChatServerFrame, { type: 'queue' }> =>
  frame.type === 'queue';
