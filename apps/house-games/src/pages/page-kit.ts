/// <reference lib="dom" />
// What both game pages share: the launch parameters, the API client, money formatting, a tiny
// DOM builder and the modal panel. Plain DOM on purpose: the pages run under a strict CSP
// (script-src 'self', style-src 'self') and must stay small inside the platform's iframe.

export type Lang = 'th' | 'en';

/** A page's text catalogue: one key set in both languages (page-texts.test.ts checks parity). */
export type Catalogue<K extends string> = Record<Lang, Record<K, string>>;

/** Fills `{name}` placeholders. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** What the platform's launch put in the page URL (token, game and currency are sent back in every call's body). */
export interface Launch {
  token: string;
  gameId: string;
  currency: string;
  lang: Lang;
  /**
   * The game's name in the player's language from the platform's catalogue (`name`), the one the
   * site shows; '' when the launch gave none (the page then shows its generic title).
   */
  gameName: string;
}

/** The longest game name a page shows (the platform's catalogue keeps names far shorter). */
const maxGameNameLength = 80;

export function readLaunch(url: URL, gameId: string): Launch {
  return {
    token: url.searchParams.get('token') ?? '',
    gameId,
    currency: (url.searchParams.get('currency') ?? 'THB').toUpperCase(),
    lang: url.searchParams.get('lang') === 'en' ? 'en' : 'th',
    gameName: gameNameOf(url.searchParams.get('name')),
  };
}

/** The launch's `name` parameter as a title: trimmed, control characters dropped, at most 80 characters. */
export function gameNameOf(name: string | null | undefined): string {
  return Array.from((name ?? '').replace(/\p{Cc}/gu, '').trim())
    .slice(0, maxGameNameLength)
    .join('');
}

/**
 * The site's lobby, where the error page's button goes: the framing site's own start page. The site
 * frames the game (its /game page) and sends its origin as the referrer (its Referrer-Policy is
 * strict-origin-when-cross-origin), so the page knows the site without being told. Null when the
 * page was opened on its own (no referrer): the button then goes back in the tab's history.
 */
export function lobbyUrlOf(referrer: string): string | null {
  try {
    const url = new URL(referrer);
    return url.protocol === 'https:' || url.protocol === 'http:' ? `${url.origin}/` : null;
  } catch {
    return null;
  }
}

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/**
 * A time as the site writes it (apps/web/src/lib/format.ts `formatDateTime`): DD/MM/YYYY HH:mm in
 * the player's time zone, Gregorian year in both languages (Thai Intl formats would give the
 * Buddhist year, 26/11/2569, where the site shows 26/11/2026).
 */
export function formatDateTime(epochMs: number): string {
  if (!Number.isFinite(epochMs)) return '';
  const date = new Date(epochMs);
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/**
 * Minor units (an integer string, as the APIs send money) to text with two decimals and thousands
 * separators in the page's language. BigInt, so no balance is ever rounded through a float.
 */
export function formatMoney(minor: string | number | bigint, lang: Lang): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const whole = new Intl.NumberFormat(lang === 'th' ? 'th-TH' : 'en-US', { useGrouping: true }).format(absolute / 100n);
  const cents = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${cents}`;
}

/** A failed call: the server's error code (or NETWORK when no answer came) and its value. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly value: Record<string, unknown> | null = null,
  ) {
    super(code);
  }
}

interface Envelope<T> {
  success: boolean;
  value: T;
  errorCode?: string;
}

/** Calls one of the game's APIs (same origin) and unwraps the `{ success, value }` envelope. */
export async function callApi<T>(path: string, body?: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(
      path,
      body === undefined
        ? { method: 'GET' }
        : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    );
  } catch {
    throw new ApiError('NETWORK');
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.ok ? 'NETWORK' : `HTTP_${response.status}`);
  }
  if (!envelope.success)
    throw new ApiError(
      envelope.errorCode ?? `HTTP_${response.status}`,
      (envelope.value as Record<string, unknown> | null) ?? null,
    );
  return envelope.value;
}

/** Error codes that end the session: the player must relaunch the game from the site. */
export const sessionEndedCodes: ReadonlySet<string> = new Set([
  'SESSION_EXPIRED',
  'INVALID_SESSION',
  'PLAYER_NOT_FOUND',
  'PLAYER_BLOCKED',
]);

type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

/**
 * `h('button', { class: 'spin', onclick: onSpin }, 'Spin')`. Attributes starting with `on` become
 * listeners; `false`/`null` attributes and children are skipped. Text always goes in as text
 * nodes, never as HTML.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(
      typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child,
    );
  }
}

/** Replaces an element's children. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

const svgNs = 'http://www.w3.org/2000/svg';

/** An SVG element (attributes only; presentation attributes are not inline styles, so CSP allows them). */
export function s(
  tag: string,
  attributes: Record<string, string | number> = {},
  ...children: SVGElement[]
): SVGElement {
  const element = document.createElementNS(svgNs, tag) as SVGElement;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  for (const child of children) element.appendChild(child);
  return element;
}

export const prefersReducedMotion = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A modal-like panel inside the page: a dialog over a dimmed backdrop, closed by its button, a
 * click on the backdrop or Escape; focus returns to whatever opened it.
 */
export function openPanel(title: string, closeLabel: string, body: Node): { close: () => void } {
  const opener = document.activeElement as HTMLElement | null;
  const close = () => {
    backdrop.remove();
    document.removeEventListener('keydown', onKeydown);
    opener?.focus();
  };
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  const closeButton = h(
    'button',
    { class: 'panel__close', type: 'button', 'aria-label': closeLabel, onclick: close },
    '×',
  );
  const dialog = h(
    'section',
    { class: 'panel', role: 'dialog', 'aria-modal': 'true', 'aria-label': title },
    h('header', { class: 'panel__head' }, h('h2', {}, title), closeButton),
    h('div', { class: 'panel__body' }, body),
  );
  const backdrop = h(
    'div',
    {
      class: 'backdrop',
      onclick: (event) => {
        if (event.target === backdrop) close();
      },
    },
    dialog,
  );
  document.addEventListener('keydown', onKeydown);
  document.body.appendChild(backdrop);
  closeButton.focus();
  return { close };
}

/** Shortens a 64-character hash for narrow screens; the full value stays selectable in a title. */
export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-10)}` : hash;
}
