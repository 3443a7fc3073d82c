import { describe, expect, test } from 'vitest';
import { createIpMatcher, normaliseIp, parseIpRule } from './ip-rules.ts';

describe('parseIpRule', () => {
  test.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['not-an-ip', 'words'],
    ['256.1.1.1', 'octet out of range'],
    ['1.2.3', 'too few octets'],
    ['1.2.3.4/33', 'IPv4 prefix too long'],
    ['1.2.3.4/-1', 'negative prefix'],
    ['1.2.3.4/', 'empty prefix'],
    ['1.2.3.4/8/8', 'two prefixes'],
    ['1.2.3.4/abc', 'prefix not a number'],
    ['2001:db8::/129', 'IPv6 prefix too long'],
    ['2001:db8:::1', 'malformed IPv6'],
    ['/24', 'prefix without address'],
  ])('refuses %j (%s)', (text) => {
    expect(parseIpRule(text)).toBeNull();
  });

  test.each([
    ['203.0.113.7', { family: 'ipv4', address: '203.0.113.7', prefixLength: 32 }],
    [' 203.0.113.0/24 ', { family: 'ipv4', address: '203.0.113.0', prefixLength: 24 }],
    ['0.0.0.0/0', { family: 'ipv4', address: '0.0.0.0', prefixLength: 0 }],
    ['2001:db8::1', { family: 'ipv6', address: '2001:db8::1', prefixLength: 128 }],
    ['2001:DB8::/32', { family: 'ipv6', address: '2001:db8::', prefixLength: 32 }],
    ['::ffff:198.51.100.9', { family: 'ipv4', address: '198.51.100.9', prefixLength: 32 }],
  ])('parses %j', (text, rule) => {
    expect(parseIpRule(text)).toEqual(rule);
  });
});

describe('normaliseIp', () => {
  test.each([
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['203.0.113.7', '203.0.113.7'],
    ['2001:DB8::1', '2001:db8::1'],
    ['::1', '::1'],
  ])('%s -> %s', (ip, expected) => {
    expect(normaliseIp(ip)).toBe(expected);
  });
});

describe('createIpMatcher', () => {
  const matcher = createIpMatcher(['203.0.113.0/24', '198.51.100.7', '2001:db8::/32', 'garbage', '10.0.0.0/99']);

  test.each([
    // Inputs that are not addresses never match.
    ['', false],
    ['garbage', false],
    ['203.0.113', false],
    ['10.0.0.1', false], // only an invalid rule names 10.0.0.0
    // IPv4 CIDR and single address.
    ['203.0.113.0', true],
    ['203.0.113.255', true],
    ['203.0.114.0', false],
    ['198.51.100.7', true],
    ['198.51.100.8', false],
    // IPv4-mapped IPv6 callers match IPv4 rules.
    ['::ffff:203.0.113.9', true],
    ['::ffff:198.51.100.8', false],
    // IPv6 CIDR.
    ['2001:db8::1', true],
    ['2001:db8:ffff:ffff::1', true],
    ['2001:db9::1', false],
    ['::1', false],
  ])('%j matches: %s', (ip, expected) => {
    expect(matcher(ip)).toBe(expected);
  });

  test('an empty list matches nothing', () => {
    expect(createIpMatcher([])('203.0.113.7')).toBe(false);
  });

  test('a list of only invalid rules matches nothing', () => {
    expect(createIpMatcher(['x', '1.2.3.4/40'])('1.2.3.4')).toBe(false);
  });

  test('0.0.0.0/0 matches every IPv4 address but no IPv6 one', () => {
    const everyIpv4 = createIpMatcher(['0.0.0.0/0']);
    expect(everyIpv4('1.46.0.1')).toBe(true);
    expect(everyIpv4('2001:db8::1')).toBe(false);
  });
});
