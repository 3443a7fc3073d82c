import type { FastifyRequest } from 'fastify';
import { describe, expect, test } from 'vitest';
import { headerDevice, headerLanguage } from './request-context.ts';

const withHeaders = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('headers', () => {
  test.each([
    [{}, null],
    [{ language: 'xx' }, null],
    [{ language: '<script>' }, null],
    [{ language: 'en' }, 'EN'],
    [{ language: ' TH ' }, 'TH'],
  ])('Language %j -> %s', (headers, expected) => {
    expect(headerLanguage(withHeaders(headers))).toBe(expected);
  });

  test.each([
    [{}, 'web'],
    [{ device: 'x'.repeat(17) }, 'web'],
    [{ device: 'web; drop table' }, 'web'],
    [{ device: 'IOS' }, 'ios'],
    [{ device: 'h5' }, 'h5'],
  ])('Device %j -> %s', (headers, expected) => {
    expect(headerDevice(withHeaders(headers))).toBe(expected);
  });
});
