import {
  adminLotteryResultErrorCodes as codes,
  errorCodes,
  officialLotteryResultSchema,
  type AdminLotteryResultDraws,
  type AdminLotteryResultEntries,
  type AdminLotteryResultEntry,
  type AdminLotteryResultEntryStatus,
  type OfficialLotteryFamily,
  type OfficialLotteryResult,
  stockIndexFieldsOf,
  type StockIndexValues,
} from '@lotus/contract';
import type { LotteryResult } from '@lotus/fair';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { listOperatorNames, recordAudit } from '../../backoffice/index.ts';
import type { LotteryDrawStatus } from '../lottery.tables.ts';
import type { LotteryResultEntrySource, LotteryResultEntryTable } from './official.tables.ts';
import { resettleDraw } from './resettle-draw.ts';
import { resultFromIndexValues } from './stock-index-results.ts';

/** A result as given: its numbers, or a stock-index game's values as published (derived here, not by the client). */
export type GivenResult = OfficialLotteryResult | { indexValues: StockIndexValues };

function resultGiven(gameCode: string, given: GivenResult): OfficialLotteryResult {
  return 'indexValues' in given ? resultFromIndexValues(gameCode, given.indexValues) : given;
}

/** Who acts, for the four-eyes rule and the audit row. */
export interface ResultActor {
  operatorId: bigint;
  merchantId: number;
  ip: string;
  nowMs: number;
  /** The operator's language: games' names in answers. */
  language: 'TH' | 'EN';
}

type EntryRow = Selectable<LotteryResultEntryTable>;

/** The fields in which two results differ (`first`, `front3.1`, `prizes.G3.4`), in a stable order. */
export function resultDifferences(entered: unknown, confirmed: unknown, path = ''): string[] {
  if (Array.isArray(entered) && Array.isArray(confirmed)) {
    const length = Math.max(entered.length, confirmed.length);
    return Array.from({ length }, (_, index) =>
      resultDifferences(entered[index], confirmed[index], path ? `${path}.${index}` : String(index)),
    ).flat();
  }
  if (entered && confirmed && typeof entered === 'object' && typeof confirmed === 'object') {
    const keys = [...new Set([...Object.keys(entered), ...Object.keys(confirmed)])].sort();
    return keys.flatMap((key) =>
      resultDifferences(
        (entered as Record<string, unknown>)[key],
        (confirmed as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
      ),
    );
  }
  return entered === confirmed ? [] : [path];
}

/** The result as stored: the contract's shape, keys in a fixed order (packages/fair reads it). */
function storedResult(result: OfficialLotteryResult): LotteryResult {
  return officialLotteryResultSchema.parse(result) as LotteryResult;
}

function drawField(field: string, code: string, status = 409): AppError {
  return new AppError(status, code, { field, params: { field } });
}

/** The official game of a code, or 404 / 400 naming `gameCode`. */
async function officialGame(db: Kysely<Database>, gameCode: string) {
  const game = await db
    .selectFrom('lottery_game')
    .select(['id', 'code', 'family', 'kind'])
    .where('code', '=', gameCode)
    .executeTakeFirst();
  if (!game) throw new AppError(404, errorCodes.notFound, { field: 'gameCode', params: { field: 'gameCode' } });
  if (game.kind !== 'official') throw drawField('gameCode', codes.notOfficial, 400);
  return game;
}

/**
 * Enters a draw's result for a second operator to confirm (status pending). On a draw still open or
 * locked it is the result (`purpose` result); on a drawn or settled draw a correction. Refused: a
 * result of another family than the game's (400 `lottery.result.shape.invalid`, field `result.family`),
 * an unknown draw (404, field `numero`), a draw whose time has not come (409 `lottery.result.too.early`),
 * a cancelled draw (409 `lottery.result.draw.cancelled`), a draw with an entry already pending (409
 * `lottery.result.pending.exists`). The draw row is locked first, so two entries at once are served one
 * after the other. The audit row names the entry, not its values: a confirmer reading the audit log
 * would otherwise see what to type.
 */
export async function enterResult(
  db: Kysely<Database>,
  actor: ResultActor,
  input: { gameCode: string; numero: string; result: GivenResult },
  source: LotteryResultEntrySource,
): Promise<AdminLotteryResultEntry> {
  const game = await officialGame(db, input.gameCode);
  const result = resultGiven(game.code, input.result);
  if (result.family !== game.family) throw drawField('result.family', codes.shapeInvalid, 400);
  return db.transaction().execute(async (trx) => {
    const draw = await trx
      .selectFrom('lottery_draw')
      .select(['id', 'status', 'draws_at'])
      .where('game_id', '=', game.id)
      .where('numero', '=', input.numero)
      .forUpdate()
      .executeTakeFirst();
    if (!draw) throw new AppError(404, errorCodes.notFound, { field: 'numero', params: { field: 'numero' } });
    if (draw.status === 'cancelled') throw drawField('numero', codes.drawCancelled);
    if (draw.draws_at.getTime() > actor.nowMs) throw drawField('numero', codes.tooEarly);
    const pending = await trx
      .selectFrom('lottery_result_entry')
      .select('id')
      .where('draw_id', '=', draw.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw drawField('numero', codes.pendingExists);
    const purpose = draw.status === 'open' || draw.status === 'locked' ? 'result' : 'correction';
    const entry = await trx
      .insertInto('lottery_result_entry')
      .values({
        draw_id: draw.id,
        purpose,
        result: JSON.stringify(storedResult(result)),
        source,
        status: 'pending',
        entered_by: actor.operatorId,
        entered_merchant_id: actor.merchantId,
        created_at: new Date(actor.nowMs),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...actor,
      action: 'lottery.result.enter',
      targetType: 'lottery_draw',
      targetId: draw.id,
      before: null,
      after: {
        entryId: String(entry.id),
        gameCode: game.code,
        numero: input.numero,
        purpose,
        source,
        given: 'indexValues' in input.result ? 'indexValues' : 'result',
      },
    });
    return (await toEntries(trx, actor, [entry]))[0]!;
  });
}

/**
 * A second operator confirms a pending entry by entering the same result again, without seeing the
 * first (blind double entry). Refused: the operator who entered it (409 `lottery.result.self.confirm`),
 * an entry already decided (409 `lottery.result.decided`), other values (409 `lottery.result.mismatch`,
 * field the first differing one, `value.fields` all of them; the entry stays pending: reject it if the
 * first entry was wrong). Confirmed, a result makes the draw `drawn` (the loop settles it); a
 * correction replaces the result of a drawn draw or re-settles a settled one (resettleDraw: only the
 * differences are posted). Locks: the draw row first (as settlement and entry do), then the entry.
 */
export async function confirmResult(
  db: Kysely<Database>,
  actor: ResultActor,
  entryId: bigint,
  given: GivenResult,
): Promise<AdminLotteryResultEntry> {
  return db.transaction().execute(async (trx) => {
    // An entry is its own brand's operators' to confirm: another brand's id answers as an unknown one.
    const seen = await trx
      .selectFrom('lottery_result_entry')
      .select('draw_id')
      .where('id', '=', entryId)
      .where('entered_merchant_id', '=', actor.merchantId)
      .executeTakeFirst();
    if (!seen) throw AppError.notFound();
    const draw = await trx
      .selectFrom('lottery_draw as d')
      .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
      .select(['d.id', 'd.status', 'd.draws_at', 'd.numero', 'd.result', 'd.game_id', 'g.code', 'g.family'])
      .where('d.id', '=', seen.draw_id)
      .forUpdate('d')
      .executeTakeFirstOrThrow();
    const entry = await trx
      .selectFrom('lottery_result_entry')
      .selectAll()
      .where('id', '=', entryId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (entry.status !== 'pending') throw new AppError(409, codes.decided, { value: { status: entry.status } });
    if (entry.entered_by === actor.operatorId) throw new AppError(409, codes.selfConfirm);
    // Index values are compared by the digits they make: the rule, not the typing, decides.
    const differences = resultDifferences(entry.result, storedResult(resultGiven(draw.code, given)));
    if (differences.length > 0) {
      const field = `result.${differences[0]}`;
      const indexFields =
        'indexValues' in given
          ? [
              ...new Set(
                differences.flatMap((part) =>
                  part === 'top3' || part === 'bottom2' ? stockIndexFieldsOf(draw.code, part) : [],
                ),
              ),
            ].map((name) => `indexValues.${name}`)
          : undefined;
      throw new AppError(409, codes.mismatch, {
        field,
        params: { field },
        value: { fields: differences.map((difference) => `result.${difference}`), ...(indexFields && { indexFields }) },
      });
    }
    if (draw.status === 'cancelled') throw drawField('numero', codes.drawCancelled);
    if (draw.draws_at.getTime() > actor.nowMs) throw drawField('numero', codes.tooEarly);
    const nowDate = new Date(actor.nowMs);
    const resultJson = JSON.stringify(entry.result);
    let settlement: Record<string, string | number> | null = null;
    if (draw.status === 'open' || draw.status === 'locked') {
      await trx
        .updateTable('lottery_draw')
        .set({ status: 'drawn', result: resultJson, drawn_at: nowDate })
        .where('id', '=', draw.id)
        .execute();
    } else {
      await trx.updateTable('lottery_draw').set({ result: resultJson }).where('id', '=', draw.id).execute();
      if (draw.status === 'settled') {
        const done = await resettleDraw(
          trx,
          { id: draw.id, gameId: draw.game_id, gameCode: draw.code, numero: draw.numero, family: draw.family },
          entry.result,
          entry.id,
          actor.nowMs,
        );
        settlement = {
          orders: done.orders,
          members: done.members,
          creditedMinor: done.creditedMinor.toString(),
          debitedMinor: done.debitedMinor.toString(),
          unrecoveredMinor: done.unrecoveredMinor.toString(),
          chasesStopped: done.chasesStopped,
          chasesUnstopped: done.chasesUnstopped,
          chaseOrdersRefunded: done.chaseOrdersRefunded,
        };
      }
    }
    const previous = draw.result === null ? null : JSON.stringify(draw.result);
    const decided = await trx
      .updateTable('lottery_result_entry')
      .set({ status: 'confirmed', decided_by: actor.operatorId, decided_at: nowDate, previous_result: previous })
      .where('id', '=', entry.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...actor,
      action: entry.purpose === 'correction' ? 'lottery.result.correct' : 'lottery.result.confirm',
      targetType: 'lottery_draw',
      targetId: draw.id,
      before: { status: draw.status, result: draw.result },
      after: {
        entryId: String(entry.id),
        status: 'confirmed',
        result: entry.result,
        // The confirmer's own values as published, once the result is decided (no longer blind).
        ...('indexValues' in given && { indexValues: given.indexValues }),
        settlement,
      },
    });
    return (await toEntries(trx, actor, [decided]))[0]!;
  });
}

/**
 * Drops a pending entry (wrong values, a second operator who disagrees): any `lottery.results`
 * holder, the one who entered it too. 409 `lottery.result.decided` once decided.
 */
export async function rejectResult(
  db: Kysely<Database>,
  actor: ResultActor,
  entryId: bigint,
  reason: string,
): Promise<AdminLotteryResultEntry> {
  return db.transaction().execute(async (trx) => {
    const entry = await trx
      .selectFrom('lottery_result_entry')
      .selectAll()
      .where('id', '=', entryId)
      .where('entered_merchant_id', '=', actor.merchantId)
      .forUpdate()
      .executeTakeFirst();
    if (!entry) throw AppError.notFound();
    if (entry.status !== 'pending') throw new AppError(409, codes.decided, { value: { status: entry.status } });
    const decided = await trx
      .updateTable('lottery_result_entry')
      .set({
        status: 'rejected',
        decided_by: entry.entered_by === actor.operatorId ? null : actor.operatorId,
        decision_reason: reason,
        decided_at: new Date(actor.nowMs),
      })
      .where('id', '=', entry.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...actor,
      action: 'lottery.result.reject',
      targetType: 'lottery_draw',
      targetId: entry.draw_id,
      before: { entryId: String(entry.id), status: 'pending' },
      after: { entryId: String(entry.id), status: 'rejected', reason },
    });
    return (await toEntries(trx, actor, [decided]))[0]!;
  });
}

/** The newest 200 entries of a status, and how many are pending (the nav badge). */
export async function listResultEntries(
  db: Kysely<Database>,
  actor: Pick<ResultActor, 'operatorId' | 'merchantId' | 'language'>,
  status: AdminLotteryResultEntryStatus,
): Promise<AdminLotteryResultEntries> {
  const [rows, pending] = await Promise.all([
    db
      .selectFrom('lottery_result_entry')
      .selectAll()
      .where('entered_merchant_id', '=', actor.merchantId)
      .where('status', '=', status)
      .orderBy('id', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('lottery_result_entry')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('entered_merchant_id', '=', actor.merchantId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  return { items: await toEntries(db, actor, rows), pending: Number(pending.total) };
}

/** The official games, and one game's last 10 due draws and next 3 (the entry form's picker). */
export async function listResultDraws(
  db: Kysely<Database>,
  gameCode: string,
  nowMs: number,
  language: 'TH' | 'EN',
): Promise<AdminLotteryResultDraws> {
  const games = await db
    .selectFrom('lottery_game')
    .select(['code', 'name_th', 'name_en', 'family'])
    .where('kind', '=', 'official')
    .orderBy('sort_order')
    .execute();
  const game = await officialGame(db, gameCode);
  const columns = ['d.id', 'd.numero', 'd.draws_at', 'd.status', 'd.result'] as const;
  const [due, coming] = await Promise.all([
    db
      .selectFrom('lottery_draw as d')
      .select(columns)
      .where('d.game_id', '=', game.id)
      .where('d.draws_at', '<=', new Date(nowMs))
      .orderBy('d.draws_at', 'desc')
      .limit(10)
      .execute(),
    db
      .selectFrom('lottery_draw as d')
      .select(columns)
      .where('d.game_id', '=', game.id)
      .where('d.draws_at', '>', new Date(nowMs))
      .orderBy('d.draws_at')
      .limit(3)
      .execute(),
  ]);
  const draws = [...coming.reverse(), ...due];
  const pending = new Set(
    draws.length === 0
      ? []
      : (
          await db
            .selectFrom('lottery_result_entry')
            .select('draw_id')
            .where('status', '=', 'pending')
            .where(
              'draw_id',
              'in',
              draws.map((draw) => draw.id),
            )
            .execute()
        ).map((row) => row.draw_id),
  );
  return {
    games: games.map((row) => ({
      gameCode: row.code,
      gameName: language === 'TH' ? row.name_th : row.name_en,
      family: row.family as OfficialLotteryFamily,
    })),
    draws: draws.map((draw) => ({
      numero: draw.numero,
      drawTime: draw.draws_at.getTime(),
      status: draw.status,
      result: (draw.result as OfficialLotteryResult | null) ?? null,
      hasPendingEntry: pending.has(draw.id),
    })),
  };
}

async function toEntries(
  db: Kysely<Database> | Transaction<Database>,
  actor: Pick<ResultActor, 'operatorId' | 'language'>,
  rows: readonly EntryRow[],
): Promise<AdminLotteryResultEntry[]> {
  if (rows.length === 0) return [];
  const draws = await db
    .selectFrom('lottery_draw as d')
    .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
    .select(['d.id', 'd.numero', 'd.draws_at', 'd.status', 'g.code', 'g.name_th', 'g.name_en', 'g.family'])
    .where(
      'd.id',
      'in',
      rows.map((row) => row.draw_id),
    )
    .execute();
  const drawOf = new Map(draws.map((draw) => [draw.id, draw]));
  const names = await listOperatorNames(db, [
    ...new Set(rows.flatMap((row) => (row.decided_by === null ? [row.entered_by] : [row.entered_by, row.decided_by]))),
  ]);
  return rows.map((row) => {
    const draw = drawOf.get(row.draw_id)!;
    const isOwn = row.entered_by === actor.operatorId;
    return {
      entryId: String(row.id),
      gameCode: draw.code,
      gameName: actor.language === 'TH' ? draw.name_th : draw.name_en,
      family: draw.family as OfficialLotteryFamily,
      numero: draw.numero,
      drawTime: draw.draws_at.getTime(),
      drawStatus: draw.status as LotteryDrawStatus,
      purpose: row.purpose,
      source: row.source,
      status: row.status,
      // Blind double entry: a pending entry's values are the enterer's alone.
      result: isOwn || row.status !== 'pending' ? (row.result as OfficialLotteryResult) : null,
      isOwn,
      enteredBy: names.get(row.entered_by) ?? null,
      enteredAt: row.created_at.getTime(),
      decidedBy: row.decided_by === null ? null : (names.get(row.decided_by) ?? null),
      decidedAt: row.decided_at?.getTime() ?? null,
      decisionReason: row.decision_reason,
    };
  });
}
