import fc from 'fast-check';

/** HTML that must never come back unescaped in an HTML page (the reflected-HTML check looks for these). */
export const htmlPayloads = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  '</title><iframe src=javascript:alert(1)>',
] as const;

const sqlPayloads = [
  "' OR '1'='1",
  '1; DROP TABLE member; --',
  "' UNION SELECT password_hash FROM member --",
  "\\'; SELECT pg_sleep(0); --",
  '%_%',
  '$1',
  "E'\\\\x00'",
];

const unicodePayloads = [
  '\u202Eevil\u202C',
  '\u200F\u0627\u0644\u0639\u0631\u0628\u064A\u0629',
  '🦄👨‍👩‍👧‍👦🏳️‍🌈',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '\u200B\u200C\u200D',
  'ภาษาไทย\u0E4C\u0E4C\u0E4C',
  '１２３',
  '\u0661\u0662\u0663',
  'e\u0301\u0301\u0301\u0301',
  '\r\nSet-Cookie: fuzz=1',
  '\u2028\u2029',
];

const trickyStrings = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '0x10',
  '99999999999999999999999999',
  '1.005',
  'true',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  '../../../../etc/passwd',
  '%00',
  '%',
  '{{7*7}}',
  '${7*7}',
  'a'.repeat(300),
];

/** One hostile string: SQL, HTML, unicode traps, tricky numbers, random code points, or a long one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...sqlPayloads),
  fc.constantFrom(...htmlPayloads),
  fc.constantFrom(...unicodePayloads),
  fc.constantFrom(...trickyStrings),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'Z'.repeat(length)),
);

/** A JSON value nested `depth` levels deep (arrays or objects). */
export function deeplyNested(depth: number, asObject: boolean): string {
  return asObject ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);
}

/** A JSON value of the wrong type or shape for any field. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    Number.MAX_SAFE_INTEGER,
    [],
    {},
    [null],
    { '': '' },
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.integer({ min: 10, max: 60 }).map((depth) => JSON.parse(deeplyNested(depth, true)) as unknown),
);

/**
 * Raw JSON fragments that only exist as text (a JS object cannot hold an own `__proto__` key made by
 * a literal), spliced into bodies as the value of an extra key.
 */
export const prototypeKeyFragments = [
  '"__proto__":{"fuzzPolluted":true}',
  '"constructor":{"prototype":{"fuzzPolluted":true}}',
  '"prototype":{"fuzzPolluted":true}',
  '"__proto__":null',
  '"hasOwnProperty":"x"',
  '"toString":1',
];

/** Broken JSON texts and other bodies that are not what the call takes. */
export const malformedBodies = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  'null',
  'true',
  '"text"',
  '123',
  '[]',
  'NaN',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1e999999}',
  '\uFEFF{}',
  '<?xml version="1.0"?><a>1</a>',
  '--boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--boundary--',
];

export const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;;',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  '*/*',
  'image/png',
  '',
];

/** Query strings that are broken in themselves (percent signs, brackets, repeats, pollution keys). */
export const brokenQueryStrings = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AE%C0%AE',
  'a=%00',
  '&&&=&=',
  '=1',
  '__proto__=1',
  '__proto__[fuzzPolluted]=1',
  'constructor[prototype][fuzzPolluted]=1',
  'a[]=1&a[]=2',
  'pageNo=1&pageNo=2',
  'pageSize=-1',
  'pageSize=99999999999999999999',
  'language=XX',
  'x=' + 'q'.repeat(6000),
];
