import { z } from 'zod';
import { stockIndexValuesSchema } from './lottery-stock-index.ts';

/* ------------------------------------------------------------------------------------------------
 * Official lottery results in the back-office (issue 18 "Official results"; modules/lottery/official
 * README): the result of a Thai government, Lao, Hanoi or Vietnamese draw (north, or one central or
 * southern province) is entered by one operator and confirmed by a second one who types the same
 * values again without seeing the first entry (blind double entry: four eyes that also catch a typo),
 * or imported from a CSV file (each row
 * an entry, or the confirmation of another operator's entry). Confirmed, the draw is settled by the
 * draw loop; an entry on a drawn or settled draw is a correction that re-settles it, posting only the
 * differences. Every call needs `lottery.results`; every change is in the audit log.
 * ---------------------------------------------------------------------------------------------- */

export const adminLotteryResultPaths = {
  /** GET `adminLotteryResultEntriesQuerySchema`: entries of a status, newest first, with the pending count. */
  entries: '/admin-api/lottery/results/entries',
  /** POST `adminLotteryResultEnterRequestSchema`: enter a draw's result (or a correction): pending. */
  enter: '/admin-api/lottery/results/entries',
  /** POST `adminLotteryResultConfirmRequestSchema`: a second operator enters the same result again. */
  confirm: '/admin-api/lottery/results/entries/:entryId/confirm',
  /** POST `adminLotteryResultRejectRequestSchema`: drop a pending entry (any holder, the enterer too). */
  reject: '/admin-api/lottery/results/entries/:entryId/reject',
  /** GET `adminLotteryResultDrawsQuerySchema`: an official game's recent and coming draws (the entry form's picker). */
  draws: '/admin-api/lottery/results/draws',
  /** POST `adminLotteryResultImportRequestSchema`: a CSV of results, each row entered or confirming. */
  import: '/admin-api/lottery/results/import',
} as const;

/** Error codes of official results; messages in the server catalogue (TH, EN). */
export const adminLotteryResultErrorCodes = {
  /** The operator who entered the result tried to confirm it: a second operator must (409). */
  selfConfirm: 'lottery.result.self.confirm',
  /**
   * The confirmation's values differ from the entry's (409, field: the first differing one; `value.fields`
   * all of them; given as index values, `value.indexFields` the values that make the differing digits).
   */
  mismatch: 'lottery.result.mismatch',
  /** The entry was already confirmed or rejected (409). */
  decided: 'lottery.result.decided',
  /** Another entry of the draw waits for its confirmation: confirm or reject it first (409, field `numero`). */
  pendingExists: 'lottery.result.pending.exists',
  /** The draw's time has not come: no result can exist yet (409, field `numero`). */
  tooEarly: 'lottery.result.too.early',
  /** The draw was cancelled (no result came in time): nothing to enter (409, field `numero`). */
  drawCancelled: 'lottery.result.draw.cancelled',
  /** The game is drawn by the house, not an official game (400, field `gameCode`). */
  notOfficial: 'lottery.result.not.official',
  /** The result does not have the game's shape (400, field: the wrong part, e.g. `result.front3.1`). */
  shapeInvalid: 'lottery.result.shape.invalid',
  /** An imported file has lines that cannot be read (400, field `csv`; `value.lines` each line's problem). */
  importInvalid: 'lottery.result.import.invalid',
} as const;

/** The official games' result families (packages/fair LotteryFamily). */
export const officialLotteryFamilies = ['THAI_GOV', 'LAO', 'THAI_STYLE', 'VN_NORTH', 'VN_SOUTH'] as const;
export type OfficialLotteryFamily = (typeof officialLotteryFamilies)[number];

const digits = (count: number) => z.string().regex(new RegExp(`^[0-9]{${count}}$`), `must be ${count} digits`);

/** The northern Vietnamese draw's 27 numbers: tier, how many, digits each (market-rules 2.1). */
export const vnNorthPrizeTiers = [
  { tier: 'DB', count: 1, digits: 5 },
  { tier: 'G1', count: 1, digits: 5 },
  { tier: 'G2', count: 2, digits: 5 },
  { tier: 'G3', count: 6, digits: 5 },
  { tier: 'G4', count: 4, digits: 4 },
  { tier: 'G5', count: 6, digits: 4 },
  { tier: 'G6', count: 3, digits: 3 },
  { tier: 'G7', count: 4, digits: 2 },
] as const;

/**
 * One central or southern province's 18 numbers (VN_SOUTH, migration 0073's games): tier, how many,
 * digits each (market-rules 2.1; packages/fair VIETNAM_PRIZE_TABLES).
 */
export const vnSouthPrizeTiers = [
  { tier: 'DB', count: 1, digits: 6 },
  { tier: 'G1', count: 1, digits: 5 },
  { tier: 'G2', count: 1, digits: 5 },
  { tier: 'G3', count: 2, digits: 5 },
  { tier: 'G4', count: 7, digits: 5 },
  { tier: 'G5', count: 1, digits: 4 },
  { tier: 'G6', count: 3, digits: 4 },
  { tier: 'G7', count: 1, digits: 3 },
  { tier: 'G8', count: 1, digits: 2 },
] as const;

/** The prize tiers of a Vietnamese family, special prize first. */
export const vnPrizeTiers = { VN_NORTH: vnNorthPrizeTiers, VN_SOUTH: vnSouthPrizeTiers } as const;

const tierSchema = (count: number, digitCount: number) =>
  z.array(digits(digitCount)).length(count, `must be ${count} numbers`);

/** An official result as entered: the shapes of packages/fair's LotteryResult for these families. */
export const officialLotteryResultSchema = z.discriminatedUnion('family', [
  z.strictObject({
    family: z.literal('THAI_GOV'),
    first: digits(6),
    front3: z.tuple([digits(3), digits(3)]),
    back3: z.tuple([digits(3), digits(3)]),
    last2: digits(2),
  }),
  z.strictObject({ family: z.literal('LAO'), number: digits(4) }),
  z.strictObject({ family: z.literal('THAI_STYLE'), top3: digits(3), bottom2: digits(2) }),
  z.strictObject({
    family: z.literal('VN_NORTH'),
    prizes: z.strictObject({
      DB: tierSchema(1, 5),
      G1: tierSchema(1, 5),
      G2: tierSchema(2, 5),
      G3: tierSchema(6, 5),
      G4: tierSchema(4, 4),
      G5: tierSchema(6, 4),
      G6: tierSchema(3, 3),
      G7: tierSchema(4, 2),
    }),
  }),
  z.strictObject({
    family: z.literal('VN_SOUTH'),
    prizes: z.strictObject({
      DB: tierSchema(1, 6),
      G1: tierSchema(1, 5),
      G2: tierSchema(1, 5),
      G3: tierSchema(2, 5),
      G4: tierSchema(7, 5),
      G5: tierSchema(1, 4),
      G6: tierSchema(3, 4),
      G7: tierSchema(1, 3),
      G8: tierSchema(1, 2),
    }),
  }),
]);
export type OfficialLotteryResult = z.infer<typeof officialLotteryResultSchema>;

const idParamSchema = z.string().regex(/^[1-9][0-9]{0,18}$/, 'must be an id');
const gameCodeSchema = z.string().regex(/^[A-Z0-9_]{2,40}$/, 'must be a game code');
const numeroSchema = z.string().regex(/^[0-9]{8}(-[0-9A-Z]{2,5})?$/, 'must be a draw number');

export const adminLotteryResultEntryParamsSchema = z.object({ entryId: idParamSchema });

export const adminLotteryResultEntryStatuses = ['pending', 'confirmed', 'rejected'] as const;
export type AdminLotteryResultEntryStatus = (typeof adminLotteryResultEntryStatuses)[number];

export const adminLotteryResultEntriesQuerySchema = z.object({
  status: z.enum(adminLotteryResultEntryStatuses).default('pending'),
});
export type AdminLotteryResultEntriesQuery = z.infer<typeof adminLotteryResultEntriesQuerySchema>;

/**
 * A result is given as its numbers (`result`) or, for a stock-index game, as the index values
 * published (`indexValues`, lottery-stock-index.ts): exactly one of them (400 naming `result`).
 */
function resultOrIndexValues(body: { result?: unknown; indexValues?: unknown }, context: z.RefinementCtx): void {
  if ((body.result === undefined) === (body.indexValues === undefined))
    context.addIssue({ code: 'custom', path: ['result'], message: 'give either the result or the index values' });
}

export const adminLotteryResultEnterRequestSchema = z
  .object({
    gameCode: gameCodeSchema,
    numero: numeroSchema,
    result: officialLotteryResultSchema.optional(),
    indexValues: stockIndexValuesSchema.optional(),
  })
  .superRefine(resultOrIndexValues);
export type AdminLotteryResultEnterRequest = z.infer<typeof adminLotteryResultEnterRequestSchema>;

export const adminLotteryResultConfirmRequestSchema = z
  .object({ result: officialLotteryResultSchema.optional(), indexValues: stockIndexValuesSchema.optional() })
  .superRefine(resultOrIndexValues);
export type AdminLotteryResultConfirmRequest = z.infer<typeof adminLotteryResultConfirmRequestSchema>;

export const adminLotteryResultRejectRequestSchema = z.object({ reason: z.string().trim().min(1).max(500) });
export type AdminLotteryResultRejectRequest = z.infer<typeof adminLotteryResultRejectRequestSchema>;

/**
 * One entry. `result` is shown only to the operator who entered it (and once decided): a confirmer
 * types the values without seeing them. `isOwn` says whether the caller entered it.
 */
export const adminLotteryResultEntrySchema = z.object({
  entryId: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  family: z.enum(officialLotteryFamilies),
  numero: z.string(),
  drawTime: z.number().int(),
  drawStatus: z.enum(['open', 'locked', 'drawn', 'settled', 'cancelled']),
  purpose: z.enum(['result', 'correction']),
  source: z.enum(['manual', 'import']),
  status: z.enum(adminLotteryResultEntryStatuses),
  result: officialLotteryResultSchema.nullable(),
  isOwn: z.boolean(),
  enteredBy: z.string().nullable(),
  enteredAt: z.number().int(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
});
export type AdminLotteryResultEntry = z.infer<typeof adminLotteryResultEntrySchema>;

export const adminLotteryResultEntriesSchema = z.object({
  items: z.array(adminLotteryResultEntrySchema),
  pending: z.number().int(),
});
export type AdminLotteryResultEntries = z.infer<typeof adminLotteryResultEntriesSchema>;

export const adminLotteryResultDrawsQuerySchema = z.object({ gameCode: gameCodeSchema });
export type AdminLotteryResultDrawsQuery = z.infer<typeof adminLotteryResultDrawsQuerySchema>;

/** An official game and its draws around now (the last 10 due and the next 3), for the entry form. */
export const adminLotteryResultDrawsSchema = z.object({
  games: z.array(z.object({ gameCode: z.string(), gameName: z.string(), family: z.enum(officialLotteryFamilies) })),
  draws: z.array(
    z.object({
      numero: z.string(),
      drawTime: z.number().int(),
      status: z.enum(['open', 'locked', 'drawn', 'settled', 'cancelled']),
      result: officialLotteryResultSchema.nullable(),
      hasPendingEntry: z.boolean(),
    }),
  ),
});
export type AdminLotteryResultDraws = z.infer<typeof adminLotteryResultDrawsSchema>;

/** At most this many characters of CSV (about 2,000 lines of Vietnamese results). */
export const maxResultImportChars = 400_000;

export const adminLotteryResultImportRequestSchema = z.object({
  csv: z.string().min(1).max(maxResultImportChars),
});
export type AdminLotteryResultImportRequest = z.infer<typeof adminLotteryResultImportRequestSchema>;

/** What became of each line: a new pending entry, another operator's entry confirmed, or not taken (with why). */
export const adminLotteryResultImportSchema = z.object({
  lines: z.array(
    z.object({
      line: z.number().int(),
      gameCode: z.string(),
      numero: z.string(),
      outcome: z.enum(['entered', 'confirmed', 'refused']),
      /** For `refused`: the error code (mismatch, self confirm, pending exists, too early, cancelled, not found). */
      errorCode: z.string().nullable(),
      entryId: z.string().nullable(),
    }),
  ),
});
export type AdminLotteryResultImport = z.infer<typeof adminLotteryResultImportSchema>;
