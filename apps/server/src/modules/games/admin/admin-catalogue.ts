import {
  formatMinorUnits,
  gamesAdminErrorCodes,
  parseAmount,
  type AdminGame,
  type AdminGameUpdateBody,
  type AdminMaintenanceCreateBody,
  type AdminMaintenanceWindow,
  type AdminVendor,
  type AdminVendorDetail,
  type AdminVendorUpdateBody,
} from '@lotus/contract';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit, type AuditEntry } from '../../backoffice/index.ts';
import type { GameTable, GameVendorTable } from '../games.tables.ts';
import {
  listMaintenanceRows,
  maintenanceAt,
  windowOfRow,
  type MaintenanceRow,
  type MaintenanceWindow,
} from '../maintenance-windows.ts';

/**
 * The operators' catalogue (README "Back-office"): reads and versioned saves of the merchant's vendors
 * and games, and vendors' maintenance windows. Every save runs in one transaction with its audit row
 * (before and after); a row of another merchant is not found, exactly like an unknown id. The rows
 * carry the `notify_cache_change` trigger, so every API instance drops the merchant's cached lobby.
 */

export type AuditContext = Pick<AuditEntry, 'merchantId' | 'operatorId' | 'ip' | 'nowMs'>;
type VendorRow = Selectable<GameVendorTable>;
type GameRow = Selectable<GameTable>;

const minuteText = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function windowView(row: MaintenanceRow): AdminMaintenanceWindow {
  return {
    windowId: String(row.id),
    kind: row.kind,
    startsAt: row.starts_at?.getTime() ?? null,
    endsAt: row.ends_at?.getTime() ?? null,
    weekday: row.weekday,
    startTime: row.start_minute === null ? null : minuteText(row.start_minute),
    endTime: row.end_minute === null ? null : minuteText(row.end_minute),
    timeZone: row.time_zone,
  };
}

function vendorWindows(vendor: VendorRow, rows: readonly MaintenanceRow[]): MaintenanceWindow[] {
  const legacy: MaintenanceWindow[] =
    vendor.maintenance_start_at && vendor.maintenance_end_at
      ? [
          {
            kind: 'once',
            startsAtMs: vendor.maintenance_start_at.getTime(),
            endsAtMs: vendor.maintenance_end_at.getTime(),
          },
        ]
      : [];
  return [...legacy, ...rows.filter((row) => row.vendor_id === vendor.id).map(windowOfRow)];
}

function vendorView(
  vendor: VendorRow,
  counts: { total: number; enabled: number },
  windows: MaintenanceWindow[],
  nowMs: number,
): AdminVendor {
  return {
    vendorId: vendor.id,
    vassalage: vendor.vassalage,
    version: vendor.version,
    isEnabled: vendor.is_enabled,
    sort: vendor.sort,
    isHot: vendor.is_hot,
    nameTh: vendor.display_name_th,
    nameEn: vendor.display_name_en,
    logoUrl: vendor.logo_url,
    gameCategory: vendor.game_category,
    gameType: vendor.game_type,
    walletMode: vendor.wallet_mode,
    isConnected: vendor.integration_code !== null,
    turnoverExclusionPct: vendor.turnover_exclusion_pct,
    gameCount: counts.total,
    enabledGameCount: counts.enabled,
    maintenanceNow: maintenanceAt(windows, nowMs),
  };
}

function gameView(game: GameRow): AdminGame {
  return {
    gameRowId: game.id,
    gameId: game.game_id,
    vassalage: game.vassalage,
    version: game.version,
    isEnabled: game.is_enabled,
    sort: game.sort,
    isHot: game.is_hot,
    isNew: game.is_new,
    nameTh: game.name_th,
    nameEn: game.name_en,
    thumbnailUrl: game.thumbnail_url,
    gameClassify: game.game_classify,
    minBet: formatMinorUnits(BigInt(game.min_bet_minor)),
    isServed: game.is_served,
  };
}

async function gameCounts(db: Kysely<Database>, merchantId: number, vassalages: readonly string[]) {
  if (vassalages.length === 0) return new Map<string, { total: number; enabled: number }>();
  const rows = await db
    .selectFrom('game')
    .select([
      'vassalage',
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) FILTER (WHERE is_enabled)::int`.as('enabled'),
    ])
    .where('merchant_id', '=', merchantId)
    .where('vassalage', 'in', vassalages)
    .groupBy('vassalage')
    .execute();
  return new Map(rows.map((row) => [row.vassalage, { total: row.total, enabled: row.enabled }]));
}

const noGames = { total: 0, enabled: 0 };

/** Every vendor of the merchant, in lobby order, with its game counts and the maintenance in force. */
export async function listAdminVendors(
  db: Kysely<Database>,
  merchantId: number,
  nowMs: number,
): Promise<AdminVendor[]> {
  const vendors = await db
    .selectFrom('game_vendor')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const [counts, windows] = await Promise.all([
    gameCounts(
      db,
      merchantId,
      vendors.map((vendor) => vendor.vassalage),
    ),
    listMaintenanceRows(
      db,
      merchantId,
      vendors.map((vendor) => vendor.id),
    ),
  ]);
  return vendors.map((vendor) =>
    vendorView(vendor, counts.get(vendor.vassalage) ?? noGames, vendorWindows(vendor, windows), nowMs),
  );
}

async function findVendorRow(db: Kysely<Database> | Transaction<Database>, merchantId: number, vendorId: number) {
  return db
    .selectFrom('game_vendor')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('id', '=', vendorId)
    .executeTakeFirst();
}

const vendorNotFound = () => new AppError(404, gamesAdminErrorCodes.vendorNotFound, { field: 'vendorId' });
const versionConflict = (version: number) =>
  new AppError(409, gamesAdminErrorCodes.versionConflict, { field: 'version', value: { version } });

/** One vendor with its games (catalogue order) and maintenance windows; null when not the merchant's. */
export async function getAdminVendor(
  db: Kysely<Database>,
  merchantId: number,
  vendorId: number,
  nowMs: number,
): Promise<AdminVendorDetail | null> {
  const vendor = await findVendorRow(db, merchantId, vendorId);
  if (!vendor) return null;
  const [games, windows] = await Promise.all([
    db
      .selectFrom('game')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('vassalage', '=', vendor.vassalage)
      .orderBy('sort')
      .orderBy('game_id')
      .execute(),
    listMaintenanceRows(db, merchantId, [vendor.id]),
  ]);
  const counts = { total: games.length, enabled: games.filter((game) => game.is_enabled).length };
  return {
    vendor: vendorView(vendor, counts, vendorWindows(vendor, windows), nowMs),
    games: games.map(gameView),
    maintenance: windows.map(windowView),
  };
}

/** What the audit keeps of a vendor: the settings an operator edits. */
const vendorSettings = (vendor: VendorRow) => ({
  version: vendor.version,
  isEnabled: vendor.is_enabled,
  sort: vendor.sort,
  isHot: vendor.is_hot,
  nameTh: vendor.display_name_th,
  nameEn: vendor.display_name_en,
  logoUrl: vendor.logo_url,
  gameCategory: vendor.game_category,
  turnoverExclusionPct: vendor.turnover_exclusion_pct,
});

/** Saves a vendor's settings when `version` is the stored one (409 otherwise, nothing written). */
export async function updateAdminVendor(
  db: Kysely<Database>,
  audit: AuditContext,
  body: AdminVendorUpdateBody,
): Promise<AdminVendor> {
  const saved = await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('game_vendor')
      .selectAll()
      .where('merchant_id', '=', audit.merchantId)
      .where('id', '=', body.vendorId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw vendorNotFound();
    if (before.version !== body.version) throw versionConflict(before.version);
    const after = await trx
      .updateTable('game_vendor')
      .set({
        is_enabled: body.isEnabled,
        sort: body.sort,
        is_hot: body.isHot,
        display_name_th: body.nameTh,
        display_name_en: body.nameEn,
        logo_url: body.logoUrl,
        game_category: body.gameCategory,
        turnover_exclusion_pct: body.turnoverExclusionPct,
        version: before.version + 1,
      })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...audit,
      action: 'games.vendor.update',
      targetType: 'game_vendor',
      targetId: before.id,
      before: vendorSettings(before),
      after: vendorSettings(after),
    });
    return after;
  });
  return (await listAdminVendors(db, audit.merchantId, audit.nowMs)).find((vendor) => vendor.vendorId === saved.id)!;
}

const gameSettings = (game: GameRow) => ({
  version: game.version,
  isEnabled: game.is_enabled,
  sort: game.sort,
  isHot: game.is_hot,
  isNew: game.is_new,
  nameTh: game.name_th,
  nameEn: game.name_en,
  thumbnailUrl: game.thumbnail_url,
  minBet: formatMinorUnits(BigInt(game.min_bet_minor)),
});

/** Saves one game's settings when `version` is the stored one (409 otherwise, nothing written). */
export async function updateAdminGame(
  db: Kysely<Database>,
  audit: AuditContext,
  body: AdminGameUpdateBody,
): Promise<AdminGame> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('game')
      .selectAll()
      .where('merchant_id', '=', audit.merchantId)
      .where('id', '=', body.gameRowId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError(404, gamesAdminErrorCodes.gameNotFound, { field: 'gameRowId' });
    if (before.version !== body.version) throw versionConflict(before.version);
    const after = await trx
      .updateTable('game')
      .set({
        is_enabled: body.isEnabled,
        sort: body.sort,
        is_hot: body.isHot,
        is_new: body.isNew,
        name_th: body.nameTh,
        name_en: body.nameEn,
        thumbnail_url: body.thumbnailUrl,
        // The schema let only a positive amount with two places through.
        min_bet_minor: parseAmount(body.minBet)!,
        version: before.version + 1,
      })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...audit,
      action: 'games.game.update',
      targetType: 'game',
      targetId: before.id,
      before: gameSettings(before),
      after: gameSettings(after),
    });
    return gameView(after);
  });
}

/**
 * Adds a maintenance window to a vendor of the merchant. A weekly one is kept in `timeZone`, the
 * merchant's (`config.timezone`, Asia/Bangkok when unset) at the time it is made: the operator wrote
 * its weekday and times in that zone, and a later change of the merchant's zone does not move it
 * (the back-office shows each window's zone beside it).
 */
export async function createMaintenanceWindow(
  db: Kysely<Database>,
  audit: AuditContext,
  body: AdminMaintenanceCreateBody,
  timeZone: string,
): Promise<AdminMaintenanceWindow> {
  return db.transaction().execute(async (trx) => {
    const vendor = await findVendorRow(trx, audit.merchantId, body.vendorId);
    if (!vendor) throw vendorNotFound();
    if (body.kind === 'once' && body.endsAt! <= audit.nowMs)
      throw AppError.badRequest('endsAt', 'games.maintenance.ended');
    const row = await trx
      .insertInto('game_vendor_maintenance')
      .values(
        body.kind === 'once'
          ? {
              merchant_id: audit.merchantId,
              vendor_id: vendor.id,
              kind: 'once',
              starts_at: new Date(body.startsAt!),
              ends_at: new Date(body.endsAt!),
              weekday: null,
              start_minute: null,
              end_minute: null,
            }
          : {
              merchant_id: audit.merchantId,
              vendor_id: vendor.id,
              kind: 'weekly',
              starts_at: null,
              ends_at: null,
              weekday: body.weekday!,
              start_minute: minuteOf(body.startTime!),
              end_minute: minuteOf(body.endTime!),
              time_zone: timeZone,
            },
      )
      .returning([
        'id',
        'vendor_id',
        'kind',
        'starts_at',
        'ends_at',
        'weekday',
        'start_minute',
        'end_minute',
        'time_zone',
      ])
      .executeTakeFirstOrThrow();
    const view = windowView(row);
    await recordAudit(trx, {
      ...audit,
      action: 'games.maintenance.create',
      targetType: 'game_vendor',
      targetId: vendor.id,
      before: null,
      after: view,
    });
    return view;
  });
}

/** Removes a window of one of the merchant's vendors. */
export async function deleteMaintenanceWindow(
  db: Kysely<Database>,
  audit: AuditContext,
  windowId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('game_vendor_maintenance')
      .where('merchant_id', '=', audit.merchantId)
      .where('id', '=', windowId)
      .returning([
        'id',
        'vendor_id',
        'kind',
        'starts_at',
        'ends_at',
        'weekday',
        'start_minute',
        'end_minute',
        'time_zone',
      ])
      .executeTakeFirst();
    if (!row) throw new AppError(404, gamesAdminErrorCodes.maintenanceNotFound, { field: 'windowId' });
    await recordAudit(trx, {
      ...audit,
      action: 'games.maintenance.delete',
      targetType: 'game_vendor',
      targetId: row.vendor_id,
      before: windowView(row),
      after: null,
    });
  });
}
