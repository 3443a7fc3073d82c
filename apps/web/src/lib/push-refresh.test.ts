import type { PushSettings, PushSubscribeRequest } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import { applicationServerKeyOf, isMadeWithKey, refreshPushSubscription, type PushRefreshDeps } from './push-refresh';

// Two uncompressed P-256 points (65 bytes, base64url), as the server's VAPID public keys are.
const keyOf = (fill: number) => Buffer.alloc(65, fill).fill(4, 0, 1).toString('base64url');
const oldKey = keyOf(1);
const newKey = keyOf(2);

/** A browser subscription as pushManager gives it, made with `key` (null: the browser does not say). */
function browserSubscription(endpoint: string, key: string | null) {
  const log: string[] = [];
  const subscription = {
    endpoint,
    options: { applicationServerKey: key === null ? null : applicationServerKeyOf(key).buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, keys: { p256dh: `p256dh-of-${endpoint}`, auth: `auth-of-${endpoint}` } }),
    unsubscribe: async () => {
      log.push(`unsubscribe ${endpoint}`);
      return true;
    },
  } as unknown as PushSubscription;
  return { subscription, log };
}

function fakes(options: {
  current: PushSubscription | null;
  settings: Partial<PushSettings>;
  permission?: NotificationPermission;
  next?: PushSubscription;
}) {
  const calls: string[] = [];
  const posted: PushSubscribeRequest[] = [];
  const settings: PushSettings = {
    vapidPublicKey: newKey,
    consented: true,
    switches: { depositApproved: true, withdrawalPaid: true, promotionIssued: true, contractOffered: true },
    endpoints: [],
    staleEndpoints: [],
    ...options.settings,
  };
  const deps: PushRefreshDeps = {
    currentSubscription: async () => options.current,
    permission: () => options.permission ?? 'granted',
    readSettings: async () => {
      calls.push('GET settings');
      return settings;
    },
    subscribe: async (applicationServerKey) => {
      calls.push(
        `subscribe ${Buffer.from(applicationServerKey).toString('base64url') === newKey ? 'new key' : 'other key'}`,
      );
      return options.next!;
    },
    postSubscription: async (body) => {
      calls.push('POST subscribe');
      posted.push(body);
      return settings;
    },
    postUnsubscribe: async (endpoint) => {
      calls.push(`POST unsubscribe ${endpoint}`);
      return settings;
    },
  };
  return { deps, calls, posted };
}

describe('isMadeWithKey', () => {
  test.each([
    ['the same key', oldKey, oldKey, true],
    ['another key', oldKey, newKey, false],
    ['a browser that does not say', null, newKey, null],
  ] as const)('%s', (_name, made, wanted, expected) => {
    expect(isMadeWithKey(browserSubscription('https://push.example/a', made).subscription, wanted)).toBe(expected);
  });
});

describe('refreshPushSubscription', () => {
  test('a subscription made with a rotated key: unsubscribed, subscribed with the new key, sent, the old endpoint removed', async () => {
    const old = browserSubscription('https://push.example/old', oldKey);
    const next = browserSubscription('https://push.example/new', newKey);
    const { deps, calls, posted } = fakes({
      current: old.subscription,
      next: next.subscription,
      settings: { endpoints: ['https://push.example/old'], staleEndpoints: ['https://push.example/old'] },
    });
    expect(await refreshPushSubscription(deps)).toBe('resubscribed');
    expect(old.log).toEqual(['unsubscribe https://push.example/old']);
    expect(calls).toEqual([
      'GET settings',
      'subscribe new key',
      'POST subscribe',
      'POST unsubscribe https://push.example/old',
    ]);
    // Consent stays as it is: no switches sent, the key it was made with named.
    expect(posted).toEqual([
      {
        consent: true,
        subscription: {
          endpoint: 'https://push.example/new',
          keys: { p256dh: 'p256dh-of-https://push.example/new', auth: 'auth-of-https://push.example/new' },
        },
        vapidPublicKey: newKey,
      },
    ]);
  });

  test('the key compared in the browser finds it stale even when the server has not said so yet', async () => {
    const old = browserSubscription('https://push.example/old', oldKey);
    const next = browserSubscription('https://push.example/old', newKey);
    const { deps, calls } = fakes({
      current: old.subscription,
      next: next.subscription,
      settings: { endpoints: ['https://push.example/old'] },
    });
    expect(await refreshPushSubscription(deps)).toBe('resubscribed');
    // Same endpoint given back: nothing to remove.
    expect(calls).toEqual(['GET settings', 'subscribe new key', 'POST subscribe']);
  });

  test('a browser that does not tell its key follows the server’s stale list', async () => {
    const unknown = browserSubscription('https://push.example/x', null);
    const current = fakes({ current: unknown.subscription, settings: { endpoints: ['https://push.example/x'] } });
    expect(await refreshPushSubscription(current.deps)).toBe('current');
    expect(unknown.log).toEqual([]);
  });

  test.each([
    {
      name: 'no subscription in this browser: not even a call',
      current: null,
      settings: {},
      outcome: 'not-subscribed',
      calls: [],
    },
    {
      name: 'made with the current key',
      current: browserSubscription('https://push.example/a', newKey).subscription,
      settings: { endpoints: ['https://push.example/a'] },
      outcome: 'current',
      calls: ['GET settings'],
    },
    {
      name: 'consent withdrawn',
      current: browserSubscription('https://push.example/a', oldKey).subscription,
      settings: { consented: false, endpoints: [] },
      outcome: 'no-consent',
      calls: ['GET settings'],
    },
    {
      name: 'another member’s subscription on this browser',
      current: browserSubscription('https://push.example/a', oldKey).subscription,
      settings: { endpoints: ['https://push.example/b'], staleEndpoints: ['https://push.example/b'] },
      outcome: 'not-this-member',
      calls: ['GET settings'],
    },
    {
      name: 'the permission revoked (subscribing would prompt)',
      current: browserSubscription('https://push.example/a', oldKey).subscription,
      settings: { endpoints: ['https://push.example/a'] },
      permission: 'denied' as const,
      outcome: 'no-permission',
      calls: [],
    },
  ])('$name: left alone ($outcome)', async ({ current, settings, permission, outcome, calls: expected }) => {
    const { deps, calls } = fakes({ current, settings, ...(permission ? { permission } : {}) });
    expect(await refreshPushSubscription(deps)).toBe(outcome);
    expect(calls).toEqual(expected);
  });
});
