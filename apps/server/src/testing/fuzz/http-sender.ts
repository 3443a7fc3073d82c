import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface WireRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body?: Buffer;
}

export interface WireResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** A server-sent events answer: only its head is read, then the connection is closed. */
  isStream: boolean;
}

/**
 * Sends one request over a real socket, headers exactly as listed (a duplicated header goes out
 * twice, as a hostile client would send it; `app.inject` cannot). Rejects when no answer comes
 * within `timeoutMs`: a request that hangs the server is a defect too.
 */
export function sendOverHttp(
  origin: { host: string; port: number },
  request: WireRequest,
  timeoutMs: number,
): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    // With headers given as a list, Node adds no Host; HTTP/1.1 requires one.
    const rawHeaders: string[] = request.headers.some(([name]) => name.toLowerCase() === 'host')
      ? []
      : ['Host', `${origin.host}:${origin.port}`];
    for (const [name, value] of request.headers) rawHeaders.push(name, value);
    if (request.body !== undefined) rawHeaders.push('Content-Length', String(request.body.length));
    const outgoing = httpRequest({
      host: origin.host,
      port: origin.port,
      method: request.method,
      path: request.url,
      headers: rawHeaders,
      agent: false,
      timeout: timeoutMs,
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.on('response', (incoming) => {
      const isStream = String(incoming.headers['content-type'] ?? '').startsWith('text/event-stream');
      const chunks: Buffer[] = [];
      if (isStream) {
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.alloc(0), isStream });
        incoming.destroy();
        outgoing.destroy();
        return;
      }
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks), isStream }),
      );
    });
    outgoing.end(request.body);
  });
}
