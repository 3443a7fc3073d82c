import type { BetRecord } from '@lotus/contract';
import { paths } from '../../config/paths';
import { toMinor } from '../money/money-rules';

/**
 * The slot's 20 fixed lines (packages/fair SLOT_LINES): its stake is 20 bets per line. Written here
 * rather than imported, so the betting record's chunk does not carry the fair package.
 */
const slotLineCount = 20n;

/**
 * The /fair link of a betting record that carries a house game's fairness data (seeds and nonce),
 * or null. The game is read from the house vendor's outcome summary: a slot round reports its reel
 * `stops`, a baccarat hand its `result`. The server seed is in the link only once it was revealed;
 * until then the member pastes it after rotating the seeds, and the link fills the rest.
 */
export function fairLinkOf(record: Pick<BetRecord, 'fairness' | 'stake'>): string | null {
  const fairness = record.fairness;
  if (!fairness?.clientSeed || fairness.nonce === undefined || !fairness.outcome) return null;
  let outcome: unknown;
  try {
    outcome = JSON.parse(fairness.outcome);
  } catch {
    return null;
  }
  if (typeof outcome !== 'object' || outcome === null) return null;
  const seeds = {
    serverSeed: fairness.serverSeed,
    serverSeedHash: fairness.serverSeedHash,
    clientSeed: fairness.clientSeed,
    nonce: fairness.nonce,
  };
  if ('stops' in outcome) {
    const stakeMinor = toMinor(record.stake);
    // A stake that is not a whole number of line bets leaves the field at its default for the member to set.
    const betPerLineMinor =
      stakeMinor > 0n && stakeMinor % slotLineCount === 0n ? Number(stakeMinor / slotLineCount) : undefined;
    return paths.fair.getHref({ game: 'slot', ...seeds, betPerLineMinor });
  }
  if ('result' in outcome) return paths.fair.getHref({ game: 'baccarat', ...seeds });
  return null;
}
