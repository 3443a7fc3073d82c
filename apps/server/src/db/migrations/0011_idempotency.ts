import { sql, type Kysely } from 'kysely';

/**
 * Answers of money-moving calls by their `Idempotency-Key` (modules/idempotency): one row per
 * merchant, caller and key, holding a hash of the request and, once done, the answer to replay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotent_request (
      merchant_id integer NOT NULL REFERENCES merchant (id),
      -- Whose key it is: 'member:<id>' (and later 'operator:<id>'); keys of different callers never meet.
      scope text NOT NULL,
      idempotency_key text NOT NULL,
      request_hash text NOT NULL,
      -- Null while the first request runs.
      status_code integer,
      response_body text,
      response_type text,
      created_at timestamptz NOT NULL,
      completed_at timestamptz,
      PRIMARY KEY (merchant_id, scope, idempotency_key),
      CONSTRAINT idempotent_request_done_check CHECK ((status_code IS NULL) = (completed_at IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX idempotent_request_created_at_idx ON idempotent_request (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE idempotent_request`.execute(db);
}
