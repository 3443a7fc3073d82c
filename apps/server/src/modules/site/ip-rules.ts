import { BlockList, isIP } from 'node:net';

/**
 * IP rules as operators write them in a merchant's access lists: a single address (`203.0.113.7`,
 * `2001:db8::1`) or a CIDR block (`203.0.113.0/24`, `2001:db8::/32`).
 */
export interface IpRule {
  family: 'ipv4' | 'ipv6';
  address: string;
  prefixLength: number;
}

const ipv4MappedPrefix = '::ffff:';

/**
 * The address as rules should see it. A dual-stack socket reports IPv4 callers as IPv4-mapped IPv6
 * (`::ffff:203.0.113.7`); an operator who writes `203.0.113.0/24` means those callers too.
 */
export function normaliseIp(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  if (trimmed.startsWith(ipv4MappedPrefix) && isIP(trimmed.slice(ipv4MappedPrefix.length)) === 4) {
    return trimmed.slice(ipv4MappedPrefix.length);
  }
  return trimmed;
}

/** Parses one rule; null when it is not an address or a CIDR block with a prefix that fits the family. */
export function parseIpRule(text: string): IpRule | null {
  const trimmed = text.trim();
  const slashAt = trimmed.indexOf('/');
  const address = normaliseIp(slashAt === -1 ? trimmed : trimmed.slice(0, slashAt));
  const familyNumber = isIP(address);
  if (familyNumber === 0) return null;
  const maxPrefixLength = familyNumber === 4 ? 32 : 128;
  let prefixLength = maxPrefixLength;
  if (slashAt !== -1) {
    const prefixText = trimmed.slice(slashAt + 1);
    if (!/^\d{1,3}$/.test(prefixText)) return null;
    prefixLength = Number(prefixText);
    if (prefixLength > maxPrefixLength) return null;
  }
  return { family: familyNumber === 4 ? 'ipv4' : 'ipv6', address, prefixLength };
}

export type IpMatcher = (ip: string) => boolean;

/**
 * A matcher for a list of rules. Rules that do not parse never match: a typo in an allow list must
 * not open the site to everyone, and in a deny list it must not close it to everyone. The
 * back-office validates rules with `parseIpRule` before saving them.
 */
export function createIpMatcher(rules: readonly string[]): IpMatcher {
  const blockList = new BlockList();
  let ruleCount = 0;
  for (const text of rules) {
    const rule = parseIpRule(text);
    if (!rule) continue;
    blockList.addSubnet(rule.address, rule.prefixLength, rule.family);
    ruleCount += 1;
  }
  if (ruleCount === 0) return () => false;
  return (ip) => {
    const address = normaliseIp(ip);
    const family = isIP(address);
    if (family === 0) return false;
    return blockList.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * Matchers are built once per rule list. The merchant's config object is shared between the
 * requests that resolved it, so keying on the list itself reuses the matcher until the config is
 * reloaded.
 */
const matcherCache = new WeakMap<readonly string[], IpMatcher>();

export function ipMatcherFor(rules: readonly string[]): IpMatcher {
  let matcher = matcherCache.get(rules);
  if (!matcher) {
    matcher = createIpMatcher(rules);
    matcherCache.set(rules, matcher);
  }
  return matcher;
}
