import fc from 'fast-check';
import {
  brokenQueryStrings,
  contentTypes,
  deeplyNested,
  hostileJsonValue,
  hostileString,
  malformedBodies,
  prototypeKeyFragments,
} from './hostile-values.ts';
import type { FuzzRoute } from './route-table.ts';
import { valueFromSchema } from './schema-values.ts';

/** Who the request claims to be; the token itself is put in at send time (sessions are made per request). */
export type FuzzAuth =
  'anonymous' | 'member' | 'operator' | 'member-twice' | 'member-bearer' | 'garbage-token' | 'huge-token';

/** How a vendor call is signed (X-Signature), decided at send time over the exact bytes sent. */
export type FuzzSignature = 'none' | 'valid' | 'wrong-secret' | 'not-hex' | 'other-body' | 'twice';

/** One generated request: plain data, so it prints and replays exactly. */
export interface FuzzRequest {
  route: string;
  /** What is hostile about it ("valid" when nothing is meant to be). */
  mutation: string;
  method: string;
  /** Path and query exactly as sent (already percent-encoded where needed). */
  url: string;
  headers: Array<[string, string]>;
  auth: FuzzAuth;
  /** The body; with `isBinaryBody` each character is one byte (latin1), to send invalid UTF-8. */
  body?: string;
  isBinaryBody?: boolean;
  /** For sealed calls: this JSON text (the payload, before ts and nonce) is sealed at send time. */
  sealedPayload?: string;
  signature?: FuzzSignature;
}

/** Percent-encodes every byte that is not unreserved (lone surrogates go out as U+FFFD, as a browser would). */
export function percentEncode(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** A header value as raw bytes on the wire: UTF-8 read as latin1, without the control characters HTTP forbids. */
export function headerValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  const forbidden = /[\x00-\x08\x0a-\x1f\x7f]/g;
  return Buffer.from(value, 'utf8').toString('latin1').replace(forbidden, '').slice(0, 7000);
}

type Part = 'path' | 'query' | 'body';

interface ValidParts {
  pathValues: Record<string, string>;
  queryValues: Array<[string, string]>;
  body: unknown;
}

function validParts(route: FuzzRoute): fc.Arbitrary<ValidParts> {
  const pathValues: Record<string, fc.Arbitrary<string>> = {};
  for (const param of route.pathParams)
    pathValues[param.name] = valueFromSchema(param.schema ?? { type: 'string', pattern: '^[1-9][0-9]{0,5}$' }).map(
      String,
    );
  const queryValues = route.queryParams.map((param) => {
    const value = valueFromSchema(param.schema).map((sample) => [param.name, String(sample)] as [string, string]);
    return param.required
      ? value.map((pair) => [pair])
      : fc.option(value, { nil: null, freq: 2 }).map((pair) => (pair ? [pair] : []));
  });
  return fc.record({
    pathValues: fc.record(pathValues),
    queryValues: fc.tuple(...queryValues).map((pairs) => pairs.flat()),
    body: route.bodySchema ? valueFromSchema(route.bodySchema) : fc.constant(undefined),
  });
}

interface Mutation {
  name: string;
  apply(parts: ValidParts, request: FuzzRequest): void;
  /** Works on the URL's text once built (broken percent signs cannot travel as values). */
  rewriteUrl?(url: string): string;
}

/** Replaces one named value of the body, the query or the path with a hostile one. */
function hostileField(part: Part, value: unknown, pick: number): Mutation {
  return {
    name: `hostile ${part} value`,
    apply(parts) {
      if (part === 'path') {
        const names = Object.keys(parts.pathValues);
        if (names.length > 0) parts.pathValues[names[pick % names.length]!] = String(value);
      } else if (part === 'query') {
        const names = parts.queryValues.map(([name]) => name);
        const name =
          names.length > 0 ? names[pick % names.length]! : ['pageNo', 'depositId', 'id', 'to', 'q'][pick % 5]!;
        parts.queryValues = parts.queryValues.filter(([other]) => other !== name);
        parts.queryValues.push([name, typeof value === 'string' ? value : (JSON.stringify(value) ?? '')]);
      } else if (parts.body !== null && typeof parts.body === 'object' && !Array.isArray(parts.body)) {
        const body = parts.body as Record<string, unknown>;
        const names = Object.keys(body);
        body[names.length > 0 ? names[pick % names.length]! : 'field'] = value;
      } else {
        parts.body = { field: value };
      }
    },
  };
}

/** Characters that pass length and type checks but trip databases, parsers and pages. */
const trapCharacters = [
  '\uD800',
  '\uDC00',
  '\u202E',
  '🦄',
  '\u200B',
  '\uFEFF',
  '<script>alert(1)</script>',
  "'",
  '"',
  '\\',
  '%',
  '_',
  '\n',
];

/** NUL most often: PostgreSQL text cannot hold it, so it is the trap most likely to become a 500. */
const trapCharacter = fc.oneof(
  { weight: 2, arbitrary: fc.constant('\u0000') },
  { weight: 3, arbitrary: fc.constantFrom(...trapCharacters) },
);

/** Puts a trap character in the middle of one text value of the body or the query, valid otherwise. */
function trapInText(part: 'body' | 'query', trap: string, pick: number): Mutation {
  const insert = (value: unknown) => {
    const text = typeof value === 'string' ? value : String(value ?? '');
    const at = text.length === 0 ? 0 : pick % (text.length + 1);
    return text.slice(0, at) + trap + text.slice(at);
  };
  return {
    name: `trap character in a ${part} text`,
    apply(parts) {
      if (part === 'query') {
        if (parts.queryValues.length === 0) return;
        const index = pick % parts.queryValues.length;
        parts.queryValues[index] = [parts.queryValues[index]![0], insert(parts.queryValues[index]![1])];
      } else if (parts.body !== null && typeof parts.body === 'object' && !Array.isArray(parts.body)) {
        const body = parts.body as Record<string, unknown>;
        const texts = Object.keys(body).filter((name) => typeof body[name] === 'string');
        const names = texts.length > 0 ? texts : Object.keys(body);
        if (names.length > 0) body[names[pick % names.length]!] = insert(body[names[pick % names.length]!]);
      }
    },
  };
}

function mutations(route: FuzzRoute): fc.Arbitrary<Mutation> {
  const hasBody = route.method !== 'GET';
  const rawBody = (name: string, body: string, contentType = 'application/json', isBinary = false): Mutation => ({
    name,
    apply(_parts, request) {
      request.body = body;
      if (isBinary) request.isBinaryBody = true;
      setHeader(request, 'content-type', contentType);
    },
  });
  const options: Array<fc.WeightedArbitrary<Mutation>> = [
    { weight: 2, arbitrary: fc.constant<Mutation>({ name: 'valid', apply() {} }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom<Part>('query', 'path'), hostileString, fc.nat())
        .map(([part, value, pick]) => hostileField(part, value, pick)),
    },
    { weight: 2, arbitrary: fc.tuple(trapCharacter, fc.nat()).map(([trap, pick]) => trapInText('query', trap, pick)) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.constantFrom('query', 'path'),
          fc.constantFrom(...brokenQueryStrings, '..', '%2e%2e%2f', '%00', '%ff%fe', '%uD800', '.%0d%0a'),
        )
        .map(([where, raw]) => ({
          name: `broken ${where} text`,
          apply() {},
          rewriteUrl(url: string) {
            if (where === 'query') return url + (url.includes('?') ? '&' : '?') + raw;
            // The last path segment, whatever it is, becomes the broken text.
            return url.replace(/\/([^/?]*)(\?|$)/, `/${raw}$2`);
          },
        })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'Merchant',
            'Language',
            'Device',
            'Authorization',
            'Content-Type',
            'Idempotency-Key',
            'X-Forwarded-For',
            'Accept-Language',
            'Encryption',
          ),
          fc.oneof(hostileString, fc.constantFrom('demo', 'EN', 'TH', 'xx', '')),
          fc.constantFrom('replace', 'remove', 'duplicate'),
        )
        .map(([name, value, how]) => ({
          name: `header ${name} ${how}`,
          apply(_parts: ValidParts, request: FuzzRequest) {
            const lower = name.toLowerCase();
            if (how === 'remove')
              request.headers = request.headers.filter(([header]) => header.toLowerCase() !== lower);
            else if (how === 'replace') setHeader(request, name, headerValue(value));
            else request.headers.push([name, headerValue(value)]);
          },
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<FuzzAuth>('member-twice', 'member-bearer', 'garbage-token', 'huge-token')
        .map((auth) => ({
          name: `token ${auth}`,
          apply(_parts: ValidParts, request: FuzzRequest) {
            request.auth = auth;
          },
        })),
    },
  ];
  if (hasBody) {
    options.push(
      {
        weight: 4,
        arbitrary: fc.tuple(hostileJsonValue, fc.nat()).map(([value, pick]) => hostileField('body', value, pick)),
      },
      { weight: 4, arbitrary: fc.tuple(trapCharacter, fc.nat()).map(([trap, pick]) => trapInText('body', trap, pick)) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(...prototypeKeyFragments).map((fragment) => ({
          name: 'prototype pollution key',
          apply(parts: ValidParts, request: FuzzRequest) {
            const text = JSON.stringify(parts.body ?? {});
            request.body = text.startsWith('{') && text !== '{}' ? `{${fragment},${text.slice(1)}` : `{${fragment}}`;
            // Nested too: a key deeper down must be refused or ignored just the same.
            if (request.body.includes('"a":')) request.body = request.body.replace('"a":', `"a":{${fragment}},"b":`);
          },
        })),
      },
      {
        weight: 1,
        arbitrary: hostileJsonValue.map((value) => rawBody('body of the wrong type', JSON.stringify(value) ?? 'null')),
      },
      { weight: 2, arbitrary: fc.constantFrom(...malformedBodies).map((body) => rawBody('malformed body', body)) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(2_000, 20_000, 150_000), fc.boolean(), fc.boolean())
          .map(([depth, asObject, asField]) => ({
            name: `nested ${depth} deep`,
            apply(parts: ValidParts, request: FuzzRequest) {
              const nested = deeplyNested(depth, asObject);
              const text = JSON.stringify(parts.body ?? {});
              request.body =
                asField && text.startsWith('{') && text !== '{}' ? `{"deep":${nested},${text.slice(1)}` : nested;
              setHeader(request, 'content-type', 'application/json');
            },
          })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(fc.constantFrom(1_000_000, 1_048_576 + 10, 3_000_000), fc.nat()).map(([length, pick]) => ({
          name: `text of ${length} bytes`,
          apply(parts: ValidParts, request: FuzzRequest) {
            hostileField('body', 'é'.repeat(length / 2), pick).apply(parts, request);
          },
        })),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom(...contentTypes).map((contentType) => ({
          name: `content type "${contentType}"`,
          apply(_parts: ValidParts, request: FuzzRequest) {
            if (contentType === '')
              request.headers = request.headers.filter(([header]) => header.toLowerCase() !== 'content-type');
            else setHeader(request, 'content-type', contentType);
          },
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .uint8Array({ minLength: 1, maxLength: 200 })
          .map((bytes) =>
            rawBody(
              'bytes that are not UTF-8',
              Buffer.from([0xff, 0xfe, ...bytes]).toString('latin1'),
              'application/json',
              true,
            ),
          ),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.uint8Array({ maxLength: 300 }), hostileString, fc.constantFrom('file', 'other', '__proto__'))
          .map(([bytes, filename, field]) => {
            const body = Buffer.concat([
              Buffer.from(
                `--fuzz\r\nContent-Disposition: form-data; name="${field}"; filename="${filename.replace(/["\r\n]/g, '')}"\r\nContent-Type: image/png\r\n\r\n`,
                'utf8',
              ),
              Buffer.from([0x89, 0x50, 0x4e, 0x47, ...bytes]),
              Buffer.from('\r\n--fuzz--\r\n'),
            ]);
            return rawBody('multipart upload', body.toString('latin1'), 'multipart/form-data; boundary=fuzz', true);
          }),
      },
    );
  }
  return fc.oneof(...options);
}

function setHeader(request: FuzzRequest, name: string, value: string): void {
  const lower = name.toLowerCase();
  request.headers = request.headers.filter(([header]) => header.toLowerCase() !== lower);
  request.headers.push([name, value]);
}

function buildUrl(route: FuzzRoute, parts: ValidParts): string {
  let path = route.path;
  for (const [name, value] of Object.entries(parts.pathValues))
    path = path.replace(`{${name}}`, value === '' ? '' : percentEncode(value));
  const query = parts.queryValues.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

/** Requests for one route: valid ones, and ones with one hostile part (value, text, header, body or content type). */
export function requestArbitrary(route: FuzzRoute, options: { isVendorCall: boolean }): fc.Arbitrary<FuzzRequest> {
  const signatures: FuzzSignature[] = ['none', 'valid', 'valid', 'wrong-secret', 'not-hex', 'other-body', 'twice'];
  return fc
    .tuple(
      validParts(route),
      mutations(route),
      fc.ipV4(),
      fc.constantFrom<FuzzAuth>(
        ...(route.path.startsWith('/admin-api/')
          ? (['anonymous', 'member', 'operator', 'operator'] as const)
          : (['anonymous', 'member'] as const)),
      ),
      fc.constantFrom('EN', 'TH'),
      fc.uuid(),
      fc.constantFrom(...signatures),
      fc.boolean(),
    )
    .map(([validValues, mutation, clientIp, auth, language, idempotencyKey, signature, sealIt]) => {
      const parts: ValidParts = structuredClone(validValues);
      const request: FuzzRequest = {
        route: route.key,
        mutation: mutation.name,
        method: route.method,
        url: '',
        headers: [
          ['Merchant', 'demo'],
          ['Language', language],
          ['Device', 'web'],
          // A client address of its own (the app trusts the loopback proxy): per-IP throttles would otherwise refuse most of a run.
          ['X-Forwarded-For', clientIp],
        ],
        auth,
      };
      if (route.method !== 'GET') {
        request.headers.push(['Idempotency-Key', idempotencyKey]);
        if (route.bodySchema || route.isMultipart || options.isVendorCall)
          request.headers.push(['Content-Type', 'application/json']);
      }
      mutation.apply(parts, request);
      const url = buildUrl(route, parts);
      request.url = mutation.rewriteUrl ? mutation.rewriteUrl(url) : url;
      if (request.body === undefined && parts.body !== undefined && route.method !== 'GET')
        request.body = JSON.stringify(parts.body);
      if (route.isSealed && sealIt && request.body !== undefined && !request.isBinaryBody) {
        request.sealedPayload = request.body;
        delete request.body;
      }
      if (options.isVendorCall) request.signature = signature;
      return request;
    });
}
