import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from './app-error.ts';

/**
 * Prometheus metrics: request counts and latency histograms per route pattern (never per raw URL,
 * so cardinality stays bounded), plus the process defaults. Served at /metrics to METRICS_ALLOW only.
 */
/** Records one answered request (used by the response cache's fast path, which bypasses Fastify's hooks). */
export type RecordRequest = (method: string, route: string, statusCode: number, seconds: number) => void;

/** Adds a module's own metrics to the registry /metrics serves. */
export type RegisterModuleMetrics = (registry: Registry) => void;

export function registerMetrics(
  app: FastifyInstance,
  allow: readonly string[],
  moduleMetrics: readonly RegisterModuleMetrics[] = [],
): RecordRequest {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const register of moduleMetrics) register(registry);
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  // Label children are looked up once per (method, route, status): hashing label objects on
  // every request showed in the lobby calls' profile.
  const children = new Map<string, { count: Counter.Internal; latency: Histogram.Internal<string> }>();
  const record: RecordRequest = (method, route, statusCode, seconds) => {
    const key = `${method} ${route} ${statusCode}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method, route, status_code: String(statusCode) };
      child = { count: requests.labels(labels), latency: duration.labels(labels) };
      children.set(key, child);
    }
    child.count.inc();
    child.latency.observe(seconds);
  };
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? (reply.statusCode === 404 ? 'not_found' : 'site');
    record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  const allowed = toBlockList(allow);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!matches(allowed, request.ip)) throw new AppError(403, 'forbidden', { messageKey: 'not.found' });
    reply.header('Content-Type', registry.contentType);
    return registry.metrics();
  });
  return record;
}

/** IPs and CIDRs ("10.0.0.0/8", "::1/128", "203.0.113.7") as a BlockList; invalid entries throw. */
export function toBlockList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    if (!type) throw new Error(`not an IP address or CIDR: ${entry}`);
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

export function matches(list: BlockList, ip: string): boolean {
  // IPv4 clients on a dual-stack socket appear as ::ffff:a.b.c.d.
  const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(plain)) return list.check(plain, 'ipv4');
  if (isIPv6(plain)) return list.check(plain, 'ipv6');
  return false;
}
