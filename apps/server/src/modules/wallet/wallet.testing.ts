/** For tests only (never imported by the server): a member's balance stream read as a client does. */
import {
  apiPaths,
  walletBalanceSchema,
  walletStreamRewardsEventName,
  walletStreamSessionEndedEventName,
  walletStreamUnreadEventName,
  type WalletBalance,
  type WalletStreamRewards,
  type WalletStreamUnread,
} from '@lotus/contract';

/**
 * Opens the stream and hands out its `balance` events one by one (`next`), its `unread` counts
 * (`nextUnread`), its `rewards` counts (`nextRewards`); `ended` waits for the
 * `session_ended` event and then for the stream's end, and resolves with the event's data.
 */
export async function openStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${apiPaths.walletStream}`, {
    headers: { Merchant: 'demo', Authorization: token },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const nextEvent = async (): Promise<{ event: string; data: unknown }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = block.split('\n').find((line) => line.startsWith('event: '));
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (event && data) return { event: event.slice(7), data: JSON.parse(data.slice(6)) };
        continue;
      }
      const chunk = await reader.read();
      if (chunk.done) throw new Error('stream ended');
      buffer += chunk.value;
    }
  };
  const next = async (): Promise<WalletBalance> => {
    for (;;) {
      const { event, data } = await nextEvent();
      if (event === 'balance') return walletBalanceSchema.parse(data);
      if (event === walletStreamSessionEndedEventName) throw new Error('session ended');
    }
  };
  /** The next `unread` event's count (balance events before it are skipped). */
  const nextUnread = async (): Promise<number> => {
    for (;;) {
      const { event, data } = await nextEvent();
      if (event === walletStreamUnreadEventName) return (data as WalletStreamUnread).unreadCount;
      if (event === walletStreamSessionEndedEventName) throw new Error('session ended');
    }
  };
  /** The next `rewards` event's claimable count (other events before it are skipped). */
  const nextRewards = async (): Promise<number> => {
    for (;;) {
      const { event, data } = await nextEvent();
      if (event === walletStreamRewardsEventName) return (data as WalletStreamRewards).claimableCount;
      if (event === walletStreamSessionEndedEventName) throw new Error('session ended');
    }
  };
  const ended = async (): Promise<unknown> => {
    for (;;) {
      const { event, data } = await nextEvent();
      if (event !== walletStreamSessionEndedEventName) continue;
      // Nothing may follow: the server ends the stream.
      const rest = await reader.read();
      if (!rest.done) throw new Error(`the stream went on after session_ended: ${rest.value}`);
      return data;
    }
  };
  return { response, next, nextUnread, nextRewards, ended, close: () => controller.abort() };
}
