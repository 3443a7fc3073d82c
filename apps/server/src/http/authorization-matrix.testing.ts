import type { RouteOptions } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { requireMember, requireRealMember } from '../modules/identity/index.ts';
import type { OperatorPermission } from '@lotus/contract';

/**
 * The route table as the app registered it (collected with `createTestApp({ onRoute })`), read the way
 * the authorization matrix needs it: which guard each call has, and in which phase.
 */

type Hook = (...args: never[]) => unknown;
type HookPhase = 'onRequest' | 'preParsing' | 'preValidation' | 'preHandler';
const hookPhases: HookPhase[] = ['onRequest', 'preParsing', 'preValidation', 'preHandler'];

/** One method of one registered route (a route with several methods gives several). */
export interface Endpoint {
  method: string;
  url: string;
  route: RouteOptions;
  /** `GET /wps/member/info`: names the call in failure messages. */
  label: string;
}

export type MemberGuard = 'member' | 'realMember';

function hooksOf(route: RouteOptions, phase: HookPhase): Hook[] {
  const hooks = route[phase] as Hook | Hook[] | undefined;
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

export function endpointsOf(routes: readonly RouteOptions[]): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify adds a HEAD twin of every GET; it shares the GET's hooks and is covered by it.
    for (const method of methods.filter((name) => name !== 'HEAD'))
      endpoints.push({ method, url: route.url, route, label: `${method} ${route.url}` });
  }
  return endpoints;
}

/** The phases in which `hook` runs on the route (empty: it does not guard the route). */
function phasesOf(route: RouteOptions, isGuard: (hook: Hook) => boolean): HookPhase[] {
  return hookPhases.filter((phase) => hooksOf(route, phase).some(isGuard));
}

const isRealMemberGuard = (hook: Hook) => hook === (requireRealMember as Hook);
const isMemberGuard = (hook: Hook) => hook === (requireMember as Hook) || isRealMemberGuard(hook);
const isOperatorGuard = (hook: Hook) => 'permission' in hook;

export function memberGuardOf(endpoint: Endpoint): MemberGuard | null {
  if (phasesOf(endpoint.route, isRealMemberGuard).length > 0) return 'realMember';
  return phasesOf(endpoint.route, isMemberGuard).length > 0 ? 'member' : null;
}

/** The permission of the route's requireOperator guard: null for any operator, undefined when it has none. */
export function operatorPermissionOf(endpoint: Endpoint): OperatorPermission | null | undefined {
  for (const phase of hookPhases) {
    const guard = hooksOf(endpoint.route, phase).find(isOperatorGuard) as
      { permission: OperatorPermission | null } | undefined;
    if (guard) return guard.permission;
  }
  return undefined;
}

/** Guards that run after body parsing and validation (anything but onRequest): the defect this matrix guards against. */
export function lateGuardPhases(endpoint: Endpoint): HookPhase[] {
  const isGuard = (hook: Hook) => isMemberGuard(hook) || isOperatorGuard(hook);
  return phasesOf(endpoint.route, isGuard).filter((phase) => phase !== 'onRequest');
}

/** The URL to call: path parameters filled with a well-formed id. */
export function concreteUrl(endpoint: Endpoint, query = ''): string {
  const path = endpoint.url.replace(/:[A-Za-z]+/g, '1');
  return query ? `${path}?${query}` : path;
}

/** The zod schema of a part of the request, when the route declares one. */
export function requestSchemaOf(
  endpoint: Endpoint,
  part: 'body' | 'querystring',
): { safeParse(input: unknown): { success: boolean } } | undefined {
  const schema = (endpoint.route.schema as Record<string, unknown> | undefined)?.[part];
  return schema && typeof (schema as { safeParse?: unknown }).safeParse === 'function'
    ? (schema as { safeParse(input: unknown): { success: boolean } })
    : undefined;
}

/** A sealed call records its nonce as soon as it is opened (replay protection), whatever the answer. */
const replayGuardTables = new Set(['sealed_nonce']);

const fingerprintedTables = [
  'member',
  'member_bank_account',
  'ledger_account',
  'deposit',
  'withdrawal',
  'operator',
  'game_favorite',
] as const;

/**
 * Everything a refused call must leave as it was: the row count of every table of the schema, and
 * the full content of the tables that hold members, money and operators. Session rows are counted
 * only (a passing guard may refresh `last_seen_at`). `ignoredTables` are left out of the counts.
 */
/** The schema's tables, read once per database: migrations do not run during a test. */
const tableLists = new WeakMap<Kysely<Database>, Promise<string[]>>();
function tablesOf(db: Kysely<Database>): Promise<string[]> {
  let tables = tableLists.get(db);
  if (!tables) {
    tables = sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
      .execute(db)
      .then((result) => result.rows.map(({ name }) => name));
    tableLists.set(db, tables);
  }
  return tables;
}

export async function databaseFingerprint(
  db: Kysely<Database>,
  ignoredTables: readonly string[] = [],
): Promise<Record<string, string>> {
  const counted = (await tablesOf(db)).filter((name) => !replayGuardTables.has(name) && !ignoredTables.includes(name));
  // One statement, so that the matrix's hundreds of calls do not each cost dozens of round trips.
  const { rows } = await sql<{ key: string; value: string }>`${sql.join(
    [
      ...counted.map(
        (name) => sql`SELECT ${`rows of ${name}`}::text AS key, count(*)::text AS value FROM ${sql.table(name)}`,
      ),
      ...fingerprintedTables.map(
        (name) =>
          sql`SELECT ${`content of ${name}`}::text AS key, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS value FROM ${sql.table(name)} t`,
      ),
    ],
    sql` UNION ALL `,
  )}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}
