import { describe, expect, test } from 'vitest';
import { fairLinkOf } from './fair-link';
import { formFromQuery, isCompleteLink } from './verify-round';

const slotOutcome = JSON.stringify({ stops: [16, 4, 24, 8, 14], freeSpins: 0 });
const baccaratOutcome = JSON.stringify({ result: 'BANKER', player: 2, banker: 4 });
const query = (link: string | null) => new URLSearchParams(link?.slice(link.indexOf('?') + 1) ?? '');

describe("fairLinkOf: the betting record's link to /fair", () => {
  test('a slot round: seeds, nonce and the bet per line (stake / 20 lines), read back by the page as typed', () => {
    const link = fairLinkOf({
      stake: '2.00',
      fairness: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'lucky seed', nonce: 7, outcome: slotOutcome },
    });
    expect(link?.startsWith('/fair?')).toBe(true);
    expect(formFromQuery(query(link))).toEqual({
      game: 'slot',
      serverSeed: '',
      serverSeedHash: 'ab'.repeat(32),
      clientSeed: 'lucky seed',
      nonce: '7',
      betPerLineMinor: '10',
    });
    // No revealed seed yet: the page only prefills.
    expect(isCompleteLink(query(link))).toBe(false);
  });

  test('a baccarat hand whose server seed was revealed: a complete link, nonce 0 included', () => {
    const link = fairLinkOf({
      stake: '10.00',
      fairness: {
        serverSeed: 'seed',
        serverSeedHash: 'cd'.repeat(32),
        clientSeed: 'table',
        nonce: 0,
        outcome: baccaratOutcome,
      },
    });
    expect(formFromQuery(query(link))).toMatchObject({
      game: 'baccarat',
      serverSeed: 'seed',
      clientSeed: 'table',
      nonce: '0',
    });
    expect(query(link).has('betPerLine')).toBe(false);
    expect(isCompleteLink(query(link))).toBe(true);
  });

  test('a slot stake that is not 20 line bets leaves the bet per line to the member', () => {
    expect(
      query(fairLinkOf({ stake: '2.05', fairness: { clientSeed: 'c', nonce: 1, outcome: slotOutcome } })).has(
        'betPerLine',
      ),
    ).toBe(false);
  });

  test.each([
    ['no fairness data (another vendor)', null],
    ['no client seed', { nonce: 1, outcome: slotOutcome }],
    ['no nonce', { clientSeed: 'c', outcome: slotOutcome }],
    ['no outcome', { clientSeed: 'c', nonce: 1 }],
    ['an outcome that is not JSON', { clientSeed: 'c', nonce: 1, outcome: '[3,1' }],
    ['an outcome of another game', { clientSeed: 'c', nonce: 1, outcome: JSON.stringify({ dice: 4 }) }],
  ])('%s: no link', (_case, fairness) => {
    expect(fairLinkOf({ stake: '2.00', fairness })).toBeNull();
  });
});
