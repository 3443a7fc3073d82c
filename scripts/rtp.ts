// npm run rtp [-- --spins N --hands N]: plays the house games through the real provably fair
// functions (fresh CSPRNG seeds for every batch of rounds) and checks that the measured return of
// the slot and of every baccarat bet lies within three standard errors of the exact figure.
// Exits non-zero when one does not.
import { parseArgs } from 'node:util';
import {
  BACCARAT_BETS,
  dealBaccarat,
  exactBaccaratReturns,
  exactSlotRtp,
  newClientSeed,
  newServerSeed,
  settleBaccaratBet,
  spinSlot,
} from '@lotus/fair';
import type { RoundSeeds } from '@lotus/fair';

const ROUNDS_PER_SEED = 10_000;
// A multiple of 20 minor units, so the banker's 5% commission is whole and the exact figure applies.
const BACCARAT_STAKE_MINOR = 100;
const MAX_Z = 3;

interface Row {
  name: string;
  exact: number;
  measured: number;
  standardError: number;
}

function roundCount(value: string | undefined, flag: string): number {
  if (value === undefined) return 1_000_000;
  const count = Number(value);
  if (!Number.isSafeInteger(count) || count < 1)
    throw new Error(`--${flag} must be a positive integer, got "${value}"`);
  return count;
}

/** Seeds for round `index`: a new server and client seed every ROUNDS_PER_SEED rounds, nonce counting within. */
function seedsFor(): (index: number) => RoundSeeds {
  let current: RoundSeeds = { serverSeed: newServerSeed(), clientSeed: newClientSeed(), nonce: 0 };
  return (index) => {
    const nonce = index % ROUNDS_PER_SEED;
    if (nonce === 0 && index > 0) current = { serverSeed: newServerSeed(), clientSeed: newClientSeed(), nonce: 0 };
    return { ...current, nonce };
  };
}

function measureSlot(spins: number): Row {
  const exact = exactSlotRtp();
  const seeds = seedsFor();
  let returned = 0;
  let staked = 0;
  for (let index = 0; index < spins; index += 1) {
    const round = spinSlot(seeds(index), 1);
    returned += round.totalWinMinor;
    staked += round.totalBetMinor;
  }
  return {
    name: 'slot (paid spin incl. free spins)',
    exact: exact.rtp,
    measured: returned / staked,
    standardError: Math.sqrt(exact.variance / spins),
  };
}

function measureBaccarat(hands: number): Row[] {
  const exact = exactBaccaratReturns();
  const seeds = seedsFor();
  const returned = new Map(BACCARAT_BETS.map((bet) => [bet, 0]));
  for (let index = 0; index < hands; index += 1) {
    const outcome = dealBaccarat(seeds(index));
    for (const bet of BACCARAT_BETS)
      returned.set(bet, returned.get(bet)! + settleBaccaratBet(bet, BACCARAT_STAKE_MINOR, outcome));
  }
  return BACCARAT_BETS.map((bet) => ({
    name: `baccarat ${bet}`,
    exact: exact.returns[bet].rtp,
    measured: returned.get(bet)! / (hands * BACCARAT_STAKE_MINOR),
    standardError: Math.sqrt(exact.returns[bet].variance / hands),
  }));
}

function timed<T>(work: () => T): [T, number] {
  const startedAtMs = performance.now();
  const result = work();
  return [result, (performance.now() - startedAtMs) / 1000];
}

const { values } = parseArgs({ options: { spins: { type: 'string' }, hands: { type: 'string' } } });
const spins = roundCount(values.spins, 'spins');
const hands = roundCount(values.hands, 'hands');

const [slotRow, slotSeconds] = timed(() => measureSlot(spins));
const [baccaratRows, baccaratSeconds] = timed(() => measureBaccarat(hands));
const rows = [slotRow, ...baccaratRows];

const percent = (value: number, digits = 4) => `${(value * 100).toFixed(digits)}%`;
const table = rows.map((row) => {
  const z = (row.measured - row.exact) / row.standardError;
  return {
    'game / bet': row.name,
    exact: percent(row.exact),
    measured: percent(row.measured),
    'standard error': percent(row.standardError),
    z: z.toFixed(2),
    verdict: Math.abs(z) <= MAX_Z ? 'PASS' : 'FAIL',
  };
});
console.log(
  `slot: ${spins.toLocaleString('en')} paid spins in ${slotSeconds.toFixed(1)} s; baccarat: ${hands.toLocaleString('en')} hands in ${baccaratSeconds.toFixed(1)} s`,
);
console.table(table);
const failed = table.filter((row) => row.verdict === 'FAIL');
if (failed.length > 0) {
  console.error(
    `FAIL: ${failed.map((row) => row['game / bet']).join(', ')} outside ${MAX_Z} standard errors of the exact return`,
  );
  process.exitCode = 1;
} else {
  console.log(`PASS: every measured return is within ${MAX_Z} standard errors of the exact return`);
}
