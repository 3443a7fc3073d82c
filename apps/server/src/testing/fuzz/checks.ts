import { htmlPayloads } from './hostile-values.ts';
import type { WireRequest, WireResponse } from './http-sender.ts';
import type { FuzzRoute } from './route-table.ts';

/**
 * Text that only the inside of the server knows: stack frames, file paths, driver and PostgreSQL
 * messages, JavaScript error names. None may reach a client, whatever it sent.
 */
const internalTextPatterns: Array<[string, RegExp]> = [
  ['a stack frame', /\bat [\w$.<>]+ \(|\n\s+at /],
  ['a file path', /node_modules|\/work\/|file:\/\/|\.(?:ts|js|mjs):\d+/],
  [
    'a JavaScript error name',
    /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|EvalError|URIError|AggregateError)\b/,
  ],
  ['SQL text', /\b(?:select\s+[\w*",\s]+\s+from|insert\s+into|update\s+\w+\s+set|delete\s+from)\b/i],
  [
    'a PostgreSQL message',
    /violates (?:unique|foreign key|check|not-null) constraint|syntax error at or near|invalid input syntax for|relation "\w+" does not exist|duplicate key value|unsupported Unicode escape|invalid byte sequence|out of range for type|value too long for type/i,
  ],
  [
    'an internal error text',
    /Maximum call stack size exceeded|Cannot read properties of|is not a function|ECONNREFUSED|Unexpected token/,
  ],
];

export interface CheckContext {
  route: FuzzRoute;
  sent: WireRequest;
  response: WireResponse;
}

/** What is wrong with one answer (empty: nothing). State and prototype checks are the runner's. */
export function checkAnswer({ route, sent, response }: CheckContext): string[] {
  const problems: string[] = [];
  const { status } = response;
  const contentType = String(response.headers['content-type'] ?? '');
  const text = response.body.toString('utf8');
  const sentText = `${sent.url}\n${sent.headers.map(([name, value]) => `${name}: ${value}`).join('\n')}\n${sent.body?.toString('utf8') ?? ''}`;

  if (status >= 500) problems.push(`answered ${status}: a client's input must never cause a 5xx`);

  // A page (the DEMOPAY pay page) may answer its refusals as a page; every other refusal is an envelope.
  const isPageRefusal = !route.answersEnvelope && route.method === 'GET' && contentType.startsWith('text/html');
  const mustBeEnvelope = status >= 400 ? !isPageRefusal : status < 300 && route.answersEnvelope;
  if (mustBeEnvelope && !response.isStream) {
    const problem = envelopeProblem(status, contentType, text);
    if (problem) problems.push(problem);
  }

  if (!route.isDocumentation && /json|html|text|xml/.test(contentType)) {
    for (const [what, pattern] of internalTextPatterns) {
      const match = pattern.exec(text);
      // Text the client sent itself (its SQL, its file path) may come back as data; that is no leak.
      if (match && !sentText.toLowerCase().includes(match[0].toLowerCase()))
        problems.push(`the answer shows ${what}: "${excerpt(text, match.index)}"`);
    }
  }

  if (contentType.startsWith('text/html')) {
    for (const payload of htmlPayloads) {
      if (sentText.includes(payload) && text.includes(payload))
        problems.push(`an HTML page echoes the HTML sent, unescaped: ${payload}`);
    }
  }
  return problems;
}

function envelopeProblem(status: number, contentType: string, text: string): string | null {
  if (!contentType.startsWith('application/json')) return `expected a JSON envelope, got content type "${contentType}"`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'the body is not valid JSON';
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'the body is not an envelope object';
  const envelope = body as Record<string, unknown>;
  if (typeof envelope.success !== 'boolean') return 'the envelope has no boolean "success"';
  if (!('value' in envelope)) return 'the envelope has no "value"';
  if (envelope.success !== status < 400) return `"success": ${envelope.success} with status ${status}`;
  if (!envelope.success) {
    if (typeof envelope.errorCode !== 'string' || envelope.errorCode === '')
      return 'an error envelope without "errorCode"';
    if (typeof envelope.message !== 'string' || envelope.message === '') return 'an error envelope without "message"';
  }
  return null;
}

function excerpt(text: string, index: number): string {
  return text.slice(Math.max(0, index - 60), index + 100).replace(/\s+/g, ' ');
}
