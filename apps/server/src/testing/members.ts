import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * A bare member row for tests of modules that only need a member to exist (ledger, jobs). Tests of
 * registration itself go through the HTTP calls instead.
 */
export async function insertTestMember(db: Kysely<Database>, merchantId: number, username: string, createdAt = new Date()): Promise<bigint> {
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
