import { randomBytes } from 'node:crypto';
import { identityErrorCodes } from '@lotus/contract';
import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberTable } from '../identity.tables.ts';
import { hashPassword } from '../passwords/passwords.ts';

/** The columns every account creation decides; the others default to null. */
type RequiredColumns =
  | 'merchant_id'
  | 'username'
  | 'language'
  | 'password_hash'
  | 'password_changed_at'
  | 'register_method'
  | 'register_ip'
  | 'register_device'
  | 'created_at';
export type NewMember = Pick<Insertable<MemberTable>, RequiredColumns> &
  Partial<Omit<Insertable<MemberTable>, RequiredColumns | 'username_key' | 'upline_id'>>;

/**
 * Writes the agent tree's rows above a member just inserted, in the inserting transaction: modules/agents'
 * `placeUnder`, handed in by whoever creates the member so that identity never imports agents.
 */
export type PlaceInTree = (
  trx: Transaction<Database>,
  placement: { merchantId: number; memberId: bigint; uplineId: bigint },
) => Promise<void>;

/** The agent a new member joins, and the agent programme's way of recording it in the tree. */
export interface Upline {
  id: bigint;
  placeInTree: PlaceInTree;
}

/**
 * Inserts a member and places it in the agent tree (under `upline`, or at the top) in the caller's
 * transaction: the one way accounts are created (registration by username or mobile, agent-created,
 * free play, the seed), so no member is ever missing from the tree. The member's own depth-0 row is
 * written by a trigger; `member.upline_id` is written here, with the member; the rows above it by the
 * upline's `placeInTree`. The composite foreign key on `(merchant_id, upline_id)` refuses an upline of
 * another merchant.
 */
export async function insertMember(
  trx: Transaction<Database>,
  member: NewMember,
  upline: Upline | null,
): Promise<bigint> {
  const row = await trx
    .insertInto('member')
    .values({ ...member, username_key: member.username.toLowerCase(), upline_id: upline?.id ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (upline) await upline.placeInTree(trx, { merchantId: member.merchant_id, memberId: row.id, uplineId: upline.id });
  return row.id;
}

/**
 * Two creations of one name or number racing past the checks: the unique index decides, and the
 * loser gets the same 409 as if the check had caught it. Anything else is rethrown.
 */
export function rethrowTakenConflict(error: unknown): never {
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code === '23505' && constraint === 'member_username_key_idx')
    throw new AppError(409, identityErrorCodes.usernameTaken, { field: 'username' });
  if (code === '23505' && constraint === 'member_mobile_idx')
    throw new AppError(409, identityErrorCodes.mobileTaken, { field: 'mobileNum' });
  throw error;
}

/**
 * The hash of a password nobody knows (256 random bits, thrown away): for accounts that log in
 * otherwise (by SMS code, or never again, as a trial). A real argon2 hash, so a login attempt against
 * it costs and answers exactly like one against a real password.
 */
export function hashUnusablePassword(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}
