import { randomBytes } from 'node:crypto';
import { trialMemberType } from '@lotus/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { hashToken, type MemberTable } from '../modules/identity/index.ts';
import { postTransfers } from '../modules/ledger/index.ts';

/**
 * A bare member row for tests of modules that only need a member to exist (ledger, jobs), with
 * `columns` set over the defaults (a real password hash, a phone). Tests of registration itself go
 * through the HTTP calls instead.
 */
export async function insertTestMember(
  db: Kysely<Database>,
  merchantId: number,
  username: string,
  createdAt = new Date(),
  columns: Partial<Insertable<MemberTable>> = {},
): Promise<bigint> {
  const row = await db
    .insertInto('member')
    .values({
      merchant_id: merchantId,
      username,
      username_key: username.toLowerCase(),
      language: 'TH',
      password_hash: 'not-a-hash',
      password_changed_at: createdAt,
      register_method: 'WEB',
      register_ip: '127.0.0.1',
      register_device: 'web',
      created_at: createdAt,
      mobile_dialing_code: null,
      mobile_number: null,
      email: null,
      payee_name: null,
      qq_num: null,
      line: null,
      whatsapp: null,
      facebook: null,
      wechat: null,
      zalo: null,
      telegram: null,
      id_number: null,
      birthday: null,
      nickname: null,
      avatar: null,
      register_url: null,
      register_domain: null,
      payment_password_hash: null,
      ...columns,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A live session for a member made with insertTestMember: the token to send as `Authorization`.
 * For tests of calls behind requireMember whose subject is not logging in.
 */
export async function insertTestSession(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint,
  nowMs = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('member_session')
    .values({
      merchant_id: merchantId,
      member_id: memberId,
      token_hash: hashToken(token),
      created_at: new Date(nowMs),
      last_seen_at: new Date(nowMs),
      expires_at: new Date(nowMs + 3_600_000),
      ip: '127.0.0.1',
      country: 'TH',
      device: 'web',
      login_device_id: null,
    })
    .execute();
  return token;
}

/**
 * A member of the merchant with money: `amountMinor` credited to the main wallet (from the adjustments
 * account), or to the trial wallet for a trial account (isAgent 4), and a live session.
 */
export async function fundedTestMember(
  db: Kysely<Database>,
  merchantId: number,
  username: string,
  amountMinor: bigint,
  options: { isAgent?: 0 | 1 | 4; nowMs?: number } = {},
): Promise<{ memberId: bigint; token: string }> {
  const memberId = await insertTestMember(
    db,
    merchantId,
    username,
    new Date(),
    options.isAgent ? { is_agent: options.isAgent } : {},
  );
  const isTrial = options.isAgent === trialMemberType;
  if (amountMinor > 0n) {
    await postTransfers(db, {
      merchantId,
      currency: 'THB',
      idempotency: { source: 'test', key: `fund-${memberId}` },
      transfers: [
        {
          debit: { kind: isTrial ? 'house_trial' : 'house_adjustment' },
          credit: { kind: isTrial ? 'member_trial' : 'member_main', memberId },
          amount: amountMinor,
          kind: 'adjustment',
          reference: 'test',
        },
      ],
      nowMs: options.nowMs ?? Date.now(),
    });
  }
  return { memberId, token: await insertTestSession(db, merchantId, memberId, options.nowMs) };
}
