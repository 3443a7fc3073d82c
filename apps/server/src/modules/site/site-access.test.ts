import { describe, expect, test } from 'vitest';
import { demoMerchantConfig, type MerchantConfig } from '../merchant/index.ts';
import { evaluateSystemStatus, isInMaintenanceWindow } from './site-access.ts';

const nowMs = Date.UTC(2025, 2, 1, 12);
const hourMs = 3_600_000;

function configWith(change: (config: MerchantConfig) => void): MerchantConfig {
  const config = structuredClone(demoMerchantConfig);
  change(config);
  return config;
}

describe('isInMaintenanceWindow', () => {
  const maintenance = demoMerchantConfig.maintenance;
  test.each([
    ['disabled, even inside a window', { enabled: false, startTime: nowMs - hourMs, endTime: nowMs + hourMs }, false],
    ['enabled, no window', { enabled: true, startTime: null, endTime: null }, true],
    ['enabled, starts later', { enabled: true, startTime: nowMs + 1, endTime: null }, false],
    ['enabled, starts now', { enabled: true, startTime: nowMs, endTime: null }, true],
    ['enabled, ends now (end is exclusive)', { enabled: true, startTime: null, endTime: nowMs }, false],
    ['enabled, inside', { enabled: true, startTime: nowMs - hourMs, endTime: nowMs + hourMs }, true],
  ])('%s', (_name, window, expected) => {
    expect(isInMaintenanceWindow({ ...maintenance, ...window }, nowMs)).toBe(expected);
  });
});

describe('evaluateSystemStatus', () => {
  test.each<[string, (config: MerchantConfig) => void, { ip: string; country: string }, 0 | 1 | 2]>([
    ['default config', () => {}, { ip: '8.8.8.8', country: 'US' }, 0],
    ['maintenance', (c) => void (c.maintenance.enabled = true), { ip: '8.8.8.8', country: 'US' }, 1],
    [
      'maintenance, IP allowed',
      (c) => void Object.assign(c.maintenance, { enabled: true, allowIps: ['8.8.8.8'] }),
      { ip: '8.8.8.8', country: 'US' },
      0,
    ],
    [
      'maintenance allow list does not lift region rules',
      (c) =>
        void Object.assign(
          c.maintenance,
          { enabled: true, allowIps: ['8.8.8.8'] },
          c.access.blockedCountries.push('US'),
        ),
      { ip: '8.8.8.8', country: 'US' },
      2,
    ],
    ['blocked country', (c) => void c.access.blockedCountries.push('us'), { ip: '8.8.8.8', country: 'US' }, 2],
    [
      'unknown country is not blocked by country lists',
      (c) => void c.access.allowedCountries.push('TH'),
      { ip: '10.0.0.1', country: '' },
      0,
    ],
    [
      'outside allowed countries',
      (c) => void c.access.allowedCountries.push('TH'),
      { ip: '8.8.8.8', country: 'US' },
      2,
    ],
    [
      'inside allowed countries',
      (c) => void c.access.allowedCountries.push('TH'),
      { ip: '1.46.0.1', country: 'TH' },
      0,
    ],
    [
      'denied IP in an allowed country',
      (c) => void c.access.ipDeny.push('1.46.0.0/16'),
      { ip: '1.46.0.1', country: 'TH' },
      2,
    ],
    [
      'allowed IP beats deny and country',
      (c) =>
        void (
          c.access.ipAllow.push('1.46.0.1'),
          c.access.ipDeny.push('1.0.0.0/8'),
          c.access.blockedCountries.push('TH')
        ),
      { ip: '1.46.0.1', country: 'TH' },
      0,
    ],
  ])('%s', (_name, change, visitor, expected) => {
    expect(evaluateSystemStatus(configWith(change), visitor, nowMs)).toBe(expected);
  });
});
