import { siteContentErrorCodes } from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';

/**
 * The edit rules every content row shares (issue 15): a row is found only within the operator's
 * merchant (another merchant's id is 404 like an unknown one), an update or delete names the version
 * it read and a stale one is refused 409 with nothing written, a taken code is a 409 naming the field,
 * and each change is audited with before and after in its own transaction.
 *
 * The back-office's guard and audit log live in the backoffice module, which depends on identity,
 * which depends on site: so they reach this module as `SiteBackoffice`, given by modules/routes.ts.
 */
export interface SiteBackoffice {
  requireOperator: (permission: 'content.manage') => (request: FastifyRequest) => Promise<void>;
  auditContext: (request: FastifyRequest) => AuditWho;
  recordAudit: (
    db: Kysely<Database>,
    entry: AuditWho & { action: string; targetType: string; targetId: number; before: Snapshot; after: Snapshot },
  ) => Promise<unknown>;
}

type Snapshot = Record<string, unknown> | null;

export interface AuditWho {
  merchantId: number;
  operatorId: bigint | null;
  ip: string;
  nowMs: number;
}

export type ContentTable =
  | 'customer_service'
  | 'site_resource'
  | 'partner'
  | 'help_category'
  | 'help_topic'
  | 'home_lane'
  | 'announcement'
  | 'banner';

/** One kind of content row: its table, how it reads in the back-office, and its audit name. */
export interface ContentKind<Row, Admin> {
  table: ContentTable;
  /** Audit `target_type` and action prefix: `site.partner` gives `site.partner.create` and so on. */
  auditName: string;
  toAdmin: (row: Row) => Admin;
  /** The unique constraint of the row's code and the body field that names it. */
  codeConstraint?: { constraint: string; field: string };
}

export interface ContentWrite {
  db: Kysely<Database>;
  backoffice: SiteBackoffice;
  who: AuditWho;
}

type Values = Record<string, unknown>;

function rowsOf(db: Kysely<Database> | Transaction<Database>) {
  // The six tables share id, merchant_id, sort and version; the kind's own columns come as values.
  return db as unknown as Kysely<
    Record<ContentTable, { id: number; merchant_id: number; version: number; sort: number }>
  >;
}

export async function listContent<Row, Admin>(
  db: Kysely<Database>,
  kind: ContentKind<Row, Admin>,
  merchantId: number,
): Promise<Admin[]> {
  const rows = await rowsOf(db)
    .selectFrom(kind.table)
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => kind.toAdmin(row as Row));
}

async function lockRow<Row>(
  trx: Transaction<Database>,
  kind: ContentKind<Row, unknown>,
  merchantId: number,
  id: number,
) {
  const row = await rowsOf(trx)
    .selectFrom(kind.table)
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw AppError.notFound();
  return row as Row & { version: number };
}

function checkVersion(row: { version: number }, version: number): void {
  if (row.version !== version)
    throw new AppError(409, siteContentErrorCodes.versionConflict, { value: { version: row.version } });
}

/** A taken code answers 409 naming the field; anything else is rethrown. */
function codeTaken(kind: { codeConstraint?: ContentKind<unknown, unknown>['codeConstraint'] }, error: unknown): never {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === '23505' && kind.codeConstraint && constraint === kind.codeConstraint.constraint)
    throw new AppError(409, siteContentErrorCodes.codeTaken, {
      field: kind.codeConstraint.field,
      params: { field: kind.codeConstraint.field },
    });
  throw error;
}

export async function createContent<Row, Admin>(
  write: ContentWrite,
  kind: ContentKind<Row, Admin>,
  values: Values,
): Promise<Admin> {
  const { db, backoffice, who } = write;
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await rowsOf(trx)
        .insertInto(kind.table)
        .values({ ...values, merchant_id: who.merchantId } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = kind.toAdmin(row as Row);
      await backoffice.recordAudit(trx, {
        ...who,
        action: `${kind.auditName}.create`,
        targetType: kind.auditName,
        targetId: row.id,
        before: null,
        after: after as Snapshot,
      });
      return after;
    });
  } catch (error) {
    codeTaken(kind, error);
  }
}

export async function updateContent<Row, Admin>(
  write: ContentWrite,
  kind: ContentKind<Row, Admin>,
  id: number,
  version: number,
  values: Values,
): Promise<Admin> {
  const { db, backoffice, who } = write;
  try {
    return await db.transaction().execute(async (trx) => {
      const current = await lockRow(trx, kind, who.merchantId, id);
      checkVersion(current, version);
      const row = await rowsOf(trx)
        .updateTable(kind.table)
        .set({ ...values, version: current.version + 1 } as never)
        .where('merchant_id', '=', who.merchantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const before = kind.toAdmin(current);
      const after = kind.toAdmin(row as Row);
      await backoffice.recordAudit(trx, {
        ...who,
        action: `${kind.auditName}.update`,
        targetType: kind.auditName,
        targetId: id,
        before: before as Snapshot,
        after: after as Snapshot,
      });
      return after;
    });
  } catch (error) {
    codeTaken(kind, error);
  }
}

export async function deleteContent<Row, Admin>(
  write: ContentWrite,
  kind: ContentKind<Row, Admin>,
  id: number,
  version: number,
  /** A check before the row goes (a category still holding articles), in the same transaction. */
  beforeDelete?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  const { db, backoffice, who } = write;
  await db.transaction().execute(async (trx) => {
    const current = await lockRow(trx, kind, who.merchantId, id);
    checkVersion(current, version);
    await beforeDelete?.(trx);
    await rowsOf(trx).deleteFrom(kind.table).where('merchant_id', '=', who.merchantId).where('id', '=', id).execute();
    await backoffice.recordAudit(trx, {
      ...who,
      action: `${kind.auditName}.delete`,
      targetType: kind.auditName,
      targetId: id,
      before: kind.toAdmin(current) as Snapshot,
      after: null,
    });
  });
}
