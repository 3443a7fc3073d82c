import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { functionsDir } from '../../db/repeatable-functions.ts';
import { playCallKeys, playCallSchema } from './play-call.ts';

/** Every key the SQL reads from a call's JSON (`->>'key'` and `->'key'`). */
function keysReadBySql(): string[] {
  const body = readFileSync(`${functionsDir}/vendor_wallet_play_batch.sql`, 'utf8');
  return [...new Set([...body.matchAll(/->>?\s*'([^']+)'/g)].map((match) => match[1]!))].sort();
}

test('the SQL reads exactly the keys of the one definition of a play call: none it is not sent, none sent for nothing', () => {
  const read = keysReadBySql();
  expect(
    read.filter((key) => !playCallKeys.includes(key)),
    'keys the SQL reads that TypeScript does not send',
  ).toEqual([]);
  expect(
    playCallKeys.filter((key) => !read.includes(key)),
    'keys TypeScript sends that the SQL never reads',
  ).toEqual([]);
});

test.each([
  ['an unknown key', { extra: 1 }],
  ['a decimal where minor units belong', { amountMinor: '1.50' }],
  ['a call that is neither bet nor win', { call: 'rollback' }],
])('the definition refuses %s', (_, change) => {
  const valid = {
    call: 'bet',
    vendor: 'HOUSE',
    merchants: null,
    tokenHash: 'h',
    playerId: '1',
    gameId: 'g',
    currency: 'THB',
    roundId: 'r',
    transactionId: 't',
    amountMinor: '150',
    roundClosed: null,
    requestHash: 'x',
    fairness: null,
    countFairness: false,
    now: new Date(0).toISOString(),
  };
  expect(playCallSchema.safeParse(valid).success).toBe(true);
  expect(playCallSchema.safeParse({ ...valid, ...change }).success).toBe(false);
});
