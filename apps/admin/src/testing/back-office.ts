/**
 * For the back-office's component tests only (never imported by the app). The tests drive the real
 * app as an operator does: `openBackOffice` loads the entry (`app/main.tsx`, fresh modules for each
 * test), logs in through the login page and opens a page from the menu. The only fake is the HTTP
 * edge: `fetch` is replaced by a table of routes (`'POST /admin-api/deposits/approve'`) whose answers
 * are checked against the contract's schemas, and every call is recorded with its parsed body. No
 * module of ours is mocked, so the tests keep holding when the data access or the forms are rebuilt.
 */
import {
  adminApiPaths,
  operatorMeSchema,
  operatorPermissions,
  type Envelope,
  type OperatorMe,
  type OperatorPermission,
} from '@lotus/contract';
import { configure, screen, waitFor, within } from '@testing-library/dom';
import { userEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';

// A page loads behind a login and a route change; give it more than a second on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  envelope: Envelope<unknown> & { field?: string };
}

export type FakeRoute = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

export const ok = (value: unknown): FakeAnswer => ({ status: 200, envelope: { success: true, value } });

export const refuse = (status: number, errorCode: string, message: string, field?: string): FakeAnswer => ({
  status,
  envelope: { success: false, value: null, errorCode, message, ...(field ? { field } : {}) },
});

/** A tiny PNG, for a slip the operator attaches. */
export function pngFile(name = 'slip.png'): File {
  const bytes = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
    (char) => char.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}

/** The logged-in operator of the tests: `ops.anna`, an admin of merchant LOTUS88. */
export function operatorMe(permissions: readonly OperatorPermission[] = operatorPermissions): OperatorMe {
  return operatorMeSchema.parse({
    operator: {
      id: '7',
      username: 'ops.anna',
      role: 'admin',
      status: 'active',
      totpEnrolled: true,
      createdAt: Date.UTC(2026, 0, 5),
    },
    permissions,
    merchant: { code: 'LOTUS88', name: 'Lotus 88', currency: 'THB', currencySymbol: '฿' },
    expiresAt: Date.now() + 8 * 3_600_000,
  });
}

/**
 * Replaces `fetch` with `routes` (keys `METHOD /path`; the login, the authenticator check and `me` are
 * there unless a test gives its own). A call to a path without a route is answered 404 and recorded.
 */
export function installFakeApi(routes: Record<string, FakeRoute>): { calls: FakeCall[] } {
  const calls: FakeCall[] = [];
  const table: Record<string, FakeRoute> = {
    [`POST ${adminApiPaths.login}`]: () => ok({ token: 'token-7', stage: 'verify', expiresAt: Date.now() + 600_000 }),
    [`POST ${adminApiPaths.totpVerify}`]: () => ok({ expiresAt: Date.now() + 8 * 3_600_000 }),
    [`GET ${adminApiPaths.me}`]: () => ok(operatorMe()),
    ...routes,
  };
  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: FakeCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    calls.push(call);
    const route = table[`${call.method} ${call.path}`];
    const answer = route ? await route(call) : refuse(404, 'http.404', `No fake route for ${call.method} ${call.path}`);
    return new Response(JSON.stringify(answer.envelope), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { calls };
}

export const callsTo = (calls: FakeCall[], method: string, path: string): FakeCall[] =>
  calls.filter((call) => call.method === method && call.path === path);

/**
 * jsdom has <dialog> without showModal and close: these do what the browser does for the page (the
 * `open` attribute, the close event); focus trapping and inertness are the browser journeys' part.
 */
function supplyDialog(): void {
  const proto = window.HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

export type User = ReturnType<typeof userEvent.setup>;

/**
 * Starts the back-office at /admin with an empty browser storage, switches it to English on the login
 * page, logs in as ops.anna (password, then the authenticator code) and opens `menuItem` (its label
 * in the main menu, e.g. 'Deposit review'). Install the fake API first.
 */
/** The app the last openBackOffice loaded, unmounted by closeBackOffice. */
let mountedApp: { root: { unmount(): void } } | null = null;

export async function openBackOffice(menuItem: string): Promise<User> {
  supplyDialog();
  window.sessionStorage.clear();
  window.localStorage.clear();
  document.body.innerHTML = '<div id="root"></div>';
  window.history.replaceState(null, '', '/admin/');
  vi.resetModules();
  mountedApp = await import('../app/main');
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'EN' }));
  await user.type(await screen.findByLabelText('Username'), 'ops.anna');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByLabelText('6-digit code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
  const menu = await screen.findByRole('complementary', { name: 'Main menu' }, { timeout: 5_000 });
  await user.click(within(menu).getByRole('link', { name: menuItem }));
  return user;
}

/**
 * After each test (`afterEach(closeBackOffice)`): the operator signs out, as at the end of a shift,
 * so the test's app stops polling and leaves nothing scheduled (each test loads a new app); then
 * the real `fetch` is back.
 */
export async function closeBackOffice(): Promise<void> {
  const signOut = screen.queryByRole('button', { name: 'Sign out' });
  if (signOut) {
    signOut.click();
    await waitFor(() => expect(screen.queryByLabelText('Username')).not.toBeNull()).catch(() => undefined);
  }
  // Unmounted, not just removed from the page: React work left scheduled would otherwise run after the
  // test file's window is gone ("window is not defined" on a slow machine), and queries stop refetching.
  mountedApp?.root.unmount();
  mountedApp = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
}

/** The open dialog titled `name` (the page's dialogs are native <dialog>s). */
export async function findDialog(name: string | RegExp): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name });
}

/** The text of a description list's entry (`<dt>term</dt><dd>…</dd>`) inside `container`. */
export function entryOf(container: HTMLElement, term: string): string {
  const dt = within(container)
    .getAllByText(term, { selector: 'dt' })
    .find((element) => element.nextElementSibling?.tagName === 'DD');
  if (!dt) throw new Error(`No entry "${term}"`);
  // Line breaks read as spaces, as the operator sees separate lines.
  const dd = dt.nextElementSibling!.cloneNode(true) as HTMLElement;
  for (const br of dd.querySelectorAll('br')) br.replaceWith(' ');
  return (dd.textContent ?? '').replace(/\s+/g, ' ').trim();
}
