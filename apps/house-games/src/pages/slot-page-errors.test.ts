// @vitest-environment jsdom
// The slot page when it cannot go on: the error page, in the player's language, replaces the game.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';

const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';
let answers: Record<string, () => { status: number; json: unknown }> = {};

beforeEach(() => {
  vi.resetModules();
  document.body.className = 'house house--slot';
  document.body.innerHTML = '<main id="game" data-game-id="golden-elephant"></main>';
  Object.defineProperty(document, 'referrer', { value: 'https://site.example/game', configurable: true });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
  vi.stubGlobal('fetch', async (path: string) => {
    const answer = answers[path]?.() ?? { status: 404, json: { success: false, value: null, errorCode: 'NOT_FOUND' } };
    return new Response(JSON.stringify(answer.json), { status: answer.status });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('a session the platform refuses on opening: the Thai error page, with the way back to the lobby', async () => {
  history.replaceState(
    null,
    '',
    '/play/golden-elephant?token=tok-0123456789abcdef&lang=th&currency=THB&name=%E0%B8%8A%E0%B9%89%E0%B8%B2%E0%B8%87%E0%B8%97%E0%B8%AD%E0%B8%87%E0%B8%A1%E0%B8%AB%E0%B8%B2%E0%B9%82%E0%B8%8A%E0%B8%84',
  );
  answers = {
    '/api/slot/session': () => ({ status: 401, json: { success: false, value: null, errorCode: 'INVALID_SESSION' } }),
  };
  await import('./slot.ts');
  await vi.waitFor(() => expect(text('.error-page__title')).toBe('เซสชันเกมสิ้นสุดแล้ว'));
  expect(text('.error-page__message')).toBe('เซสชันของคุณหมดอายุหรือใช้ไม่ได้แล้ว กรุณากลับไปที่ล็อบบี้แล้วเปิดเกมอีกครั้ง');
  expect(document.querySelector('a.error-page__action')!.getAttribute('href')).toBe('https://site.example/');
  expect(document.querySelector('.spin')).toBeNull();
});

test('no answer at all on opening: the connection page offers Try again beside the way back', async () => {
  history.replaceState(null, '', '/play/golden-elephant?token=tok-0123456789abcdef&lang=en&currency=THB');
  answers = {};
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  await import('./slot.ts');
  await vi.waitFor(() => expect(text('.error-page__title')).toBe('Cannot connect'));
  expect(Array.from(document.querySelectorAll('.error-page__action')).map((action) => action.textContent)).toEqual([
    'Try again',
    'Back to the lobby',
  ]);
});

test('a balance below the smallest total bet: the page says so with both amounts, instead of a game that cannot spin', async () => {
  history.replaceState(
    null,
    '',
    '/play/golden-elephant?token=tok-0123456789abcdef&lang=en&currency=THB&name=Golden%20Elephant',
  );
  answers = {
    '/api/slot/session': () => ({
      status: 200,
      json: {
        success: true,
        value: {
          balance: '150',
          currency: 'THB',
          fairness: { serverSeedHash: 'a'.repeat(64), clientSeed: 'mine', nextNonce: 0, previous: null },
          betsPerLine: [5, 10],
          lastRound: null,
        },
      },
    }),
    '/api/slot/spin': () => ({
      status: 409,
      json: { success: false, value: { balance: '40' }, errorCode: 'INSUFFICIENT_FUNDS' },
    }),
  };
  await import('./slot.ts');
  await vi.waitFor(() => expect(document.querySelector<HTMLButtonElement>('.spin')!.disabled).toBe(false));
  expect(text('.title')).toBe('Golden Elephant');
  document.querySelector<HTMLButtonElement>('.spin')!.click();
  await vi.waitFor(() => expect(text('.error-page__title')).toBe('Your balance is below the minimum bet'));
  expect(text('.error-page__message')).toBe(
    'Your balance of 0.40 THB is less than the minimum bet of 1.00 THB. Please top up on the site, then come back to play.',
  );
});
