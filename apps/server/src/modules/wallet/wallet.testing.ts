/** For tests only (never imported by the server): a member's balance stream read as a client does. */
import { apiPaths, walletBalanceSchema, type WalletBalance } from '@lotus/contract';

/** Opens the stream and hands out its `balance` events one by one. */
export async function openStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${apiPaths.walletStream}`, {
    headers: { Merchant: 'demo', Authorization: token },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<WalletBalance> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (block.startsWith('event: balance') && data) return walletBalanceSchema.parse(JSON.parse(data.slice(6)));
        continue;
      }
      const chunk = await reader.read();
      if (chunk.done) throw new Error('stream ended');
      buffer += chunk.value;
    }
  };
  return { response, next, close: () => controller.abort() };
}
