// @vitest-environment jsdom
// The slot page against a mocked API: what the player sees after load, a spin, and the refusals.
import { spinSlot } from '@lotus/fair';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';

const seeds = { serverSeedHash: 'a'.repeat(64), clientSeed: 'mine', nextNonce: 3, previous: null };
const lastRound = spinSlot({ serverSeed: 'b'.repeat(64), clientSeed: 'mine', nonce: 2 }, 10);
const calls: Array<{ path: string; body: Record<string, unknown> | undefined }> = [];
let answers: Record<string, () => { status: number; json: unknown }> = {};

const ok = (value: unknown) => ({ status: 200, json: { success: true, value } });

beforeAll(async () => {
  history.replaceState(
    null,
    '',
    '/play/lucky-lotus?token=tok-0123456789abcdef&lang=en&currency=THB&name=Lucky%20Lotus',
  );
  Object.defineProperty(document, 'referrer', { value: 'https://site.example/game', configurable: true });
  document.body.innerHTML = '<main id="game" data-game-id="lucky-lotus"></main>';
  // Reduced motion: the reels land at once, so the test does not wait for animations.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
  answers = {
    '/api/slot/session': () =>
      ok({
        balance: '5000000',
        currency: 'THB',
        fairness: seeds,
        betsPerLine: [5, 10, 25],
        lastRound: {
          round_id: 'r1',
          total_bet: '200',
          total_win: String(lastRound.totalWinMinor),
          server_seed_hash: 'h',
          client_seed: 'mine',
          nonce: 2,
          outcome: lastRound,
          status: 'settled',
          created_at: new Date().toISOString(),
        },
      }),
  };
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ path, body });
    const answer = answers[path]?.() ?? { status: 404, json: { success: false, value: null, errorCode: 'NOT_FOUND' } };
    return new Response(JSON.stringify(answer.json), { status: answer.status });
  });
  await import('./slot.ts');
  await vi.waitFor(() => expect(document.querySelector('.meter__value')?.textContent).toBe('50,000.00 THB'));
});

afterAll(() => {
  vi.unstubAllGlobals();
});

const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';
const spinButton = () => document.querySelector<HTMLButtonElement>('.spin')!;

test('on load: the session is opened with the launch token, and the last round is back on the reels at its bet', () => {
  expect(calls[0]).toEqual({
    path: '/api/slot/session',
    body: { token: 'tok-0123456789abcdef', gameId: 'lucky-lotus', currency: 'THB' },
  });
  expect(text('.bet__value')).toBe('0.10');
  expect(text('.bet__total')).toBe('Total bet 2.00 · 20 lines');
  const shown = Array.from(document.querySelectorAll('.reel')).map((reel) =>
    Array.from(reel.querySelectorAll('.symbol')).map((symbol) => symbol.getAttribute('aria-label')),
  );
  expect(shown).toEqual(
    lastRound.grid.map((column) =>
      column.map(
        (symbol) => ({ A: 'A', K: 'K', Q: 'Q', J: 'J' })[symbol as 'A'] ?? symbol[0] + symbol.slice(1).toLowerCase(),
      ),
    ),
  );
  expect(text('.message')).toBe(`Your last round: won ${(lastRound.totalWinMinor / 100).toFixed(2)}`);
  expect(spinButton().disabled).toBe(false);
});

test('a spin sends the chosen line bet, lands on the answered stops and shows the win and the new balance', async () => {
  // The first round of these seeds that wins on lines without free spins.
  const rounds = Array.from({ length: 50 }, (_, nonce) =>
    spinSlot({ serverSeed: 'c'.repeat(64), clientSeed: 'mine', nonce }, 25),
  );
  const round = rounds.find((candidate) => candidate.lineWins.length > 0 && candidate.freeSpins.length === 0)!;
  answers['/api/slot/spin'] = () =>
    ok({
      roundId: 'r2',
      round,
      fairness: { serverSeedHash: seeds.serverSeedHash, clientSeed: 'mine', nonce: 3 },
      balance: String(5_000_000 - round.totalBetMinor + round.totalWinMinor),
      nextFairness: { ...seeds, nextNonce: 4 },
    });
  document.querySelector<HTMLButtonElement>('.bet__step:last-child')!.click();
  expect(text('.bet__value')).toBe('0.25');
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
  await vi.waitFor(() => expect(spinButton().disabled).toBe(false));
  expect(calls.at(-1)).toEqual({
    path: '/api/slot/spin',
    body: { token: 'tok-0123456789abcdef', gameId: 'lucky-lotus', currency: 'THB', betPerLine: 25 },
  });
  expect(text('.meter--win .meter__value')).toBe((round.totalWinMinor / 100).toFixed(2));
  expect(text('.meter__value')).toBe(
    `${((5_000_000 - round.totalBetMinor + round.totalWinMinor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} THB`,
  );
  expect(document.querySelectorAll('.payline')).toHaveLength(round.lineWins.length);
  expect(document.querySelectorAll('.wins li')).toHaveLength(
    round.lineWins.length + (round.scatterWinMinor > 0 ? 1 : 0),
  );
});

test('INSUFFICIENT_FUNDS: the player is told, and the balance the server answered is shown', async () => {
  answers['/api/slot/spin'] = () => ({
    status: 409,
    json: { success: false, value: { balance: '1200' }, errorCode: 'INSUFFICIENT_FUNDS' },
  });
  spinButton().click();
  await vi.waitFor(() => expect(text('.alert')).toBe('Your balance is too low for this bet'));
  expect(text('.meter__value')).toBe('12.00 THB');
  expect(spinButton().disabled).toBe(false);
});

test("the game is titled with the name the platform's catalogue gave the launch", () => {
  expect(text('.title')).toBe('Lucky Lotus');
  expect(document.title).toBe('Lucky Lotus');
});

test('History: times are written as the site writes them (DD/MM/YYYY HH:mm, Gregorian year)', async () => {
  const playedAt = new Date(2026, 10, 26, 9, 5).toISOString();
  answers['/api/slot/history'] = () =>
    ok({
      rounds: [
        {
          round_id: 'r1',
          total_bet: '200',
          total_win: '0',
          server_seed_hash: 'h',
          client_seed: 'mine',
          nonce: 2,
          outcome: lastRound,
          status: 'settled',
          created_at: playedAt,
        },
      ],
    });
  Array.from(document.querySelectorAll<HTMLButtonElement>('.nav__button')).at(-1)!.click();
  await vi.waitFor(() => expect(text('.panel tbody td')).toBe('26/11/2026 09:05'));
  document.querySelector<HTMLButtonElement>('.panel__close')!.click();
});

test("SESSION_EXPIRED: the game is replaced by the error page, which leads back to the site's lobby", async () => {
  answers['/api/slot/spin'] = () => ({
    status: 401,
    json: { success: false, value: null, errorCode: 'SESSION_EXPIRED' },
  });
  spinButton().click();
  await vi.waitFor(() => expect(text('.error-page__title')).toBe('Your game session has ended'));
  expect(text('.error-page__message')).toBe(
    'Your session has expired or is no longer valid. Please go back to the lobby and open the game again.',
  );
  const back = document.querySelector<HTMLAnchorElement>('a.error-page__action')!;
  expect([back.textContent, back.getAttribute('href'), back.getAttribute('target')]).toEqual([
    'Back to the lobby',
    'https://site.example/',
    '_top',
  ]);
  expect(document.querySelector('.spin')).toBeNull();
  expect(document.title).toBe('Your game session has ended');
});
