/// <reference lib="dom" />
// The page shown in the frame instead of a game that cannot go on: an unknown game, a session that
// ended, a wallet that does not answer, a balance below the minimum bet, no connection. Always in
// the player's language, with a button back to the site's lobby (and Try again when waiting may
// help). Used by the game pages (a fatal answer) and by error.ts (what /play answers itself).
import { h, replace, s, sessionEndedCodes, type Lang } from './page-kit.ts';
import { errorTexts, translator } from './page-texts.ts';

export type ErrorPageKind =
  'GAME_UNKNOWN' | 'SESSION' | 'WALLET_UNAVAILABLE' | 'INSUFFICIENT_FUNDS' | 'NETWORK' | 'GENERIC';

/** Kinds worth a retry: the same page may work in a moment. */
const retryable: ReadonlySet<ErrorPageKind> = new Set(['WALLET_UNAVAILABLE', 'NETWORK', 'GENERIC']);

/** An error code of the APIs (or of /play) as the kind of page it shows. */
export function errorPageKindOf(code: string): ErrorPageKind {
  if (sessionEndedCodes.has(code)) return 'SESSION';
  if (code === 'GAME_UNKNOWN' || code === 'NOT_FOUND') return 'GAME_UNKNOWN';
  if (code === 'WALLET_UNAVAILABLE' || code === 'NETWORK' || code === 'INSUFFICIENT_FUNDS') return code;
  return 'GENERIC';
}

export interface ErrorPage {
  code: string;
  lang: Lang;
  /** The site's lobby (`lobbyUrlOf(document.referrer)`); null: the button goes back in the tab's history. */
  lobbyUrl: string | null;
  /** INSUFFICIENT_FUNDS: the balance and the minimum bet, as text. */
  amounts?: { balance: string; minBet: string };
}

/** Replaces the game in `root` by the error page, and names the tab after it. */
export function showErrorPage(root: HTMLElement, page: ErrorPage): void {
  const t = translator(page.lang, errorTexts, { th: {}, en: {} });
  let kind = errorPageKindOf(page.code);
  if (kind === 'INSUFFICIENT_FUNDS' && !page.amounts) kind = 'GENERIC';
  const title = t(`errorPage_title_${kind}`);
  const back = page.lobbyUrl
    ? h(
        'a',
        { class: 'button button--gold error-page__action', href: page.lobbyUrl, target: '_top' },
        t('errorPage_backToLobby'),
      )
    : h(
        'button',
        { class: 'button button--gold error-page__action', type: 'button', onclick: () => history.back() },
        t('errorPage_backToLobby'),
      );
  document.querySelectorAll('.backdrop').forEach((backdrop) => backdrop.remove());
  document.documentElement.lang = page.lang;
  document.title = title;
  document.body.classList.add('house--error');
  replace(
    root,
    h(
      'section',
      { class: 'error-page', role: 'alert', 'aria-labelledby': 'error-page-title' },
      s(
        'svg',
        { class: 'error-page__icon', viewBox: '0 0 48 48', 'aria-hidden': 'true' },
        s('circle', { cx: 24, cy: 24, r: 21, fill: 'none', stroke: 'currentColor', 'stroke-width': 3 }),
        s('path', { d: 'M24 13v14M24 33v2', stroke: 'currentColor', 'stroke-width': 4, 'stroke-linecap': 'round' }),
      ),
      h('h1', { class: 'error-page__title', id: 'error-page-title' }, title),
      h('p', { class: 'error-page__message' }, t(`errorPage_message_${kind}`, page.amounts)),
      h(
        'div',
        { class: 'error-page__actions' },
        retryable.has(kind)
          ? h(
              'button',
              { class: 'button error-page__action', type: 'button', onclick: () => location.reload() },
              t('errorPage_tryAgain'),
            )
          : null,
        back,
      ),
      h('p', { class: 'error-page__code' }, t('errorPage_code', { code: page.code })),
    ),
  );
}
