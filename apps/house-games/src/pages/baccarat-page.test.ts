// @vitest-environment jsdom
// The baccarat page against a fake table socket and a mocked bet call.
import { dealBaccarat } from '@lotus/fair';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';

class FakeSocket extends EventTarget {
  static all: FakeSocket[] = [];
  sent: unknown[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
    queueMicrotask(() => this.dispatchEvent(new Event('open')));
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  push(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code: number, reason: string) {
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason }));
  }
}

const now = 1_800_000_000_000;
const outcome = dealBaccarat({ serverSeed: 'd'.repeat(64), clientSeed: 'table', nonce: 7 });
const seeds = { serverSeedHash: 'e'.repeat(64), clientSeed: 'table', nextNonce: 8, previous: null };
const limits = { minMinor: 1_000, maxMinor: 1_000_000, chips: [1_000, 5_000, 10_000, 50_000, 100_000] };
const roundView = (phase: 'betting' | 'dealing' | 'settled') => ({
  roundId: '00000000-0000-4000-8000-000000000042',
  roundNo: 42,
  phase,
  bettingClosesAt: now + 10_000,
  serverSeedHash: seeds.serverSeedHash,
  clientSeed: 'table',
  nonce: 7,
  outcome: phase === 'betting' ? null : outcome,
});
const tableState = (phase: 'betting' | 'dealing' | 'settled', serverNow = now) => ({
  type: 'state',
  state: {
    tableId: 'baccarat-1',
    gameId: 'baccarat',
    round: roundView(phase),
    history: [
      { roundNo: 41, result: 'BANKER', playerPair: false, bankerPair: true, playerTotal: 3, bankerTotal: 8 },
      { roundNo: 40, result: 'PLAYER', playerPair: false, bankerPair: false, playerTotal: 9, bankerTotal: 2 },
    ],
    seeds,
    limits,
    serverNow,
  },
});
const posts: Array<Record<string, unknown>> = [];
let socket: FakeSocket;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'], now: now - 3_000 });
  history.replaceState(
    null,
    '',
    '/play/baccarat?token=tok-0123456789abcdef&lang=en&currency=THB&name=Lotus%20Baccarat',
  );
  Object.defineProperty(document, 'referrer', { value: 'https://site.example/game', configurable: true });
  document.body.innerHTML = '<main id="game" data-game-id="baccarat"></main>';
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', async (_path: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    posts.push(body);
    return new Response(JSON.stringify({ success: true, value: { balance: '94000', bets: body.bets } }));
  });
  await import('./baccarat.ts');
  socket = FakeSocket.all[0]!;
  await Promise.resolve();
});

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';
const spot = (name: string) => document.querySelector<HTMLButtonElement>(`.spot--${name}`)!;

test('joins the table with the launch token, then draws the round, the countdown on the server clock and the roads', () => {
  expect(socket.url).toMatch(/\/api\/baccarat\/ws$/);
  expect(socket.sent).toEqual([{ type: 'join', token: 'tok-0123456789abcdef', gameId: 'baccarat', currency: 'THB' }]);
  // The page's clock is 3 s behind the server's: 10 s are left, not 13.
  socket.push(tableState('betting'));
  socket.push({ type: 'me', balance: '100000', payout: null, bets: {}, currency: 'THB' });
  expect(text('.round-no')).toBe('Round 42');
  expect(text('.phase')).toBe('Place your bets');
  expect(text('.countdown')).toBe('10');
  expect(text('.status .meter__value')).toBe('1,000.00 THB');
  // History comes latest first: the bead plate starts with round 40 (P), then 41 (B with a banker pair).
  expect(Array.from(document.querySelectorAll('.bead')).map((bead) => bead.textContent)).toEqual(['P', 'B']);
  expect(document.querySelectorAll('.bead--banker .mark--banker')).toHaveLength(1);
  expect(document.querySelectorAll('.ring')).toHaveLength(2);
});

test('chips collect on the slip and Confirm sends them in one bet call for the round', async () => {
  document.querySelector<HTMLButtonElement>('.chip--1')!.click();
  spot('banker').click();
  spot('banker').click();
  document.querySelector<HTMLButtonElement>('.chip--0')!.click();
  spot('tie').click();
  expect(text('.spot--banker .spot__pending')).toBe('+100.00');
  const confirm = document.querySelector<HTMLButtonElement>('.rack__actions .button--gold')!;
  expect(confirm.textContent).toBe('Confirm 110.00');
  confirm.click();
  await vi.waitFor(() => expect(text('.spot--banker .spot__mine')).toBe('Yours 100.00'));
  expect(posts).toEqual([
    {
      token: 'tok-0123456789abcdef',
      gameId: 'baccarat',
      currency: 'THB',
      roundId: '00000000-0000-4000-8000-000000000042',
      bets: { BANKER: 10_000, TIE: 1_000 },
    },
  ]);
  expect(text('.status .meter__value')).toBe('940.00 THB');
  expect(text('.spot--banker .spot__pending')).toBe('');
});

test('a chip over the balance is refused on the page, before any call', () => {
  document.querySelector<HTMLButtonElement>('.chip--4')!.click();
  spot('player').click();
  expect(text('.message')).toBe('Your balance is too low for this chip');
  expect(text('.spot--player .spot__pending')).toBe('');
});

test('the betting window closes by the clock; dealing shows the cards, settlement the result and the payout', () => {
  vi.advanceTimersByTime(10_500);
  expect(spot('player').disabled).toBe(true);
  socket.push(tableState('dealing', now + 10_500));
  expect(document.querySelectorAll('.hand--player .card')).toHaveLength(outcome.playerCards.length);
  expect(document.querySelectorAll('.hand--banker .card')).toHaveLength(outcome.bankerCards.length);
  expect(text('.hand--player .hand__total')).toBe(String(outcome.playerTotal));
  socket.push(tableState('settled', now + 15_500));
  socket.push({ type: 'me', balance: '113000', payout: '19000', bets: {} });
  expect(text('.result__title')).toBe({ PLAYER: 'Player wins', BANKER: 'Banker wins', TIE: 'Tie' }[outcome.result]);
  expect(text('.result__payout')).toBe('You receive 190.00');
  // The round's bets stay on show after settlement.
  expect(text('.spot--banker .spot__mine')).toBe('Yours 100.00');
});

test('the Fairness panel re-deals a round from its seeds in the browser', () => {
  document.querySelector<HTMLButtonElement>('.nav__button')!.click();
  const panel = document.querySelector('.panel')!;
  expect(panel.textContent).toContain(seeds.serverSeedHash);
  panel.querySelector<HTMLInputElement>('input[name="serverSeed"]')!.value = 'd'.repeat(64);
  panel.querySelector<HTMLInputElement>('input[name="nonce"]')!.value = '7';
  panel.querySelector<HTMLFormElement>('form.verify')!.requestSubmit();
  const faces = (side: string) =>
    Array.from(panel.querySelectorAll(`.verify-result .hand:nth-child(${side}) .card`)).map((card) =>
      card.getAttribute('aria-label'),
    );
  const expected = (cards: typeof outcome.playerCards) =>
    cards.map(
      (card) =>
        `${({ 1: 'A', 11: 'J', 12: 'Q', 13: 'K' } as Record<number, string>)[card.rank] ?? card.rank}${{ S: '♠', H: '♥', D: '♦', C: '♣' }[card.suit]}`,
    );
  expect(faces('1')).toEqual(expected(outcome.playerCards));
  expect(faces('2')).toEqual(expected(outcome.bankerCards));
  // No seed has been revealed for this table yet, so the panel shows the seed's hash instead of a match.
  expect(panel.querySelector('.verify-result .feedback')!.textContent).toMatch(/^The SHA-256 of this seed is /);
});

test("the table is named as the platform's catalogue names it (the launch's name)", () => {
  expect(text('.title')).toContain('Lotus Baccarat');
  expect(document.title).toBe('Lotus Baccarat');
});

// Last: a refused seat replaces the table with the error page.
test('a dropped connection is retried with backoff; a refused session is not, and the error page leads back to the lobby', () => {
  socket.drop(1006, '');
  expect(text('.alert')).toBe('Connection lost. Reconnecting…');
  vi.advanceTimersByTime(1_000);
  expect(FakeSocket.all).toHaveLength(2);
  FakeSocket.all[1]!.drop(1008, 'SESSION_EXPIRED');
  expect(text('.error-page__title')).toBe('Your game session has ended');
  expect(text('.error-page__message')).toBe(
    'Your session has expired or is no longer valid. Please go back to the lobby and open the game again.',
  );
  const back = document.querySelector<HTMLAnchorElement>('.error-page a.error-page__action')!;
  expect(back.textContent).toBe('Back to the lobby');
  expect(back.getAttribute('href')).toBe('https://site.example/');
  expect(back.getAttribute('target')).toBe('_top');
  expect(document.querySelector('.spot')).toBeNull();
  vi.advanceTimersByTime(30_000);
  expect(FakeSocket.all).toHaveLength(2);
});
