import { backofficeErrorCodes, operatorPermissions, type OperatorPermission } from '@lotus/contract';
import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestOperator, insertTestRole } from '../modules/backoffice/backoffice.testing.ts';
import { mediaUploadPermissions } from '../modules/media/index.ts';
import { insertTestMember, insertTestSession } from '../testing/members.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { concreteUrl, endpointsOf, operatorPermissionOf, type Endpoint } from './authorization-matrix.testing.ts';

/**
 * Roles are rows (custom roles per merchant): EVERY /admin-api call found in the route table, whoever
 * added it, is checked against tokens of the wrong kind and against custom roles built for it: one
 * holding exactly the call's permission passes the guard, one holding every other permission is
 * refused 403. New routes are covered without editing this file. (authorization-matrix.test.ts checks
 * the built-in roles, successful changes and their audit rows.)
 */

/** Calls whose handler asks for a second permission besides its guard's (operatorMay inside). */
const extraPermissions: Record<string, OperatorPermission[]> = {
  'PUT /admin-api/approvals/threshold': ['approvals.review'],
};

/** Calls that accept any of several permissions (the guard names the first): a role lacking the call lacks them all. */
const alternativePermissions: Record<string, OperatorPermission[]> = {
  // Any one of the upload permissions lets a role upload (media.routes.ts): the lacking role lacks them all.
  'POST /admin-api/media/images': mediaUploadPermissions.slice(1),
};

let t: TestApp;
const routeTable: RouteOptions[] = [];
let operatorEndpoints: Array<Endpoint & { permission: OperatorPermission | null }>;

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route) => routeTable.push(route) });
  operatorEndpoints = endpointsOf(routeTable)
    .filter((endpoint) => endpoint.url.startsWith('/admin-api/'))
    .flatMap((endpoint) => {
      const permission = operatorPermissionOf(endpoint);
      return permission === undefined ? [] : [{ ...endpoint, permission }];
    });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function send(endpoint: Endpoint, token: string | undefined, merchant = 'demo') {
  return t.app.inject({
    method: endpoint.method as 'GET',
    url: concreteUrl(endpoint),
    headers: { merchant, language: 'EN', ...(token === undefined ? {} : { authorization: token }) },
  });
}

describe('every /admin-api call against roles as rows', () => {
  it('finds the operator calls in the route table', () => {
    expect(operatorEndpoints.length).toBeGreaterThan(20);
    expect(operatorEndpoints.map((endpoint) => endpoint.label)).toContain('GET /admin-api/roles');
  });

  it('refuses no token, a member token and another merchant’s operator (401) on every call', async () => {
    const memberId = await insertTestMember(t.db, t.demoMerchantId, 'matrixmember');
    const memberToken = await insertTestSession(t.db, t.demoMerchantId, memberId);
    const other = await t.db
      .insertInto('merchant')
      .values({
        code: 'matrixother',
        name: 'Other',
        status: 'active',
        currency: 'THB',
        currency_symbol: '฿',
        default_language: 'EN',
        config: sql`(SELECT config FROM merchant WHERE code = 'demo')` as never,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stranger = await insertTestOperator(t.db, { merchantId: other.id, role: 'platform' });
    const wrong: string[] = [];
    for (const endpoint of operatorEndpoints) {
      for (const [who, token] of [
        ['no token', undefined],
        ['a member token', memberToken],
        ['another merchant’s platform operator', stranger.token],
      ] as const) {
        const response = await send(endpoint, token);
        if (response.statusCode !== 401 || response.json().errorCode !== backofficeErrorCodes.operatorTokenInvalid)
          wrong.push(`${endpoint.label} with ${who}: ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets a custom role holding exactly the call’s permission past the guard, and refuses one lacking it (403)', async () => {
    const wrong: string[] = [];
    const operatorsByPermission = new Map<string, { exactly: string; lacking: string }>();
    for (const endpoint of operatorEndpoints) {
      const permission = endpoint.permission;
      const needed = permission === null ? [] : [permission, ...(extraPermissions[endpoint.label] ?? [])];
      const missing = permission === null ? [] : [permission, ...(alternativePermissions[endpoint.label] ?? [])];
      const key = `${needed.join('+')}/${missing.join('+')}`;
      if (!operatorsByPermission.has(key)) {
        const exactlyRole = await insertTestRole(t.db, { merchantId: t.demoMerchantId, permissions: needed });
        const lackingRole = await insertTestRole(t.db, {
          merchantId: t.demoMerchantId,
          permissions: operatorPermissions.filter((candidate) => !missing.includes(candidate)),
        });
        const [exactly, lacking] = await Promise.all([
          insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: exactlyRole }),
          insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: lackingRole }),
        ]);
        operatorsByPermission.set(key, { exactly: exactly.token, lacking: lacking.token });
      }
      const tokens = operatorsByPermission.get(key)!;
      // Past the guard: whatever the call then says of the made-up id or the missing body, not 401/403.
      const allowed = await send(endpoint, tokens.exactly);
      if (allowed.statusCode === 401 || allowed.statusCode === 403)
        wrong.push(
          `${endpoint.label} with exactly ${needed.join('+') || 'a login'}: ${allowed.statusCode} ${allowed.body}`,
        );
      if (permission !== null) {
        const refused = await send(endpoint, tokens.lacking);
        if (refused.statusCode !== 403 || refused.json().errorCode !== backofficeErrorCodes.permissionDenied)
          wrong.push(`${endpoint.label} lacking ${permission}: ${refused.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
