// @vitest-environment jsdom
// The error page in the frame: every kind in TH and EN, its buttons, and the page /play answers
// itself for an unknown game (error.ts).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { errorPageKindOf, showErrorPage, type ErrorPageKind } from './page-error.ts';
import { errorTexts } from './page-texts.ts';

const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';
const actions = () =>
  Array.from(document.querySelectorAll<HTMLElement>('.error-page__action')).map((action) => action.textContent);

function freshRoot(): HTMLElement {
  document.body.className = 'house';
  document.body.innerHTML =
    '<main id="game" data-game-id="lucky-lotus"><div class="reels"></div></main><div class="backdrop"></div>';
  return document.getElementById('game')!;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('errorPageKindOf', () => {
  test.each([
    ['SESSION_EXPIRED', 'SESSION'],
    ['INVALID_SESSION', 'SESSION'],
    ['PLAYER_NOT_FOUND', 'SESSION'],
    ['PLAYER_BLOCKED', 'SESSION'],
    ['GAME_UNKNOWN', 'GAME_UNKNOWN'],
    ['NOT_FOUND', 'GAME_UNKNOWN'],
    ['WALLET_UNAVAILABLE', 'WALLET_UNAVAILABLE'],
    ['INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS'],
    ['NETWORK', 'NETWORK'],
    ['INTERNAL_ERROR', 'GENERIC'],
    ['SOMETHING_NEW', 'GENERIC'],
  ] as const)('%s shows the %s page', (code, kind) => {
    expect(errorPageKindOf(code)).toBe(kind);
  });
});

const kinds: Array<[code: string, kind: ErrorPageKind, retry: boolean]> = [
  ['GAME_UNKNOWN', 'GAME_UNKNOWN', false],
  ['SESSION_EXPIRED', 'SESSION', false],
  ['WALLET_UNAVAILABLE', 'WALLET_UNAVAILABLE', true],
  ['INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS', false],
  ['NETWORK', 'NETWORK', true],
  ['INTERNAL_ERROR', 'GENERIC', true],
];

describe.each(['th', 'en'] as const)('showErrorPage in %s', (lang) => {
  const texts = errorTexts[lang];
  test.each(kinds)('%s: the %s title and message, the code, and the way back (Try again: %s)', (code, kind, retry) => {
    const root = freshRoot();
    const amounts = { balance: '0.40 THB', minBet: '1.00 THB' };
    showErrorPage(root, { code, lang, lobbyUrl: 'https://site.example/', amounts });
    expect(text('.error-page__title')).toBe(texts[`errorPage_title_${kind}`]);
    expect(text('.error-page__message')).toBe(
      texts[`errorPage_message_${kind}`].replace('{balance}', amounts.balance).replace('{minBet}', amounts.minBet),
    );
    expect(text('.error-page__code')).toBe(texts.errorPage_code.replace('{code}', code));
    expect(actions()).toEqual(
      retry ? [texts.errorPage_tryAgain, texts.errorPage_backToLobby] : [texts.errorPage_backToLobby],
    );
    const back = document.querySelector<HTMLAnchorElement>('a.error-page__action')!;
    expect([back.getAttribute('href'), back.getAttribute('target')]).toEqual(['https://site.example/', '_top']);
    // The game and any open panel are gone; the tab is named after the error, in the player's language.
    expect(document.querySelector('.reels')).toBeNull();
    expect(document.querySelector('.backdrop')).toBeNull();
    expect(document.documentElement.lang).toBe(lang);
    expect(document.title).toBe(texts[`errorPage_title_${kind}`]);
    expect(document.querySelector('.error-page')!.getAttribute('role')).toBe('alert');
  });
});

test('INSUFFICIENT_FUNDS without the amounts to tell falls back to the general page (no raw placeholder shown)', () => {
  showErrorPage(freshRoot(), { code: 'INSUFFICIENT_FUNDS', lang: 'en', lobbyUrl: null });
  expect(text('.error-page__title')).toBe('Something went wrong');
  expect(document.querySelector('.error-page')!.textContent).not.toContain('{');
});

test("without a referrer (opened on its own) the button goes back in the tab's history", () => {
  const back = vi.spyOn(history, 'back').mockImplementation(() => undefined);
  showErrorPage(freshRoot(), { code: 'SESSION_EXPIRED', lang: 'th', lobbyUrl: null });
  const button = document.querySelector<HTMLButtonElement>('button.error-page__action')!;
  expect(button.textContent).toBe('กลับสู่ล็อบบี้');
  button.click();
  expect(back).toHaveBeenCalledTimes(1);
});

test('Try again reloads the page', () => {
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
  showErrorPage(freshRoot(), { code: 'WALLET_UNAVAILABLE', lang: 'en', lobbyUrl: 'https://site.example/' });
  document.querySelector<HTMLButtonElement>('button.error-page__action')!.click();
  expect(reload).toHaveBeenCalledTimes(1);
});

test('error.ts, the page /play answers for an unknown game, renders it in the launch language with the lobby from the referrer', async () => {
  history.replaceState(null, '', '/play/no-such-game?token=tok-0123456789abcdef&lang=th&currency=THB');
  Object.defineProperty(document, 'referrer', { value: 'http://localhost:8440/game', configurable: true });
  document.body.innerHTML = '<main id="game" data-error="GAME_UNKNOWN"></main>';
  await import('./error.ts');
  expect(text('.error-page__title')).toBe('ไม่พบเกมนี้');
  expect(text('.error-page__message')).toBe(errorTexts.th.errorPage_message_GAME_UNKNOWN);
  expect(document.querySelector('a.error-page__action')!.getAttribute('href')).toBe('http://localhost:8440/');
  expect(document.body.textContent).not.toContain('Unknown game');
});
