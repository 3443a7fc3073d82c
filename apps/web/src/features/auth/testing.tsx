/**
 * For the auth feature's component tests only (never imported by the site): real English texts, a
 * fresh QueryClient and router, and a fake API built from the contract's paths that opens sealed
 * bodies with the private half of a key it hands out as GET /wps/system/publicKey.
 */
import { apiPaths, type Envelope, type PublicKey } from '@lotus/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import accountEn from '../../locales/account/en.json';
import authEn from '../../locales/auth/en.json';
import comingSoonEn from '../../locales/coming-soon/en.json';
import coreEn from '../../locales/en.json';
import paginationEn from '../../locales/pagination/en.json';
import { setApiLanguage } from '../../lib/api-client';
import { forgetPublicKey } from '../../lib/sealed-request';

/**
 * English texts of the core catalogue and of the feature catalogues these tests draw: auth, the
 * logged-in strip's (account, coming soon) and the pagination's. On the site each comes with its
 * chunk; a module imported before i18n starts only registers its catalogue (lib/i18n.ts).
 */
export async function initTestI18n(): Promise<void> {
  // The site tells the API its language when i18n starts; these tests start i18n themselves.
  setApiLanguage('EN');
  if (i18next.isInitialized) return;
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: { ...coreEn, ...authEn, ...accountEn, ...comingSoonEn, ...paginationEn } } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
}

/**
 * The hooks of a test file whose forms send sealed calls after the slider: English texts and the
 * sealing key before all; before each, the slider passed by the bypass and an empty session
 * storage; after each, the page unmounted, the fake API removed and the bypass gone.
 */
export function setUpSealedFormTests(): void {
  beforeAll(async () => {
    await initTestI18n();
    await prepareSealing();
  });
  beforeEach(() => {
    window.__lotusSliderBypass = true;
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    delete window.__lotusSliderBypass;
  });
}

/** Shows where the router is, to check "go to /". */
export function LocationProbe() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** The JSON body, the opened payload of a sealed call (without ts and nonce), or the form fields. */
  body: Record<string, unknown> | null;
  isSealed: boolean;
}

export type FakeAnswer = { status?: number; envelope: Envelope<unknown> };
export type FakeRoute = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

export const ok = (value: unknown): FakeAnswer => ({ envelope: { success: true, value } });
/** A refusal as the server sends it; `field` names the offending field of a validation refusal. */
export const refuse = (status: number, errorCode: string, message: string, field?: string): FakeAnswer => ({
  status,
  envelope: { success: false, value: null, errorCode, message, ...(field === undefined ? {} : { field }) },
});

function toBase64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

let keyPair: Promise<{ publicKey: PublicKey; privateKey: CryptoKey }> | null = null;

function testKey() {
  keyPair ??= crypto.subtle
    .generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    )
    .then(async (pair) => ({
      publicKey: { keyId: 'auth-test', spki: toBase64(await crypto.subtle.exportKey('spki', pair.publicKey)) },
      privateKey: pair.privateKey,
    }));
  return keyPair;
}

/** Makes the test key before the tests run: RSA key generation is slow on a busy machine. */
export async function prepareSealing(): Promise<void> {
  await testKey();
}

/** Opens a body sealed as ARCHITECTURE.md says: RSA-OAEP-wrapped AES-256-GCM key, IV ‖ ciphertext ‖ tag. */
async function openSealed(encryption: string, body: { value: string }): Promise<Record<string, unknown>> {
  const { privateKey } = await testKey();
  const wrappedKey = fromBase64(encryption.slice(encryption.indexOf('.') + 1));
  const key = await crypto.subtle.importKey(
    'raw',
    await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, wrappedKey),
    'AES-GCM',
    false,
    ['decrypt'],
  );
  const bytes = fromBase64(body.value);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, key, bytes.slice(12));
  const { ts: _ts, nonce: _nonce, ...payload } = JSON.parse(new TextDecoder().decode(plain)) as Record<string, unknown>;
  return payload;
}

/**
 * Replaces fetch with `routes` keyed by `METHOD path`; an unknown route answers 404. Returns the
 * calls made, in order.
 */
export function installFakeApi(routes: Record<string, FakeRoute>): { calls: FakeCall[] } {
  forgetPublicKey();
  const calls: FakeCall[] = [];
  const allRoutes: Record<string, FakeRoute> = {
    [`GET ${apiPaths.publicKey}`]: async () => ok((await testKey()).publicKey),
    ...routes,
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const encryption = headers.get('Encryption');
    let body: Record<string, unknown> | null = null;
    if (typeof init.body === 'string') {
      if (headers.get('Content-Type')?.startsWith('application/x-www-form-urlencoded'))
        body = Object.fromEntries(new URLSearchParams(init.body));
      else body = JSON.parse(init.body) as Record<string, unknown>;
      if (encryption) body = await openSealed(encryption, body as { value: string });
    }
    const call: FakeCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
      isSealed: Boolean(encryption),
    };
    const route = allRoutes[`${method} ${url.pathname}`];
    if (url.pathname !== apiPaths.publicKey) calls.push(call);
    const answer = route ? await route(call) : refuse(404, 'not.found', 'Not found');
    return new Response(JSON.stringify(answer.envelope), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { calls };
}

/** What the demo merchant's register settings look like (GET /wps/system/setting/register). */
export const demoRegisterSettings = {
  minimumAge: 18,
  usernameRegistration: true,
  mobileRegistration: true,
  mobileRegistrationPassword: true,
  smsVerificationOnRegister: true,
  directRegistration: true,
  rules: {
    username: {
      enabled: true,
      required: true,
      acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
      patternId: 2,
      minLength: 4,
      maxLength: 16,
    },
    password: {
      enabled: true,
      required: true,
      acceptedPattern: '^[A-Za-z0-9]+$',
      patternId: 10,
      minLength: 6,
      maxLength: 20,
    },
    payeeName: {
      enabled: true,
      required: true,
      acceptedPattern: '^\\S+( \\S+)+$',
      patternId: 8,
      minLength: 3,
      maxLength: 60,
    },
    email: {
      enabled: true,
      required: false,
      acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
      patternId: 4,
      minLength: 6,
      maxLength: 100,
    },
    mobileNum: {
      enabled: true,
      required: true,
      acceptedPattern: '^[0-9]+$',
      patternId: 3,
      minLength: 9,
      maxLength: 10,
    },
    captcha: {
      enabled: true,
      required: false,
      acceptedPattern: '^[A-Za-z0-9]+$',
      patternId: 10,
      minLength: 4,
      maxLength: 6,
    },
    verificationCode: {
      enabled: true,
      required: true,
      acceptedPattern: '^[0-9]+$',
      patternId: 3,
      minLength: 6,
      maxLength: 6,
    },
    affiliateCode: {
      enabled: true,
      required: false,
      acceptedPattern: '^[A-Za-z0-9]+$',
      patternId: 10,
      minLength: 4,
      maxLength: 32,
    },
    line: { enabled: true, required: false, acceptedPattern: '^\\S+$', patternId: 5, minLength: 1, maxLength: 40 },
    referralCode: {
      enabled: true,
      required: false,
      acceptedPattern: '^[A-Za-z0-9]+$',
      patternId: 10,
      minLength: 4,
      maxLength: 32,
    },
  },
};

export const demoCountries = [
  { countryCode: 'TH', countryDialingCode: '+66', name: 'Thailand', flag: '' },
  { countryCode: 'LA', countryDialingCode: '+856', name: 'Laos', flag: '' },
  { countryCode: 'MY', countryDialingCode: '+60', name: 'Malaysia', flag: '' },
  { countryCode: 'US', countryDialingCode: '+1', name: 'United States', flag: '' },
  { countryCode: 'CA', countryDialingCode: '+1', name: 'Canada', flag: '' },
];
