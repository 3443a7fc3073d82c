import { BlockList, isIP } from 'node:net';

/**
 * IP allow-lists of operators and roles: IPv4 or IPv6 addresses and CIDR ranges (`203.0.113.7`,
 * `10.0.0.0/8`, `2001:db8::/32`). An empty list allows every address.
 */

/** One entry in its canonical text, or null when it is neither an address nor a CIDR range. */
export function normaliseIpEntry(entry: string): string | null {
  const trimmed = entry.trim();
  const [address, prefix, ...rest] = trimmed.split('/');
  if (rest.length > 0 || address === undefined) return null;
  const family = isIP(address);
  if (family === 0) return null;
  if (prefix === undefined) return address.toLowerCase();
  if (!/^\d{1,3}$/.test(prefix)) return null;
  const bits = Number(prefix);
  if (bits > (family === 4 ? 32 : 128)) return null;
  return `${address.toLowerCase()}/${bits}`;
}

/** An IPv4 address as IPv6 (`::ffff:203.0.113.7`, how a dual-stack socket reports it) back as IPv4. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** Whether `ip` is in `list` (true for an empty list). Entries that do not parse allow nothing. */
export function ipAllowed(ip: string, list: readonly string[]): boolean {
  if (list.length === 0) return true;
  const address = plainAddress(ip);
  const family = isIP(address);
  if (family === 0) return false;
  const allowed = new BlockList();
  for (const entry of list) {
    const normal = normaliseIpEntry(entry);
    if (normal === null) continue;
    const [base, prefix] = normal.split('/') as [string, string | undefined];
    const type = isIP(base) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) allowed.addAddress(base, type);
    else allowed.addSubnet(base, Number(prefix), type);
  }
  return allowed.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
