import { apiPaths } from '@lotus/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { findMerchant, setMerchantConfigSection } from './find-merchant.ts';
import { writeMerchantConfigSection, type MerchantConfigChange } from './write-merchant-config.ts';

/** Versioned writes of one section of a merchant's configuration, and the caches of two API instances. */
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({}, { database: first.database });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

async function current() {
  const merchant = await findMerchant(first.db, { id: first.demoMerchantId });
  return merchant!;
}

function refusal(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(AppError);
      return error as AppError;
    },
  );
}

describe('writeMerchantConfigSection', () => {
  test('replaces the section, bumps the version and audits before and after in the same transaction', async () => {
    const before = await current();
    const changes: Array<MerchantConfigChange<'sessions'>> = [];
    const result = await writeMerchantConfigSection(
      first.db,
      {
        merchantId: before.id,
        section: 'sessions',
        value: { idleMinutes: 45, absoluteHours: 12 },
        expectedVersion: before.version,
        nowMs: Date.now(),
      },
      async (trx, change) => {
        // Inside the transaction the row already holds the new value.
        const seen = await findMerchant(trx, { id: before.id });
        expect(seen!.config.sessions).toEqual({ idleMinutes: 45, absoluteHours: 12 });
        changes.push(change);
      },
    );
    expect(result).toEqual({ value: { idleMinutes: 45, absoluteHours: 12 }, version: before.version + 1 });
    expect(changes).toEqual([
      {
        merchantId: before.id,
        section: 'sessions',
        before: before.config.sessions,
        after: { idleMinutes: 45, absoluteHours: 12 },
        version: before.version + 1,
      },
    ]);
    const after = await current();
    expect(after.version).toBe(before.version + 1);
    expect(after.config.sessions).toEqual({ idleMinutes: 45, absoluteHours: 12 });
    // Other sections are untouched.
    expect(after.config.brand).toEqual(before.config.brand);
  });

  test('a stale version is refused with 409 brand.version.conflict and nothing is written or audited', async () => {
    const before = await current();
    let audited = false;
    const error = await refusal(
      writeMerchantConfigSection(
        first.db,
        {
          merchantId: before.id,
          section: 'sessions',
          value: { idleMinutes: 5, absoluteHours: 1 },
          expectedVersion: before.version - 1,
          nowMs: Date.now(),
        },
        async () => {
          audited = true;
        },
      ),
    );
    expect(error.statusCode).toBe(409);
    expect(error.errorCode).toBe('brand.version.conflict');
    expect(error.options.value).toEqual({ version: before.version });
    expect(audited).toBe(false);
    expect(await current()).toEqual(before);
  });

  test('a value that fails the section schema is 400 naming the field; nothing written', async () => {
    const before = await current();
    const error = await refusal(
      writeMerchantConfigSection(
        first.db,
        {
          merchantId: before.id,
          section: 'sessions',
          value: { idleMinutes: 0, absoluteHours: 12 },
          expectedVersion: before.version,
          nowMs: Date.now(),
          fieldPrefix: 'value',
        },
        async () => {},
      ),
    );
    expect(error.statusCode).toBe(400);
    expect(error.options.field).toBe('value.idleMinutes');
    expect(await current()).toEqual(before);
  });

  test('a failing audit rolls the write back', async () => {
    const before = await current();
    await expect(
      writeMerchantConfigSection(
        first.db,
        {
          merchantId: before.id,
          section: 'sessions',
          value: { idleMinutes: 7, absoluteHours: 7 },
          expectedVersion: before.version,
          nowMs: Date.now(),
        },
        async () => {
          throw new Error('audit failed');
        },
      ),
    ).rejects.toThrow('audit failed');
    expect(await current()).toEqual(before);
  });

  test('an unknown merchant is 404', async () => {
    const error = await refusal(
      writeMerchantConfigSection(
        first.db,
        {
          merchantId: 987654,
          section: 'sessions',
          value: { idleMinutes: 7, absoluteHours: 7 },
          expectedVersion: 1,
          nowMs: 0,
        },
        async () => {},
      ),
    );
    expect(error.statusCode).toBe(404);
  });

  test('two concurrent saves of the same version: one wins, the other is 409 and changes nothing', async () => {
    const before = await current();
    const save = (idleMinutes: number) =>
      writeMerchantConfigSection(
        first.db,
        {
          merchantId: before.id,
          section: 'sessions',
          value: { idleMinutes, absoluteHours: 24 },
          expectedVersion: before.version,
          nowMs: Date.now(),
        },
        async () => {},
      );
    const results = await Promise.allSettled([save(11), save(22)]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 409,
      errorCode: 'brand.version.conflict',
    });
    const after = await current();
    expect(after.version).toBe(before.version + 1);
    expect(after.config.sessions).toEqual((won[0] as PromiseFulfilledResult<{ value: unknown }>).value.value);
  });

  test('setMerchantConfigSection (unversioned callers) also bumps the version', async () => {
    const before = await current();
    await setMerchantConfigSection(first.db, before.id, 'sessions', { idleMinutes: 30, absoluteHours: 24 }, Date.now());
    expect((await current()).version).toBe(before.version + 1);
  });

  test('a change written through one API instance is seen by another without a restart', async () => {
    const read = async (testApp: TestApp) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: apiPaths.whitelabel,
        headers: { merchant: 'demo', language: 'EN' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value.brand as { name: string; colors: Record<string, string> };
    };
    // Both instances have the merchant (and the whitelabel answer) cached.
    const initial = await read(second);
    expect((await read(first)).colors['--brand-primary']).toBe(initial.colors['--brand-primary']);
    const before = await current();
    await writeMerchantConfigSection(
      first.db,
      {
        merchantId: before.id,
        section: 'brand',
        value: {
          ...before.config.brand,
          name: 'Lotus99',
          colors: { ...before.config.brand.colors, '--brand-primary': '#123456' },
        },
        expectedVersion: before.version,
        nowMs: Date.now(),
      },
      async () => {},
    );
    await second.settle();
    const seen = await read(second);
    expect(seen.name).toBe('Lotus99');
    expect(seen.colors['--brand-primary']).toBe('#123456');
  });
});
