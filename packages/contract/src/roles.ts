import { z } from 'zod';
import {
  adminAdjustmentValueSchema,
  operatorPermissions,
  operatorRoleSchema,
  type OperatorPermission,
} from './backoffice.ts';
import { moneySchema } from './envelope.ts';
import { amountInputSchema } from './money.ts';

/* ------------------------------------------------------------------------------------------------
 * Roles of a merchant's operators (issue 15): the built-ins (read-only) and the merchant's own roles,
 * each with permissions from `operatorPermissions`, an IP allow-list and session timeouts.
 * ---------------------------------------------------------------------------------------------- */

/** Error codes of roles, IP allow-lists and the four-eyes approvals (messages: server `i18n/roles.messages.ts`). */
export const rolesErrorCodes = {
  /** The call or login comes from an address neither the operator's nor the role's allow-list holds (403). */
  ipRefused: 'operator.ip.refused',
  /** The role code names no role of this merchant: 400 `validation.failed`, field `role`, with this message. */
  roleUnknown: 'role.unknown',
  /** Only an operator holding `brands.platform` may give the `platform` role (403). */
  platformRoleRefused: 'role.platform.refused',
  /**
   * A role may gain, and an operator be given or lose, only permissions the acting operator holds
   * (403, field `permissions` or `role`, `{permission}` the first one missing).
   */
  permissionNotHeld: 'role.permission.not.held',
  /** A built-in role is read-only (409). */
  builtinReadOnly: 'role.builtin.readonly',
  /** The code is a built-in's or another role's of this merchant (409, field `code`). */
  roleCodeTaken: 'role.code.taken',
  /** Operators still hold the role (409, `{count}`): give them another role first. */
  roleInUse: 'role.in.use',
  /** The role changed since the form read it (409): reload and edit again. */
  roleVersionConflict: 'role.version.conflict',
  /** The operator changed since the form read it (409): reload and edit again. */
  operatorVersionConflict: 'operator.version.conflict',
  /** The requester of a money action cannot approve or reject it themself (409): another operator must. */
  approvalSelfRefused: 'approval.self.refused',
  /** The approval was already decided (409, `value.status`): nothing changed. */
  approvalDecided: 'approval.decided',
  /** The threshold changed since the form read it (409). */
  thresholdVersionConflict: 'approval.threshold.version.conflict',
} as const;

/** The area each permission belongs to, for the role editor's groups (in this order). */
export const permissionAreas = {
  money: [
    'deposits.review',
    'withdrawals.review',
    'channels.manage',
    'members.adjust',
    'approvals.review',
    'agents.settle',
    'promotions.review',
  ],
  members: [
    'members.read',
    'members.manage',
    'outbox.read',
    'feedback.manage',
    'messages.send',
    'agents.manage',
    'chat.answer',
    'push.read',
    'push.manage',
  ],
  brand: [
    'brands.manage',
    'brands.platform',
    'content.manage',
    'games.manage',
    'games.credentials',
    'promotions.manage',
    'lottery.manage',
    'lottery.results',
  ],
  staff: ['operators.manage', 'roles.manage', 'audit.read'],
  reports: ['reports.read'],
} as const satisfies Record<string, readonly OperatorPermission[]>;
export type PermissionArea = keyof typeof permissionAreas;

/** An IP address or CIDR range (IPv4 or IPv6), checked again by the server. */
export const ipAllowEntrySchema = z
  .string()
  .trim()
  .min(2)
  .max(49)
  .regex(/^[0-9A-Fa-f:.]+(\/\d{1,3})?$/);
export const ipAllowListSchema = z.array(ipAllowEntrySchema).max(50);

export const roleSchema = z.object({
  code: operatorRoleSchema,
  nameTh: z.string(),
  nameEn: z.string(),
  permissions: z.array(z.enum(operatorPermissions)),
  builtin: z.boolean(),
  ipAllowList: z.array(z.string()),
  idleMinutes: z.number().int(),
  absoluteHours: z.number().int(),
  /** Operators holding the role. */
  operators: z.number().int(),
  version: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;
export const roleListSchema = z.object({ items: z.array(roleSchema) });
export type RoleList = z.infer<typeof roleListSchema>;

const roleFieldsSchema = z.object({
  nameTh: z.string().trim().min(1).max(60),
  nameEn: z.string().trim().min(1).max(60),
  permissions: z.array(z.enum(operatorPermissions)).max(operatorPermissions.length),
  ipAllowList: ipAllowListSchema.default([]),
  idleMinutes: z.number().int().min(5).max(720).default(30),
  absoluteHours: z.number().int().min(1).max(12).default(12),
});

/** POST roles: a new role of the merchant. */
export const createRoleBodySchema = roleFieldsSchema.extend({ code: operatorRoleSchema });
export type CreateRoleBody = z.infer<typeof createRoleBodySchema>;
/** PUT role: the whole role with the version the form read. */
export const updateRoleBodySchema = roleFieldsSchema.extend({ version: z.number().int().min(1) });
export type UpdateRoleBody = z.infer<typeof updateRoleBodySchema>;

/** PUT operatorIpAllowList: the operator's own list with the version the form read. */
export const updateOperatorIpAllowListBodySchema = z.object({
  ipAllowList: ipAllowListSchema,
  version: z.number().int().min(1),
});

/* ---------- four-eyes for money ---------- */

/**
 * The merchant's threshold: a balance adjustment of more than `amount` waits for a second operator's
 * approval (`approvals.review`, not the requester). `amount` null: no approvals needed.
 */
export const approvalThresholdSchema = z.object({ amount: moneySchema.nullable(), version: z.number().int() });
export type ApprovalThreshold = z.infer<typeof approvalThresholdSchema>;
/** PUT threshold (`roles.manage` and `approvals.review`): null switches approvals off. */
export const updateApprovalThresholdBodySchema = z.object({
  amount: amountInputSchema.nullable(),
  version: z.number().int().min(0),
});

export const moneyApprovalSchema = z.object({
  id: z.string(),
  kind: z.literal('adjustment'),
  status: z.enum(['pending', 'approved', 'rejected']),
  memberId: z.string(),
  memberUsername: z.string().nullable(),
  direction: z.enum(['credit', 'debit']),
  amount: moneySchema,
  currency: z.string(),
  reason: z.string(),
  requestedBy: z.string().nullable(),
  requestedAt: z.number(),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().nullable(),
  decisionReason: z.string().nullable(),
  transferId: z.string().nullable(),
});
export type MoneyApproval = z.infer<typeof moneyApprovalSchema>;
export const moneyApprovalPageSchema = z.object({
  items: z.array(moneyApprovalSchema),
  /** Pending approvals of the merchant (the nav badge). */
  pending: z.number().int(),
});
export type MoneyApprovalPage = z.infer<typeof moneyApprovalPageSchema>;
export const moneyApprovalQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
});
export const rejectApprovalBodySchema = z.object({ reason: z.string().trim().min(3).max(200) });

/**
 * The answer of POST memberAdjustments: `posted` (the adjustment is in the ledger: transferId and
 * balanceAfter) or `pending` (above the threshold: approvalId, nothing posted yet).
 */
export const adjustmentOutcomeSchema = adminAdjustmentValueSchema.extend({
  status: z.enum(['posted', 'pending']).default('posted'),
  transferId: z.string().nullable(),
  balanceAfter: moneySchema.nullable(),
  approvalId: z.string().nullable().default(null),
});
export type AdjustmentOutcome = z.infer<typeof adjustmentOutcomeSchema>;

export const rolesPaths = {
  /** GET `?status=`: the merchant's money approvals and the pending count (`approvals.review`). */
  approvals: '/admin-api/approvals',
  /** `/admin-api/approvals/:approvalId/approve` POST: posts the adjustment once (`approvals.review`, not the requester). */
  approvalApprove: '/admin-api/approvals/:approvalId/approve',
  /** `/admin-api/approvals/:approvalId/reject` POST `{ reason }`. */
  approvalReject: '/admin-api/approvals/:approvalId/reject',
  /** GET / PUT `{ amount, version }`: the four-eyes threshold (PUT: `roles.manage` and `approvals.review`). */
  approvalThreshold: '/admin-api/approvals/threshold',
  /** GET: the merchant's roles (built-ins first); POST: a new role (`roles.manage`). */
  roles: '/admin-api/roles',
  /** `/admin-api/roles/:code`: PUT (with version), DELETE (refused while held). */
  role: '/admin-api/roles/:code',
  /** `/admin-api/operators/:operatorId/ip-allow-list`: PUT `{ ipAllowList, version }` (`operators.manage`). */
  operatorIpAllowList: '/admin-api/operators/:operatorId/ip-allow-list',
} as const;
