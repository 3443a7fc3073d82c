import { sql, type Kysely } from 'kysely';

/**
 * Roles become rows (modules/backoffice, its README states the rules).
 *
 * - `operator_role`: the roles of one merchant: a code, names in TH and EN, the permissions (a text
 *   array; the server checks each entry against the contract's `operatorPermissions` and ignores
 *   one it does not know), whether it is built in (read-only: the server keeps its permissions equal
 *   to the contract's at each start), an IP allow-list (IPs and CIDRs, empty = anywhere), the
 *   session timeouts of its operators (idle minutes, absolute hours) and a version for concurrent
 *   edits. The built-ins `platform` (every permission), `admin`, `finance` and `support` are seeded
 *   here for every existing merchant, with the permissions they have today; a new merchant gets them
 *   from `ensureBuiltinRoles`.
 * - `operator.role` references the merchant's role by code (it was a CHECK of three names): a role
 *   held by an operator cannot be deleted. `operator.ip_allow_list` is the operator's own list
 *   (both lists must allow an address when both are set), `operator.version` for concurrent edits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE operator_role (
      merchant_id integer NOT NULL REFERENCES merchant (id),
      code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_-]{1,31}$'),
      name_th text NOT NULL CHECK (length(name_th) BETWEEN 1 AND 60),
      name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 60),
      permissions text[] NOT NULL DEFAULT '{}',
      builtin boolean NOT NULL DEFAULT false,
      ip_allow_list text[] NOT NULL DEFAULT '{}',
      idle_minutes integer NOT NULL DEFAULT 30 CHECK (idle_minutes BETWEEN 5 AND 720),
      absolute_hours integer NOT NULL DEFAULT 12 CHECK (absolute_hours BETWEEN 1 AND 12),
      version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (merchant_id, code)
    )`.execute(db);

  // The built-ins as they are on the day of this migration (later changes of the contract's lists are
  // applied by the server at start, not here: a migration is history).
  const all = [
    'deposits.review',
    'withdrawals.review',
    'channels.manage',
    'members.read',
    'members.adjust',
    'members.manage',
    'outbox.read',
    'audit.read',
    'operators.manage',
    'roles.manage',
    'approvals.review',
    'brands.manage',
    'brands.platform',
    'content.manage',
    'games.manage',
    'games.credentials',
    'reports.read',
    'feedback.manage',
  ];
  const builtins: [string, string, string, string[]][] = [
    ['platform', 'แพลตฟอร์ม', 'Platform', all],
    ['admin', 'ผู้ดูแลระบบ', 'Administrator', all.filter((permission) => permission !== 'brands.platform')],
    [
      'finance',
      'การเงิน',
      'Finance',
      [
        'deposits.review',
        'withdrawals.review',
        'channels.manage',
        'members.read',
        'members.adjust',
        'approvals.review',
        'reports.read',
      ],
    ],
    ['support', 'ฝ่ายบริการลูกค้า', 'Support', ['members.read', 'members.manage', 'outbox.read', 'feedback.manage']],
  ];
  for (const [code, nameTh, nameEn, permissions] of builtins) {
    await sql`
      INSERT INTO operator_role (merchant_id, code, name_th, name_en, permissions, builtin, created_at, updated_at)
      SELECT id, ${code}, ${nameTh}, ${nameEn}, ${permissions}::text[], true, now(), now() FROM merchant`.execute(db);
  }

  await sql`ALTER TABLE operator DROP CONSTRAINT operator_role_check`.execute(db);
  await sql`
    ALTER TABLE operator
      ADD CONSTRAINT operator_role_fkey FOREIGN KEY (merchant_id, role) REFERENCES operator_role (merchant_id, code),
      ADD COLUMN ip_allow_list text[] NOT NULL DEFAULT '{}',
      ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
  await sql`CREATE INDEX operator_merchant_role_idx ON operator (merchant_id, role)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX operator_merchant_role_idx`.execute(db);
  await sql`ALTER TABLE operator DROP CONSTRAINT operator_role_fkey, DROP COLUMN ip_allow_list, DROP COLUMN version`.execute(
    db,
  );
  await sql`ALTER TABLE operator ADD CONSTRAINT operator_role_check CHECK (role IN ('admin', 'finance', 'support'))`.execute(
    db,
  );
  await sql`DROP TABLE operator_role`.execute(db);
}
