import { randomInt } from 'node:crypto';
import { memberDeskErrorCodes, type MemberRestrictions, type MemberStatusAction } from '@lotus/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { LoginFailureReason } from '../identity.tables.ts';
import { hashPassword } from '../passwords/passwords.ts';
import { revokeAllRememberTokens } from '../sessions/remember-tokens.ts';
import { revokeAllSessions } from '../sessions/sessions.ts';
import { columns, prefixPattern, toBackofficeMember, type BackofficeMember } from './backoffice-members.ts';

/**
 * What the back-office's member desk reads and changes of identity's tables: the search by handle,
 * the profile, restrictions (status, login and games forbidden) under a version check, password and
 * two-factor resets, logins, sessions, and members sharing an IP or a device id. Every change runs in
 * the caller's transaction, where the back-office writes its audit row.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** A member search: by a handle typed by the operator, among some ids, or an agent's direct team. */
export type DeskMemberFilter =
  | { by: 'any' | 'username' | 'mobile' | 'email' | 'ip' | 'id'; q: string }
  | { memberIds: readonly bigint[] }
  | { agentId: bigint };

const ipPattern = /^(\d{1,3}\.){3}\d{1,3}$|^[0-9a-f:]+:[0-9a-f:]*$/i;

/**
 * A page of the merchant's members matching the filter, newest first, and the count. Every branch
 * uses an index of (merchant_id, ...): username_key and mobile prefixes, lower(email) prefix, login
 * IPs (login_event_ip_idx) and the register IP, the upline.
 */
export async function searchDeskMembers(
  db: Db,
  merchantId: number,
  filter: DeskMemberFilter,
  page: { page: number; pageSize: number },
): Promise<{ members: BackofficeMember[]; total: number }> {
  let base = db.selectFrom('member').where('merchant_id', '=', merchantId);
  if ('memberIds' in filter) {
    if (filter.memberIds.length === 0) return { members: [], total: 0 };
    base = base.where('id', 'in', [...filter.memberIds]);
  } else if ('agentId' in filter) {
    base = base.where((eb) => eb.or([eb('upline_id', '=', filter.agentId), eb('id', '=', filter.agentId)]));
  } else {
    const q = filter.q.trim();
    const by = filter.by === 'any' ? guessField(q) : filter.by;
    if (q === '' && by !== 'id') {
      // Everyone, newest first.
    } else if (by === 'id') {
      if (!/^\d{1,18}$/.test(q)) return { members: [], total: 0 };
      base = base.where('id', '=', BigInt(q));
    } else if (by === 'mobile') {
      const mobile = q.replace(/[\s+-]/g, '').replace(/^(66)?0*/, '');
      if (!/^\d+$/.test(mobile)) return { members: [], total: 0 };
      base = base.where('mobile_number', 'like', prefixPattern(mobile));
    } else if (by === 'email') {
      base = base.where(sql`lower(email)`, 'like', prefixPattern(q.toLowerCase()));
    } else if (by === 'ip') {
      base = base.where((eb) =>
        eb.or([
          eb('register_ip', '=', q),
          eb(
            'id',
            'in',
            eb
              .selectFrom('login_event')
              .select('member_id')
              .where('merchant_id', '=', merchantId)
              .where('ip', '=', q)
              .where('member_id', 'is not', null)
              .$narrowType<{ member_id: bigint }>(),
          ),
        ]),
      );
    } else if (by === 'digits') {
      const mobile = q.replace(/^0+/, '');
      base = base.where((eb) =>
        eb.or([
          eb('id', '=', BigInt(q)),
          ...(mobile.length >= 3 ? [eb('mobile_number', 'like', prefixPattern(mobile))] : []),
          eb('username_key', 'like', prefixPattern(q)),
        ]),
      );
    } else {
      base = base.where('username_key', 'like', prefixPattern(q.toLowerCase()));
    }
  }
  const [rows, count] = await Promise.all([
    base
      .select(columns)
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { members: rows.map(toBackofficeMember), total: Number(count.total) };
}

/** What "any" means for a typed text: an e-mail, an IP, digits (id, mobile or username), else a username. */
function guessField(q: string): 'email' | 'ip' | 'digits' | 'username' {
  if (q.includes('@')) return 'email';
  if (ipPattern.test(q)) return 'ip';
  if (/^\d{1,18}$/.test(q)) return 'digits';
  return 'username';
}

export interface DeskProfile {
  member: BackofficeMember;
  restrictions: MemberRestrictions;
  deskVersion: number;
  nickname: string | null;
  payeeName: string | null;
  birthday: string | null;
  language: 'TH' | 'EN';
  line: string | null;
  telegram: string | null;
  registerMethod: string;
  registerIp: string;
  registerDevice: string;
  registerDomain: string | null;
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  uplineId: bigint | null;
  lastLogin: { at: Date; ip: string } | null;
}

/** The member's profile for the desk, or undefined (another merchant's id alike). Three indexed reads. */
export async function findDeskProfile(db: Db, merchantId: number, memberId: bigint): Promise<DeskProfile | undefined> {
  const [row, totp, lastLogin] = await Promise.all([
    db
      .selectFrom('member')
      .select([
        ...columns,
        'nickname',
        'payee_name',
        'birthday',
        'language',
        'line',
        'telegram',
        'register_method',
        'register_ip',
        'register_device',
        'register_domain',
        'must_change_password',
        'login_forbidden',
        'games_forbidden',
        'desk_version',
        'upline_id',
      ])
      .where('merchant_id', '=', merchantId)
      .where('id', '=', memberId)
      .executeTakeFirst(),
    db.selectFrom('member_totp').select('secret').where('member_id', '=', memberId).executeTakeFirst(),
    db
      .selectFrom('login_event')
      .select(['created_at', 'ip'])
      .where('member_id', '=', memberId)
      .where('merchant_id', '=', merchantId)
      .where('succeeded', '=', true)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!row) return undefined;
  return {
    member: toBackofficeMember(row),
    restrictions: { status: row.status, loginForbidden: row.login_forbidden, gamesForbidden: row.games_forbidden },
    deskVersion: row.desk_version,
    nickname: row.nickname,
    payeeName: row.payee_name,
    birthday: row.birthday,
    language: row.language,
    line: row.line,
    telegram: row.telegram,
    registerMethod: row.register_method,
    registerIp: row.register_ip,
    registerDevice: row.register_device,
    registerDomain: row.register_domain,
    mustChangePassword: row.must_change_password,
    twoFactorEnabled: totp?.secret != null,
    uplineId: row.upline_id,
    lastLogin: lastLogin ? { at: lastLogin.created_at, ip: lastLogin.ip } : null,
  };
}

/** The restrictions after `action`. */
function applyAction(before: MemberRestrictions, action: MemberStatusAction): MemberRestrictions {
  switch (action) {
    case 'lock':
      return { ...before, status: before.status === 'closed' ? 'closed' : 'locked' };
    case 'unlock':
      return { ...before, status: before.status === 'locked' ? 'active' : before.status };
    case 'close':
      return { ...before, status: 'closed' };
    case 'reopen':
      return { ...before, status: before.status === 'closed' ? 'active' : before.status };
    case 'forbidLogin':
      return { ...before, loginForbidden: true };
    case 'allowLogin':
      return { ...before, loginForbidden: false };
    case 'forbidGames':
      return { ...before, gamesForbidden: true };
    case 'allowGames':
      return { ...before, gamesForbidden: false };
  }
}

/** A member that may not have a session: locked, closed or forbidden to log in. */
function isShutOut(restrictions: MemberRestrictions): boolean {
  return restrictions.status !== 'active' || restrictions.loginForbidden;
}

/**
 * An operator's status change, in the caller's transaction: the member row is locked, its
 * `desk_version` must be the one the operator read (409 `members.version.conflict`), a no-op is 409
 * `members.status.unchanged`. A member shut out (locked, closed, login forbidden) loses every session
 * and remember token at once, in the same transaction. Undefined for no member of the merchant.
 */
export async function changeMemberRestrictions(
  trx: Transaction<Database>,
  input: { merchantId: number; memberId: bigint; action: MemberStatusAction; version: number; nowMs: number },
): Promise<
  { before: MemberRestrictions; after: MemberRestrictions; deskVersion: number; sessionsEnded: number } | undefined
> {
  const row = await trx
    .selectFrom('member')
    .select(['status', 'login_forbidden', 'games_forbidden', 'desk_version'])
    .where('merchant_id', '=', input.merchantId)
    .where('id', '=', input.memberId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.desk_version !== input.version)
    throw new AppError(409, memberDeskErrorCodes.versionConflict, { field: 'version' });
  const before: MemberRestrictions = {
    status: row.status,
    loginForbidden: row.login_forbidden,
    gamesForbidden: row.games_forbidden,
  };
  const after = applyAction(before, input.action);
  if (
    after.status === before.status &&
    after.loginForbidden === before.loginForbidden &&
    after.gamesForbidden === before.gamesForbidden
  )
    throw new AppError(409, memberDeskErrorCodes.statusUnchanged);
  const deskVersion = row.desk_version + 1;
  await trx
    .updateTable('member')
    .set({
      status: after.status,
      login_forbidden: after.loginForbidden,
      games_forbidden: after.gamesForbidden,
      desk_version: deskVersion,
    })
    .where('id', '=', input.memberId)
    .execute();
  let sessionsEnded = 0;
  if (isShutOut(after)) {
    sessionsEnded = await revokeAllSessions(trx, input.memberId, input.nowMs);
    await revokeAllRememberTokens(trx, input.memberId, input.nowMs);
  }
  return { before, after, deskVersion, sessionsEnded };
}

/** Letters and digits without the look-alikes (0/O, 1/l/I), for a password read out over the phone. */
const temporaryAlphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 12-character password with at least one letter and one digit (most merchants' rule). */
export function makeTemporaryPassword(): string {
  for (;;) {
    let password = '';
    for (let index = 0; index < 12; index += 1) password += temporaryAlphabet[randomInt(temporaryAlphabet.length)];
    if (/\d/.test(password) && /[a-z]/i.test(password)) return password;
  }
}

/**
 * An operator's password reset: a random temporary password (answered once, stored as argon2id),
 * `must_change_password` so the next login opens only the change-password step, and every session
 * and remember token ends. Undefined for no member of the merchant.
 */
export async function resetMemberPassword(
  trx: Transaction<Database>,
  input: { merchantId: number; memberId: bigint; nowMs: number },
): Promise<{ temporaryPassword: string; sessionsEnded: number } | undefined> {
  const temporaryPassword = makeTemporaryPassword();
  const updated = await trx
    .updateTable('member')
    .set({
      password_hash: await hashPassword(temporaryPassword),
      must_change_password: true,
      password_changed_at: new Date(input.nowMs),
    })
    .where('merchant_id', '=', input.merchantId)
    .where('id', '=', input.memberId)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return undefined;
  const sessionsEnded = await revokeAllSessions(trx, input.memberId, input.nowMs);
  await revokeAllRememberTokens(trx, input.memberId, input.nowMs);
  return { temporaryPassword, sessionsEnded };
}

/**
 * Removes the member's authenticator (a lost phone): two-factor login is off until they set one up
 * again. False when there was none. The member must exist (the caller checked it).
 */
export async function resetMemberTwoFactor(
  trx: Transaction<Database>,
  input: { merchantId: number; memberId: bigint },
): Promise<boolean> {
  // The row goes (an enrolment in progress with it): the member starts afresh, as before any authenticator.
  const deleted = await trx
    .deleteFrom('member_totp')
    .where('merchant_id', '=', input.merchantId)
    .where('member_id', '=', input.memberId)
    .where('secret', 'is not', null)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export interface DeskLogin {
  id: bigint;
  createdAt: Date;
  succeeded: boolean;
  failureReason: LoginFailureReason | null;
  ip: string;
  country: string;
  device: string;
  deviceId: string | null;
}

/** The member's logins (successes and refusals), newest first, paged (login_event_member_idx). */
export async function listMemberLogins(
  db: Db,
  merchantId: number,
  memberId: bigint,
  page: { page: number; pageSize: number },
): Promise<{ items: DeskLogin[]; total: number }> {
  const base = db.selectFrom('login_event').where('member_id', '=', memberId).where('merchant_id', '=', merchantId);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'created_at', 'succeeded', 'failure_reason', 'ip', 'country', 'device', 'login_device_id'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      succeeded: row.succeeded,
      failureReason: row.failure_reason,
      ip: row.ip,
      country: row.country,
      device: row.device,
      deviceId: row.login_device_id,
    })),
    total: Number(count.total),
  };
}

export interface DeskSession {
  id: bigint;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string;
  country: string;
  device: string;
  deviceId: string | null;
}

/** The member's sessions not revoked and not past their absolute expiry, newest first. */
export async function listLiveSessions(
  db: Db,
  merchantId: number,
  memberId: bigint,
  nowMs: number,
): Promise<DeskSession[]> {
  const rows = await db
    .selectFrom('member_session')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'country', 'device', 'login_device_id'])
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(nowMs))
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    ip: row.ip,
    country: row.country,
    device: row.device,
    deviceId: row.login_device_id,
  }));
}

/** Ends one live session of the member; false when it is not one (unknown, another member's, ended). */
export async function endMemberSession(
  trx: Transaction<Database>,
  input: { merchantId: number; memberId: bigint; sessionId: bigint; nowMs: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('member_session')
    .set({ revoked_at: new Date(input.nowMs) })
    .where('id', '=', input.sessionId)
    .where('member_id', '=', input.memberId)
    .where('merchant_id', '=', input.merchantId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(input.nowMs))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends every session and remember token of the member; the number of sessions ended. */
export async function endAllMemberSessions(
  trx: Transaction<Database>,
  input: { memberId: bigint; nowMs: number },
): Promise<number> {
  const ended = await revokeAllSessions(trx, input.memberId, input.nowMs);
  await revokeAllRememberTokens(trx, input.memberId, input.nowMs);
  return ended;
}

/** At most this many IPs and device ids of the member are compared, and this many members answered. */
const linkedHandlesLimit = 50;
const linkedMembersLimit = 100;

/**
 * Other members of the merchant who logged in (successfully) from an IP or a device id this member
 * logged in from, or registered from the member's register IP: member id -> what they share. Two
 * reads of the member's own handles, then one indexed lookup each (login_event_ip_idx,
 * login_event_device_idx, member_register_ip_idx).
 */
export async function listMembersSharingLogins(
  db: Db,
  merchantId: number,
  memberId: bigint,
): Promise<Map<bigint, { ips: Set<string>; deviceIds: Set<string> }>> {
  const [ipRows, deviceRows, self] = await Promise.all([
    db
      .selectFrom('login_event')
      .select('ip')
      .distinct()
      .where('member_id', '=', memberId)
      .where('succeeded', '=', true)
      .limit(linkedHandlesLimit)
      .execute(),
    db
      .selectFrom('login_event')
      .select('login_device_id')
      .distinct()
      .where('member_id', '=', memberId)
      .where('succeeded', '=', true)
      .where('login_device_id', 'is not', null)
      .limit(linkedHandlesLimit)
      .execute(),
    db
      .selectFrom('member')
      .select('register_ip')
      .where('id', '=', memberId)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst(),
  ]);
  const ips = [...new Set([...ipRows.map((row) => row.ip), ...(self ? [self.register_ip] : [])])];
  const deviceIds = deviceRows.map((row) => row.login_device_id!);
  const linked = new Map<bigint, { ips: Set<string>; deviceIds: Set<string> }>();
  const entry = (id: bigint) => {
    let found = linked.get(id);
    if (!found) linked.set(id, (found = { ips: new Set(), deviceIds: new Set() }));
    return found;
  };
  const [byLoginIp, byRegisterIp, byDevice] = await Promise.all([
    ips.length === 0
      ? []
      : db
          .selectFrom('login_event')
          .select(['member_id', 'ip'])
          .distinct()
          .where('merchant_id', '=', merchantId)
          .where('ip', 'in', ips)
          .where('succeeded', '=', true)
          .where('member_id', '!=', memberId)
          .limit(linkedMembersLimit * 4)
          .execute(),
    ips.length === 0
      ? []
      : db
          .selectFrom('member')
          .select(['id as member_id', 'register_ip as ip'])
          .where('merchant_id', '=', merchantId)
          .where('register_ip', 'in', ips)
          .where('id', '!=', memberId)
          .limit(linkedMembersLimit * 4)
          .execute(),
    deviceIds.length === 0
      ? []
      : db
          .selectFrom('login_event')
          .select(['member_id', 'login_device_id'])
          .distinct()
          .where('merchant_id', '=', merchantId)
          .where('login_device_id', 'in', deviceIds)
          .where('succeeded', '=', true)
          .where('member_id', '!=', memberId)
          .limit(linkedMembersLimit * 4)
          .execute(),
  ]);
  for (const row of [...byLoginIp, ...byRegisterIp]) if (row.member_id !== null) entry(row.member_id).ips.add(row.ip);
  for (const row of byDevice) if (row.member_id !== null) entry(row.member_id).deviceIds.add(row.login_device_id!);
  return new Map([...linked].slice(0, linkedMembersLimit));
}
