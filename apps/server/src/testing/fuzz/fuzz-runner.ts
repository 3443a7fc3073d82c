import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { sealForTest } from '../seal-payload.ts';
import { checkAnswer } from './checks.ts';
import { requestArbitrary, type FuzzRequest } from './fuzz-requests.ts';
import type { FuzzTarget } from './fuzz-target.ts';
import { sendOverHttp, type WireRequest, type WireResponse } from './http-sender.ts';
import { snapshotDifferences, StateSnapshots, type StateSnapshot } from './state-snapshot.ts';

export interface FuzzOptions {
  seed: number;
  /** Requests per route. */
  runs: number;
  /** Only the route with this key (`POST /wps/session/login`), or else the routes whose key contains it. */
  routeFilter?: string;
  /** Stop after this many failing routes (each route reports its first failure only). */
  maxFailures?: number;
  timeoutMs?: number;
  onProgress?: (line: string) => void;
}

export interface FuzzFailure {
  route: string;
  /** Which request of the route's sequence (0-based): the same seed and route give the same sequence. */
  index: number;
  seed: number;
  request: FuzzRequest;
  sent: WireRequest;
  status: number | null;
  answer: string;
  problems: string[];
}

export interface FuzzReport {
  seed: number;
  routes: number;
  requests: number;
  statusCounts: Record<string, number>;
  failures: FuzzFailure[];
}

/** The seed of one route's sequence: the run's seed mixed with the route's key, so `--route` replays it alone. */
export function routeSeed(seed: number, routeKey: string): number {
  let hash = seed | 0;
  for (let index = 0; index < routeKey.length; index++) hash = Math.imul(hash ^ routeKey.charCodeAt(index), 0x01000193);
  return hash | 0;
}

/**
 * Sends `runs` generated requests to every route and checks each answer (see checks.ts), that a
 * refused request (4xx) changed no table's row count nor the ledger's sums, and that nothing was
 * added to the shared prototypes of the server's process.
 */
export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const filter = options.routeFilter;
  // An exact key picks that route alone (a replay); other text picks every route containing it.
  const exact = target.routes.filter((route) => route.key === filter);
  const routes = exact.length > 0 ? exact : target.routes.filter((route) => !filter || route.key.includes(filter));
  if (routes.length === 0) throw new Error(`no route matches "${filter}"`);
  const snapshots = new StateSnapshots(target.db as Kysely<unknown>);
  const report: FuzzReport = { seed: options.seed, routes: routes.length, requests: 0, statusCounts: {}, failures: [] };
  const prototypeKeys = prototypeShape();

  for (const route of routes) {
    const isVendorCall = route.path.startsWith('/vendor-api/');
    const effectiveRoute = isVendorCall ? { ...route, bodySchema: target.vendorBodySchema } : route;
    const requests = fc.sample(requestArbitrary(effectiveRoute, { isVendorCall }), {
      seed: routeSeed(options.seed, route.key),
      numRuns: options.runs,
    });
    options.onProgress?.(`${route.key} (${requests.length} requests)`);
    // The state after a refusal is the state before the next request; after anything else it is read again.
    let before: StateSnapshot | null = null;
    // Sessions serve the route's requests until one is accepted (it may have been a logout). They are
    // opened only while no snapshot is held, so opening one never counts as a change.
    const openSessions = async () => ({
      member: await target.newMemberToken(),
      operator: await target.newOperatorToken(),
    });
    let sessions = await openSessions();
    for (const [index, request] of requests.entries()) {
      const sent = await toWire(target, request, sessions);
      before ??= await snapshots.take();
      let response: WireResponse | null = null;
      let problems: string[];
      try {
        response = await sendOverHttp(target.origin, sent, options.timeoutMs ?? 20_000);
        problems = checkAnswer({ route, sent, response });
      } catch (error) {
        problems = [`no answer: ${(error as Error).message}`];
      }
      report.requests++;
      const status = response?.status ?? null;
      report.statusCounts[String(status)] = (report.statusCounts[String(status)] ?? 0) + 1;
      if (status !== null && status >= 400 && status < 500) {
        const after = await snapshots.take();
        const changes = snapshotDifferences(before, after);
        if (changes.length > 0) problems.push(`a refused request (${status}) changed the data: ${changes.join(', ')}`);
        before = after;
      } else {
        before = null;
        sessions = await openSessions();
      }
      const polluted = prototypeShape();
      if (polluted !== prototypeKeys) problems.push(`the shared prototypes changed: ${polluted}`);
      if (problems.length > 0) {
        report.failures.push({
          route: route.key,
          index,
          seed: options.seed,
          request,
          sent,
          status,
          answer: response ? response.body.toString('utf8').slice(0, 1500) : '',
          problems,
        });
        break;
      }
    }
    if (report.failures.length >= (options.maxFailures ?? 25)) break;
  }
  return report;
}

/** Own keys of the prototypes a polluting merge would reach; any new one is a pollution. */
function prototypeShape(): string {
  return [Object.prototype, Array.prototype, Function.prototype]
    .map((prototype) => Object.getOwnPropertyNames(prototype).sort().join(','))
    .join('|');
}

/** The request as it goes on the wire: a fresh session for member calls, sealed and signed bodies. */
async function toWire(
  target: FuzzTarget,
  request: FuzzRequest,
  sessions: Record<'member' | 'operator', string>,
): Promise<WireRequest> {
  const headers: Array<[string, string]> = [...request.headers];
  switch (request.auth) {
    case 'anonymous':
      break;
    case 'member':
      headers.push(['Authorization', sessions.member]);
      break;
    case 'operator':
      headers.push(['Authorization', sessions.operator]);
      break;
    case 'member-twice':
      headers.push(['Authorization', sessions.member], ['Authorization', randomBytes(32).toString('base64url')]);
      break;
    case 'member-bearer':
      headers.push(['Authorization', `Bearer ${sessions.member}`]);
      break;
    case 'garbage-token':
      headers.push(['Authorization', randomBytes(32).toString('base64url')]);
      break;
    case 'huge-token':
      headers.push(['Authorization', 'A'.repeat(7000)]);
      break;
  }
  let body =
    request.body === undefined ? undefined : Buffer.from(request.body, request.isBinaryBody ? 'latin1' : 'utf8');
  if (request.sealedPayload !== undefined) {
    // ts and nonce are the scheme's and must be fresh: they are added now, in front of the payload's own keys.
    const fields = `"ts":${Date.now()},"nonce":"${randomBytes(16).toString('base64url')}"`;
    const payload = request.sealedPayload.startsWith('{')
      ? `{${fields}${request.sealedPayload === '{}' ? '' : ','}${request.sealedPayload.slice(1)}`
      : request.sealedPayload;
    const sealed = sealForTest({}, target.publicKey, { plaintext: Buffer.from(payload, 'utf8') });
    body = Buffer.from(JSON.stringify(sealed.body), 'utf8');
    if (!headers.some(([name]) => name.toLowerCase() === 'encryption'))
      headers.push(['Encryption', sealed.encryptionHeader]);
  }
  if (request.signature && request.signature !== 'none') {
    const raw = body?.toString('utf8') ?? '';
    const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('hex');
    const signature = {
      valid: sign(target.vendorSecret, raw),
      'wrong-secret': sign('not-the-vendor-secret', raw),
      'not-hex': `zz${sign(target.vendorSecret, raw).slice(2)}`,
      'other-body': sign(target.vendorSecret, `${raw} `),
      twice: sign(target.vendorSecret, raw),
    }[request.signature];
    headers.push(['X-Signature', signature]);
    if (request.signature === 'twice') headers.push(['X-Signature', signature]);
  }
  return { method: request.method, url: request.url, headers, ...(body === undefined ? {} : { body }) };
}

/** A failure as a person replays it: the request (long bodies cut), the answer, and the command. */
export function describeFailure(failure: FuzzFailure, runs: number): string {
  const body = failure.sent.body?.toString('utf8');
  const shownBody =
    body === undefined
      ? '(none)'
      : body.length > 2000
        ? `${JSON.stringify(body.slice(0, 400))}... (${body.length} characters in all)`
        : JSON.stringify(body);
  return [
    `FAIL ${failure.route} (request #${failure.index}, ${failure.request.mutation})`,
    ...failure.problems.map((problem) => `  - ${problem}`),
    `  request: ${failure.sent.method} ${failure.sent.url.length > 500 ? `${failure.sent.url.slice(0, 500)}... (${failure.sent.url.length} characters)` : failure.sent.url}`,
    ...failure.sent.headers.map(
      ([name, value]) =>
        `    ${name}: ${value.length > 200 ? `${value.slice(0, 200)}... (${value.length} characters)` : value}`,
    ),
    `  body: ${shownBody}`,
    `  answer: ${failure.status ?? 'none'} ${failure.answer.slice(0, 600)}`,
    `  replay: npm run fuzz -- --seed ${failure.seed} --runs ${runs} --route '${failure.route}'`,
  ].join('\n');
}
