import type { JsonSchema } from './schema-values.ts';

/** One method of one path, with what the fuzzer needs to build requests for it. */
export interface FuzzRoute {
  /** `POST /wps/session/login`: what `--route` matches and failures name. */
  key: string;
  method: string;
  /** OpenAPI style: `/admin-api/members/{memberId}`. */
  path: string;
  pathParams: Array<{ name: string; schema?: JsonSchema }>;
  queryParams: Array<{ name: string; required: boolean; schema?: JsonSchema }>;
  /** The JSON body's schema (for a sealed call: the payload before sealing). */
  bodySchema?: JsonSchema;
  isMultipart: boolean;
  /** Sealed call (config.sealed): the body travels sealed under the app's public key. */
  isSealed: boolean;
  /** A 2xx answer is documented as a JSON envelope (otherwise a page, a file or a stream). */
  answersEnvelope: boolean;
  /** The OpenAPI page and its assets: documents, not answers to input. */
  isDocumentation: boolean;
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  description?: string;
}

type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every route of the app: the OpenAPI document (generated from the contract's schemas) gives the
 * parameters and bodies; Fastify's own route tree adds the routes the document hides (health,
 * metrics, dev helpers), so a new route is fuzzed the day it is registered. Static files of the
 * built sites are left out: they take no input.
 */
export function buildRouteTable(document: OpenApiDocument, printedRoutes: string): FuzzRoute[] {
  const routes = new Map<string, FuzzRoute>();
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!methods.includes(method)) continue;
      const upper = method.toUpperCase();
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const okContent = operation.responses?.['200']?.content ?? {};
      routes.set(`${upper} ${path}`, {
        key: `${upper} ${path}`,
        method: upper,
        path,
        pathParams: parameters
          .filter((parameter) => parameter.in === 'path')
          .map(({ name, schema }) => ({ name, ...(schema ? { schema } : {}) })),
        queryParams: parameters
          .filter((parameter) => parameter.in === 'query')
          .map(({ name, schema, required }) => ({ name, required: required === true, ...(schema ? { schema } : {}) })),
        ...(content['application/json']?.schema ? { bodySchema: content['application/json'].schema } : {}),
        isMultipart: 'multipart/form-data' in content,
        isSealed: (operation.description ?? '').startsWith('Sealed:'),
        answersEnvelope: 'application/json' in okContent,
        isDocumentation: false,
      });
    }
  }
  for (const { method, path } of parsePrintedRoutes(printedRoutes)) {
    const key = `${method} ${path}`;
    if (routes.has(key) || method === 'HEAD' || method === 'OPTIONS') continue;
    if (
      path.includes('/assets/') ||
      path.includes('*') ||
      /\.(svg|png|ico|js|css|woff2?|map|txt|webmanifest)$/.test(path)
    )
      continue;
    routes.set(key, {
      key,
      method,
      path,
      pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => ({ name: match[1]! })),
      queryParams: [],
      isMultipart: false,
      isSealed: false,
      answersEnvelope: path === '/healthz' || path === '/readyz' || path.startsWith('/wps/'),
      isDocumentation: path.startsWith('/api/docs'),
    });
  }
  return [...routes.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** Routes from `app.printRoutes({ commonPrefix: false })`: a tree whose lines add to their parent's path. */
export function parsePrintedRoutes(printed: string): Array<{ method: string; path: string }> {
  const found: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      found.push({ method, path: path.replace(/:([A-Za-z0-9_]+)/g, '{$1}') });
    }
  }
  return found;
}
