import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkLedger } from '../../modules/ledger/index.ts';
import { createTestDatabase, type TestDatabase } from '../test-database.ts';
import { checkAnswer } from './checks.ts';
import { describeFailure, runFuzz } from './fuzz-runner.ts';
import { startFuzzTarget, type FuzzTarget } from './fuzz-target.ts';
import type { WireResponse } from './http-sender.ts';
import type { FuzzRoute } from './route-table.ts';

/**
 * The bounded run of `npm run fuzz` (docs/testing.md): a fixed seed and a few requests per route, so
 * it stays within tens of seconds. A failure prints the request and the command that replays it.
 */
const seed = 20261126;
const runs = 3;

let database: TestDatabase;
let target: FuzzTarget;

beforeAll(async () => {
  database = await createTestDatabase();
  target = await startFuzzTarget(database);
});

afterAll(async () => {
  await target?.close();
  await database?.drop();
});

describe('npm run fuzz, bounded', () => {
  test('the route table has every route of the app, from the OpenAPI document and the router', () => {
    const keys = target.routes.map((route) => route.key);
    for (const key of [
      'POST /wps/session/login',
      'GET /admin-api/members/{memberId}',
      'POST /vendor-api/{vendorCode}/bet',
      'GET /healthz',
      'GET /wps/dev/outbox',
    ]) {
      expect(keys).toContain(key);
    }
    expect(target.routes.find((route) => route.key === 'POST /wps/session/login')?.isSealed).toBe(true);
    expect(keys.length).toBeGreaterThan(120);
  });

  test(`every route answers ${runs} hostile requests (seed ${seed}) as it must`, async () => {
    const report = await runFuzz(target, { seed, runs });
    expect(report.failures.map((failure) => describeFailure(failure, runs))).toEqual([]);
    expect(report.requests).toBe(report.routes * runs);
    // The run reached past the guards: some requests were accepted, some refused for their content.
    expect(report.statusCounts['200']).toBeGreaterThan(0);
    expect(report.statusCounts['400']).toBeGreaterThan(0);
    expect((await checkLedger(database.db)).ok).toBe(true);
  }, 240_000);
});

describe('the answer checks', () => {
  const route: FuzzRoute = {
    key: 'GET /x',
    method: 'GET',
    path: '/x',
    pathParams: [],
    queryParams: [],
    isMultipart: false,
    isSealed: false,
    answersEnvelope: true,
    isDocumentation: false,
  };
  const answer = (status: number, body: string, contentType = 'application/json; charset=utf-8'): WireResponse => ({
    status,
    headers: { 'content-type': contentType },
    body: Buffer.from(body),
    isStream: false,
  });
  const sent = {
    method: 'GET',
    url: '/x?q=%3Cscript%3E',
    headers: [['Merchant', 'demo']] as Array<[string, string]>,
    body: Buffer.from('<script>alert(1)</script>'),
  };

  test.each([
    ['a 5xx', answer(500, '{"success":false,"value":null,"errorCode":"internal.error","message":"x"}'), /answered 500/],
    ['a body that is not JSON', answer(400, 'Bad Request'), /not valid JSON/],
    ["Fastify's own error shape", answer(400, '{"error":"Bad Request","statusCode":400}'), /no boolean "success"/],
    ['an error without errorCode', answer(404, '{"success":false,"value":null,"message":"x"}'), /without "errorCode"/],
    ['success with an error status', answer(400, '{"success":true,"value":null}'), /"success": true with status 400/],
    [
      'a stack frame',
      answer(400, '{"success":false,"value":null,"errorCode":"x","message":"boom\\n    at handler (/srv/app.js:1:1)"}'),
      /stack frame/,
    ],
    [
      'SQL text',
      answer(400, '{"success":false,"value":null,"errorCode":"x","message":"select id from member where"}'),
      /SQL text/,
    ],
    [
      'a PostgreSQL message',
      answer(
        409,
        '{"success":false,"value":null,"errorCode":"x","message":"duplicate key value violates unique constraint"}',
      ),
      /PostgreSQL message/,
    ],
    [
      'a JavaScript error',
      answer(400, '{"success":false,"value":null,"errorCode":"x","message":"TypeError: x"}'),
      /JavaScript error/,
    ],
    ['reflected HTML', answer(200, '<p><script>alert(1)</script></p>', 'text/html'), /echoes the HTML/],
  ])('refuses %s', (_name, response, problem) => {
    expect(checkAnswer({ route, sent, response }).join('\n')).toMatch(problem);
  });

  test('accepts a well-formed refusal, and text the client sent coming back as data', () => {
    expect(
      checkAnswer({
        route,
        sent,
        response: answer(
          400,
          '{"success":false,"value":null,"errorCode":"validation.failed","message":"Invalid input: q"}',
        ),
      }),
    ).toEqual([]);
    const echoed = { ...sent, body: Buffer.from('{"name":"select id from member"}') };
    expect(
      checkAnswer({
        route,
        sent: echoed,
        response: answer(200, '{"success":true,"value":{"name":"select id from member"}}'),
      }),
    ).toEqual([]);
  });
});
