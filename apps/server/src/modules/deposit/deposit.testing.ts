import { randomUUID } from 'node:crypto';
import { depositPaths, depositSchema, type Deposit, type DepositsConfig } from '@lotus/contract';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import { z } from 'zod';
import { insertTestMember, insertTestSession } from '../../testing/members.ts';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../testing/test-app.ts';
import { checkLedger } from '../ledger/index.ts';
import { merchantConfigSchema } from '../merchant/index.ts';

/** A PNG of `width` x `height` that any decoder reads. */
export function pngBytes(width = 4, height = 3): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/**
 * The smallest honest baseline JPEG: one 8x8 grey block, one quantisation table, one-code Huffman
 * tables (DC difference 0, then end-of-block), the scan byte and EOI.
 */
export function jpegBytes(width = 8, height = 8): Buffer {
  const word = (value: number) => [(value >> 8) & 0xff, value & 0xff];
  return Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xdb,
    0x00,
    0x43,
    0x00,
    ...new Array<number>(64).fill(1),
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    ...word(height),
    ...word(width),
    0x01,
    0x01,
    0x11,
    0x00,
    0xff,
    0xc4,
    0x00,
    0x14,
    0x00,
    0x01,
    ...new Array<number>(15).fill(0),
    0x00,
    0xff,
    0xc4,
    0x00,
    0x14,
    0x10,
    0x01,
    ...new Array<number>(15).fill(0),
    0x00,
    0xff,
    0xda,
    0x00,
    0x08,
    0x01,
    0x01,
    0x00,
    0x00,
    0x3f,
    0x00,
    0x3f,
    0xff,
    0xd9,
  ]);
}

/** A multipart/form-data body with one file part (what a browser's FormData sends). */
export function multipartBody(
  bytes: Buffer,
  { fieldName = 'file', fileName = 'slip.png', contentType = 'image/png' } = {},
) {
  const boundary = `----lotus${randomUUID().replaceAll('-', '')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export const okDepositSchema = z.object({ success: z.literal(true), value: depositSchema });

let sequence = 0;

export interface DepositKit {
  testApp: TestApp;
  member(isAgent?: 0 | 4): Promise<{ memberId: bigint; token: string; username: string }>;
  headers(token: string, extra?: Record<string, string>): Record<string, string>;
  create(
    token: string,
    body: Record<string, unknown>,
    key?: string,
    language?: 'TH' | 'EN',
  ): Promise<LightMyRequestResponse>;
  createOk(token: string, body: Record<string, unknown>): Promise<Deposit>;
  upload(token: string, bytes: Buffer, options?: Parameters<typeof multipartBody>[1]): Promise<LightMyRequestResponse>;
  uploadOk(token: string, bytes?: Buffer): Promise<number>;
  bankDeposit(token: string, amount?: string): Promise<Deposit>;
  get(token: string, url: string): Promise<LightMyRequestResponse>;
  changeDeposits(change: (deposits: DepositsConfig) => void): Promise<void>;
  restoreDeposits(): Promise<void>;
  balance(memberId: bigint): Promise<bigint>;
  /** Everything a refused request must leave as it was. */
  snapshot(): Promise<{ deposits: number; proofs: number; postings: number; transfers: number; states: number }>;
  expectLedgerBalanced(): Promise<void>;
}

export function depositKit(testApp: TestApp): DepositKit {
  let original: DepositsConfig | null = null;
  const count = async (
    table: 'deposit' | 'deposit_proof' | 'ledger_posting' | 'ledger_transfer' | 'deposit_member_state',
  ) =>
    Number(
      (
        await testApp.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const kit: DepositKit = {
    testApp,
    async member(isAgent = 0) {
      const username = `dep${process.pid}x${++sequence}`;
      const memberId = await insertTestMember(testApp.db, testApp.demoMerchantId, username);
      if (isAgent !== 0) await sql`UPDATE member SET is_agent = ${isAgent} WHERE id = ${memberId}`.execute(testApp.db);
      return {
        memberId,
        token: await insertTestSession(testApp.db, testApp.demoMerchantId, memberId, testApp.app.now()),
        username,
      };
    },
    headers(token, extra = {}) {
      return { Merchant: 'demo', Language: 'EN', Authorization: token, ...extra };
    },
    create(token, body, key = `key-${randomUUID()}`, language = 'EN') {
      return testApp.app.inject({
        method: 'POST',
        url: depositPaths.create,
        headers: kit.headers(token, { 'Idempotency-Key': key, Language: language }),
        payload: body,
      });
    },
    async createOk(token, body) {
      const response = await kit.create(token, body);
      expect(response.statusCode, response.body).toBe(200);
      return okDepositSchema.parse(response.json()).value;
    },
    upload(token, bytes, options) {
      const { payload, contentType } = multipartBody(bytes, options);
      return testApp.app.inject({
        method: 'POST',
        url: depositPaths.uploadProof,
        headers: kit.headers(token, { 'content-type': contentType }),
        payload,
      });
    },
    async uploadOk(token, bytes = pngBytes()) {
      const response = await kit.upload(token, bytes);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value.proofId as number;
    },
    async bankDeposit(token, amount = '500.00') {
      const proofId = await kit.uploadOk(token);
      return kit.createOk(token, {
        methodCode: 'BANK',
        amount,
        bankAccountId: 'kbank-1',
        transferReference: 'SLIP123',
        proofId,
      });
    },
    get(token, url) {
      return testApp.app.inject({ method: 'GET', url, headers: kit.headers(token) });
    },
    async changeDeposits(change) {
      const row = await testApp.db
        .selectFrom('merchant')
        .select('config')
        .where('id', '=', testApp.demoMerchantId)
        .executeTakeFirstOrThrow();
      const config = merchantConfigSchema.parse(row.config);
      original ??= structuredClone(config.deposits);
      const deposits = structuredClone(config.deposits);
      change(deposits);
      await testApp.db
        .updateTable('merchant')
        .set({ config: JSON.stringify({ ...config, deposits }), updated_at: sql<Date>`now()` })
        .where('id', '=', testApp.demoMerchantId)
        .execute();
      await testApp.settle();
    },
    async restoreDeposits() {
      if (original === null) return;
      const deposits = original;
      original = null;
      const row = await testApp.db
        .selectFrom('merchant')
        .select('config')
        .where('id', '=', testApp.demoMerchantId)
        .executeTakeFirstOrThrow();
      const config = merchantConfigSchema.parse(row.config);
      await testApp.db
        .updateTable('merchant')
        .set({ config: JSON.stringify({ ...config, deposits }), updated_at: sql<Date>`now()` })
        .where('id', '=', testApp.demoMerchantId)
        .execute();
      await testApp.settle();
    },
    async balance(memberId) {
      const row = await testApp.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'member_main')
        .executeTakeFirst();
      return row?.balance ?? 0n;
    },
    async snapshot() {
      return {
        deposits: await count('deposit'),
        proofs: await count('deposit_proof'),
        postings: await count('ledger_posting'),
        transfers: await count('ledger_transfer'),
        states: await count('deposit_member_state'),
      };
    },
    async expectLedgerBalanced() {
      const report = await checkLedger(testApp.db);
      expect(report.differences).toEqual([]);
      expect(report.ok).toBe(true);
    },
  };
  return kit;
}
