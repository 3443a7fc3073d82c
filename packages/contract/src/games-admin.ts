import { z } from 'zod';
import { moneySchema } from './envelope.ts';
import { amountInputSchema } from './money.ts';
import { gameCategorySchema } from './site.ts';

/* ------------------------------------------------------------------------------------------------
 * Games in the back-office (issue 15, modules/games README "Back-office"): the merchant's vendors and
 * games (switches, order, flags, names, thumbnails, category, minimum bet, turnover exclusion), vendors'
 * maintenance windows, and the recall of a round or bet by id. Permission `games.manage`.
 * Every save sends the `version` it read; a stale one is refused 409 `games.version.conflict`.
 * ---------------------------------------------------------------------------------------------- */

export const gamesAdminPaths = {
  /** GET: every vendor of the merchant, in lobby order. */
  vendors: '/admin-api/games/vendors',
  /** GET `?vendorId=`: one vendor with its games and maintenance windows (404 `games.vendor.not_found`). */
  vendor: '/admin-api/games/vendor',
  /** PUT adminVendorUpdateBodySchema: the vendor's settings; answers adminVendorSchema. */
  updateVendor: '/admin-api/games/vendor',
  /** PUT adminGameUpdateBodySchema: one game's settings; answers adminGameSchema. */
  updateGame: '/admin-api/games/game',
  /** POST adminMaintenanceCreateBodySchema: a new window; answers adminMaintenanceWindowSchema. */
  createMaintenance: '/admin-api/games/maintenance',
  /** DELETE `{ windowId }`: removes a window; answers `{ windowId }`. */
  deleteMaintenance: '/admin-api/games/maintenance',
  /** GET `?id=`: the rounds of any vendor whose round id (or one of whose bet transaction ids) is `id`, with postings and fairness. */
  recall: '/admin-api/games/recall',
} as const;

export const gamesAdminErrorCodes = {
  /** No vendor of this merchant has this id (404): another merchant's ids answer the same. */
  vendorNotFound: 'games.vendor.not_found',
  /** No game of this merchant has this id (404). */
  gameNotFound: 'games.game.not_found',
  /** No maintenance window of this merchant has this id (404). */
  maintenanceNotFound: 'games.maintenance.not_found',
  /** The row changed since the operator read it (409): nothing written; `value.version` is the current one. */
  versionConflict: 'games.version.conflict',
} as const;

const rowIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);
const versionSchema = z.number().int().min(1).max(2_147_483_647);
const displayNameSchema = z.string().trim().min(1).max(60);
/** A thumbnail or logo: an https URL or a path on this site (the media module's `/media/...`). */
const gameImageUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^(https:\/\/[^\s]+|\/[^\s]*)$/);
const sortSchema = z.number().int().min(0).max(99_999);
/** "HH:MM", 00:00-24:00. */
export const clockTimeSchema = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/);

export const adminMaintenanceWindowSchema = z.object({
  windowId: z.string(),
  kind: z.enum(['once', 'weekly']),
  /** once: epoch ms. */
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
  /** weekly: 0 = Sunday .. 6 = Saturday, times of day in `timeZone`; an end at or before the start runs past midnight. */
  weekday: z.number().int().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  timeZone: z.string(),
});
export type AdminMaintenanceWindow = z.infer<typeof adminMaintenanceWindowSchema>;

export const adminVendorSchema = z.object({
  vendorId: z.number().int(),
  vassalage: z.string(),
  version: z.number().int(),
  isEnabled: z.boolean(),
  sort: z.number().int(),
  isHot: z.boolean(),
  nameTh: z.string(),
  nameEn: z.string(),
  logoUrl: z.string(),
  gameCategory: gameCategorySchema,
  gameType: z.string(),
  walletMode: z.string(),
  isConnected: z.boolean(),
  turnoverExclusionPct: z.number().int(),
  gameCount: z.number().int(),
  enabledGameCount: z.number().int(),
  /** The window the vendor is in now (epoch ms), or null. */
  maintenanceNow: z.object({ startsAt: z.number().int(), endsAt: z.number().int() }).nullable(),
});
export type AdminVendor = z.infer<typeof adminVendorSchema>;

export const adminVendorListSchema = z.object({ vendors: z.array(adminVendorSchema) });
export type AdminVendorList = z.infer<typeof adminVendorListSchema>;

export const adminGameSchema = z.object({
  gameRowId: z.number().int(),
  gameId: z.string(),
  vassalage: z.string(),
  version: z.number().int(),
  isEnabled: z.boolean(),
  sort: z.number().int(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  nameTh: z.string(),
  nameEn: z.string(),
  thumbnailUrl: z.string(),
  gameClassify: z.string().nullable(),
  minBet: moneySchema,
  /** False: the vendor's integration does not serve it (README "Served games"): listed nowhere. */
  isServed: z.boolean(),
});
export type AdminGame = z.infer<typeof adminGameSchema>;

export const adminVendorDetailSchema = z.object({
  vendor: adminVendorSchema,
  games: z.array(adminGameSchema),
  maintenance: z.array(adminMaintenanceWindowSchema),
});
export type AdminVendorDetail = z.infer<typeof adminVendorDetailSchema>;

export const adminVendorQuerySchema = z.object({ vendorId: rowIdSchema });

export const adminVendorUpdateBodySchema = z.object({
  vendorId: rowIdSchema,
  version: versionSchema,
  isEnabled: z.boolean(),
  sort: sortSchema,
  isHot: z.boolean(),
  nameTh: displayNameSchema,
  nameEn: displayNameSchema,
  logoUrl: gameImageUrlSchema,
  gameCategory: gameCategorySchema,
  turnoverExclusionPct: z.number().int().min(0).max(100),
});
export type AdminVendorUpdateBody = z.infer<typeof adminVendorUpdateBodySchema>;

export const adminGameUpdateBodySchema = z.object({
  gameRowId: rowIdSchema,
  version: versionSchema,
  isEnabled: z.boolean(),
  sort: sortSchema,
  isHot: z.boolean(),
  isNew: z.boolean(),
  nameTh: displayNameSchema,
  nameEn: displayNameSchema,
  thumbnailUrl: gameImageUrlSchema,
  minBet: amountInputSchema,
});
export type AdminGameUpdateBody = z.infer<typeof adminGameUpdateBodySchema>;

/** A new window: `once` needs `startsAt` < `endsAt` (epoch ms, the end in the future); `weekly` a weekday and two times. */
export const adminMaintenanceCreateBodySchema = z
  .object({
    vendorId: rowIdSchema,
    kind: z.enum(['once', 'weekly']),
    startsAt: z.number().int().min(0).max(8_640_000_000_000).optional(),
    endsAt: z.number().int().min(0).max(8_640_000_000_000).optional(),
    weekday: z.number().int().min(0).max(6).optional(),
    startTime: clockTimeSchema.optional(),
    endTime: clockTimeSchema.optional(),
  })
  .superRefine((body, context) => {
    const need = (field: 'startsAt' | 'endsAt' | 'weekday' | 'startTime' | 'endTime') => {
      if (body[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: 'required' });
    };
    if (body.kind === 'once') {
      need('startsAt');
      need('endsAt');
      if (body.startsAt !== undefined && body.endsAt !== undefined && body.endsAt <= body.startsAt)
        context.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after the start' });
    } else {
      need('weekday');
      need('startTime');
      need('endTime');
      if (body.startTime !== undefined && body.startTime === body.endTime)
        context.addIssue({ code: 'custom', path: ['endTime'], message: 'must differ from the start' });
    }
  });
export type AdminMaintenanceCreateBody = z.infer<typeof adminMaintenanceCreateBodySchema>;

export const adminMaintenanceDeleteBodySchema = z.object({ windowId: z.string().regex(/^[1-9]\d{0,17}$/) });

export const adminRecallQuerySchema = z.object({ id: z.string().trim().min(1).max(128) });

/** One ledger transfer of a round's money call: from one account kind to another. */
export const adminRecallPostingSchema = z.object({
  transactionId: z.string(),
  transactionKind: z.string(),
  transferId: z.string(),
  kind: z.string(),
  fromAccount: z.string(),
  toAccount: z.string(),
  amount: moneySchema,
  at: z.number().int(),
});

export const adminRecallRoundSchema = z.object({
  vendorCode: z.string(),
  roundId: z.string(),
  memberId: z.string(),
  username: z.string().nullable(),
  vassalage: z.string(),
  gameId: z.string(),
  gameName: z.string().nullable(),
  status: z.string(),
  stake: moneySchema,
  validBet: moneySchema,
  payout: moneySchema,
  betCount: z.number().int(),
  firstBetAt: z.number().int(),
  settledAt: z.number().int().nullable(),
  /** The vendor's fairness details as stored (house games: server seed hash, revealed seed, client seed, nonce). */
  fairness: z.record(z.string(), z.unknown()).nullable(),
  /** True when the revealed server seed hashes to the committed hash (house games); null when there is nothing to check. */
  fairnessVerified: z.boolean().nullable(),
  postings: z.array(adminRecallPostingSchema),
});
export type AdminRecallRound = z.infer<typeof adminRecallRoundSchema>;

export const adminRecallSchema = z.object({ rounds: z.array(adminRecallRoundSchema) });
export type AdminRecall = z.infer<typeof adminRecallSchema>;
