import {
  adminLotteryResultErrorCodes as codes,
  officialLotteryResultSchema,
  vnPrizeTiers,
  type AdminLotteryResultImport,
  type OfficialLotteryResult,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { confirmResult, enterResult, type ResultActor } from './result-entries.ts';
import { stockIndexColumns, stockIndexResult } from './stock-index-results.ts';

/**
 * The columns of an imported line after `gameCode,numero`, per family (README "Import"). Leading zeros
 * are part of a number: a spreadsheet that drops them makes the line invalid, not a different result.
 */
export const importColumns: Record<string, readonly string[]> = {
  THAI_GOV: ['first', 'front3_1', 'front3_2', 'back3_1', 'back3_2', 'last2'],
  LAO: ['number'],
  THAI_STYLE: ['top3', 'bottom2'],
  VN_NORTH: vnColumns('VN_NORTH'),
  VN_SOUTH: vnColumns('VN_SOUTH'),
};

/** A Vietnamese draw's columns, tier after tier: `DB`, `G1`, `G2_1`, `G2_2`... (a tier of one number unnumbered). */
function vnColumns(family: keyof typeof vnPrizeTiers): string[] {
  return vnPrizeTiers[family].flatMap(({ tier, count }) =>
    Array.from({ length: count }, (_, index) => (count === 1 ? tier : `${tier}_${index + 1}`)),
  );
}

interface ParsedLine {
  line: number;
  gameCode: string;
  numero: string;
  result: OfficialLotteryResult;
}

function resultOf(family: string, values: readonly string[]): unknown {
  switch (family) {
    case 'THAI_GOV':
      return {
        family,
        first: values[0],
        front3: [values[1], values[2]],
        back3: [values[3], values[4]],
        last2: values[5],
      };
    case 'LAO':
      return { family, number: values[0] };
    case 'THAI_STYLE':
      return { family, top3: values[0], bottom2: values[1] };
    case 'VN_NORTH':
    case 'VN_SOUTH': {
      let at = 0;
      const prizes: Record<string, string[]> = {};
      for (const { tier, count } of vnPrizeTiers[family]) {
        prizes[tier] = values.slice(at, at + count) as string[];
        at += count;
      }
      return { family, prizes };
    }
    default:
      return null;
  }
}

/**
 * Reads the file: one result per line, `gameCode,numero,` then the family's columns (importColumns);
 * blank lines, lines starting with `#` and a first line starting with `gameCode` are skipped. Every
 * problem of every line is collected first; one bad line refuses the whole file (400
 * `lottery.result.import.invalid`, field `csv`, `value.lines`), so a file is never half taken.
 */
export async function parseResultCsv(db: Kysely<Database>, csv: string): Promise<ParsedLine[]> {
  const games = new Map(
    (await db.selectFrom('lottery_game').select(['code', 'family', 'kind']).execute()).map((game) => [game.code, game]),
  );
  const parsed: ParsedLine[] = [];
  const problems: { line: number; problem: string }[] = [];
  csv.split(/\r?\n/).forEach((text, index) => {
    const line = index + 1;
    const trimmed = text.replace(/^\uFEFF/, '').trim();
    if (trimmed === '' || trimmed.startsWith('#') || (index === 0 && /^gamecode\b/i.test(trimmed))) return;
    const cells = trimmed.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    const [gameCode = '', numero = '', ...values] = cells;
    const game = games.get(gameCode);
    if (!game || game.kind !== 'official') {
      problems.push({ line, problem: `gameCode: ${JSON.stringify(gameCode)} is not an official game` });
      return;
    }
    const columns = importColumns[game.family]!;
    // A stock-index game's line may give the index values instead of the digits (stock-index-results.ts):
    // published values always have two decimals, digits never have a point.
    if (stockIndexColumns[gameCode] && values.some((value) => value.includes('.'))) {
      const derived = stockIndexResult(gameCode, values);
      if (!/^[0-9]{8}(-[0-9A-Z]{2,5})?$/.test(numero))
        problems.push({ line, problem: `numero: ${JSON.stringify(numero)}` });
      if ('problem' in derived) problems.push({ line, problem: derived.problem });
      else parsed.push({ line, gameCode, numero, result: derived.result });
      return;
    }
    if (values.length !== columns.length) {
      problems.push({ line, problem: `${values.length} values instead of ${columns.length} (${columns.join(', ')})` });
      return;
    }
    const checked = officialLotteryResultSchema.safeParse(resultOf(game.family, values));
    if (!/^[0-9]{8}(-[0-9A-Z]{2,5})?$/.test(numero))
      problems.push({ line, problem: `numero: ${JSON.stringify(numero)}` });
    if (!checked.success) {
      for (const issue of checked.error.issues)
        problems.push({ line, problem: `result.${issue.path.join('.')}: ${issue.message}` });
      return;
    }
    parsed.push({ line, gameCode, numero, result: checked.data });
  });
  if (problems.length > 0)
    throw new AppError(400, codes.importInvalid, {
      field: 'csv',
      params: { field: 'csv', line: problems[0]!.line },
      value: { lines: problems.slice(0, 100) },
    });
  return parsed;
}

/**
 * Imports a file of results (README "Import"). Each line, on its own: a draw with a pending entry of
 * another operator is confirmed by it (the same values: blind double entry, so the second operator's
 * import of the same file confirms the whole batch); otherwise the line becomes a pending entry (source
 * `import`) for a second operator. A line that cannot be taken (the operator's own pending entry,
 * other values than the pending entry, a draw not due, cancelled or unknown) is reported with its error
 * code, and the others still go through.
 */
export async function importResults(
  db: Kysely<Database>,
  actor: ResultActor,
  csv: string,
): Promise<AdminLotteryResultImport> {
  const lines = await parseResultCsv(db, csv);
  const outcomes: AdminLotteryResultImport['lines'] = [];
  for (const line of lines) {
    const base = { line: line.line, gameCode: line.gameCode, numero: line.numero };
    try {
      const pending = await db
        .selectFrom('lottery_result_entry as e')
        .innerJoin('lottery_draw as d', 'd.id', 'e.draw_id')
        .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
        .select(['e.id', 'e.entered_by'])
        .where('g.code', '=', line.gameCode)
        .where('d.numero', '=', line.numero)
        .where('e.status', '=', 'pending')
        .where('e.entered_merchant_id', '=', actor.merchantId)
        .executeTakeFirst();
      if (pending && pending.entered_by !== actor.operatorId) {
        const confirmed = await confirmResult(db, actor, pending.id, line.result);
        outcomes.push({ ...base, outcome: 'confirmed', errorCode: null, entryId: confirmed.entryId });
      } else {
        const entered = await enterResult(db, actor, line, 'import');
        outcomes.push({ ...base, outcome: 'entered', errorCode: null, entryId: entered.entryId });
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ ...base, outcome: 'refused', errorCode: error.errorCode, entryId: null });
    }
  }
  return { lines: outcomes };
}
