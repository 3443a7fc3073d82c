import {
  formatMinorUnits,
  memberDeskErrorCodes,
  type AdminMemberRow,
  type LinkedMemberList,
  type MemberAgentTree,
  type MemberNoteList,
  type MemberPasswordResetValue,
  type MemberProfile,
  type MemberSearchQuery,
  type MemberStatusBody,
  type MemberStatusValue,
} from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { findAffiliateCodeAgent, listUplineChain, pageDirectDownlines } from '../agents/index.ts';
import { excludedTurnoverMinor } from '../games/index.ts';
import {
  changeMemberRestrictions,
  endAllMemberSessions,
  endMemberSession,
  findDeskProfile,
  findMemberForBackoffice,
  listMembersSharingLogins,
  listMemberSummaries,
  resetMemberPassword,
  resetMemberTwoFactor,
  searchDeskMembers,
  type BackofficeMember,
  type DeskMemberFilter,
} from '../identity/index.ts';
import { listMemberAccounts, listMembersAccounts } from '../ledger/index.ts';
import type { MerchantContext } from '../merchant/index.ts';
import { findMemberIdsByAccountNumber, listMembersSharingBankAccounts, readTurnover } from '../withdrawal/index.ts';
import { auditContext, listOperatorNames, recordAudit, toAdminMemberRow } from '../backoffice/index.ts';

/**
 * The member desk (README "Member desk"): search by any handle, the member's profile, and the
 * operator's changes (status, resets, sessions, tags, notes), each in one transaction with its audit
 * row. Members, sessions and logins are identity's, balances the ledger's, bank accounts and turnover
 * withdrawal's, the tree agents': all read through their index.ts, a page at a time, batched by ids.
 */

type Db = Kysely<Database>;

/** The member of this merchant, or 404 exactly as for an unknown id. */
export async function requireDeskMember(db: Db, merchantId: number, memberId: bigint): Promise<BackofficeMember> {
  const member = await findMemberForBackoffice(db, merchantId, memberId);
  if (!member) throw AppError.notFound();
  return member;
}

/** The filter identity searches with: bank numbers and affiliate codes are resolved by their owners first. */
async function toIdentityFilter(db: Db, merchantId: number, query: MemberSearchQuery): Promise<DeskMemberFilter> {
  const q = query.q.trim();
  if (q !== '' && query.by === 'bank') return { memberIds: await findMemberIdsByAccountNumber(db, merchantId, q) };
  if (q !== '' && query.by === 'affiliate') {
    const agentId = await findAffiliateCodeAgent(db, merchantId, q);
    return agentId === undefined ? { memberIds: [] } : { agentId };
  }
  const by = query.by === 'bank' || query.by === 'affiliate' ? 'any' : query.by;
  return { by, q };
}

/** A page of the desk's search with each member's balances (one batched ledger read for the page). */
export async function searchMemberDesk(
  db: Db,
  merchant: MerchantContext,
  query: MemberSearchQuery,
): Promise<{ items: AdminMemberRow[]; total: number }> {
  const filter = await toIdentityFilter(db, merchant.id, query);
  const { members, total } = await searchDeskMembers(db, merchant.id, filter, query);
  const accounts = await listMembersAccounts(
    db,
    merchant.id,
    members.map((member) => member.id),
    merchant.currency,
  );
  return {
    items: members.map((member) => toAdminMemberRow(merchant, member, accounts.get(member.id) ?? [])),
    total,
  };
}

/** The member's tags and their version (1 and none before the first change). */
async function readTagging(db: Db, memberId: bigint): Promise<{ names: string[]; version: number }> {
  const row = await db
    .selectFrom('member_tagging')
    .select(['tags', 'version'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return { names: row?.tags ?? [], version: row?.version ?? 1 };
}

/** The member's page: profile, restrictions, balances, turnover, tags and place in the tree. */
export async function getMemberProfile(
  db: Db,
  merchant: MerchantContext,
  memberId: bigint,
  nowMs: number,
): Promise<MemberProfile> {
  const found = await findDeskProfile(db, merchant.id, memberId);
  if (!found) throw AppError.notFound();
  const [accounts, turnover, tags, downlines, upline] = await Promise.all([
    listMemberAccounts(db, merchant.id, memberId, merchant.currency),
    readTurnover(db, {
      merchantId: merchant.id,
      memberId,
      currency: merchant.currency,
      multiplier: merchant.config.withdrawals.turnoverMultiplier,
      nowMs,
      // The same exclusion the withdrawal applies (modules/routes.ts hands it to withdrawal): the
      // excluded vendors' share of the wagered amount does not count.
      exclusion: excludedTurnoverMinor,
    }),
    readTagging(db, memberId),
    pageDirectDownlines(db, merchant.id, memberId, { page: 1, pageSize: 1 }),
    found.uplineId === null
      ? undefined
      : listMemberSummaries(db, merchant.id, [found.uplineId]).then((map) => map.get(found.uplineId!)),
  ]);
  return {
    member: toAdminMemberRow(merchant, found.member, accounts),
    restrictions: found.restrictions,
    deskVersion: found.deskVersion,
    profile: {
      nickname: found.nickname,
      payeeName: found.payeeName,
      birthday: found.birthday,
      language: found.language,
      line: found.line,
      telegram: found.telegram,
      registerMethod: found.registerMethod,
      registerIp: found.registerIp,
      registerDevice: found.registerDevice,
      registerDomain: found.registerDomain,
      mustChangePassword: found.mustChangePassword,
      twoFactorEnabled: found.twoFactorEnabled,
      lastLoginAt: found.lastLogin?.at.getTime() ?? null,
      lastLoginIp: found.lastLogin?.ip ?? null,
    },
    turnover: {
      required: formatMinorUnits(turnover.requiredMinor),
      wagered: formatMinorUnits(turnover.wageredMinor),
      remaining: formatMinorUnits(turnover.remainingMinor),
      multiplier: merchant.config.withdrawals.turnoverMultiplier,
    },
    tags,
    upline: upline ? { id: String(upline.id), username: upline.username, isAgent: upline.isAgent } : null,
    directDownlines: downlines.total,
  };
}

/** Lock, unlock, close, reopen, forbid or allow login or games: version-checked, sessions ended, audited. */
export async function changeMemberStatus(
  db: Db,
  request: FastifyRequest,
  memberId: bigint,
  body: MemberStatusBody,
): Promise<MemberStatusValue> {
  const context = auditContext(request);
  return db.transaction().execute(async (trx) => {
    const changed = await changeMemberRestrictions(trx, {
      merchantId: context.merchantId,
      memberId,
      action: body.action,
      version: body.version,
      nowMs: context.nowMs,
    });
    if (!changed) throw AppError.notFound();
    await recordAudit(trx, {
      ...context,
      // `forbidLogin` is written `member.status.forbid_login` (audit actions are lower case).
      action: `member.status.${body.action.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)}`,
      targetType: 'member',
      targetId: memberId,
      before: changed.before,
      after: { ...changed.after, reason: body.reason, sessionsEnded: changed.sessionsEnded },
    });
    return { ...changed.after, deskVersion: changed.deskVersion, sessionsEnded: changed.sessionsEnded };
  });
}

/** A temporary password shown once; the member changes it at the next login. Audited without it. */
export async function resetPassword(
  db: Db,
  request: FastifyRequest,
  memberId: bigint,
  reason: string,
): Promise<MemberPasswordResetValue> {
  const context = auditContext(request);
  return db.transaction().execute(async (trx) => {
    const reset = await resetMemberPassword(trx, { merchantId: context.merchantId, memberId, nowMs: context.nowMs });
    if (!reset) throw AppError.notFound();
    await recordAudit(trx, {
      ...context,
      action: 'member.password.reset',
      targetType: 'member',
      targetId: memberId,
      before: null,
      after: { mustChangePassword: true, sessionsEnded: reset.sessionsEnded, reason },
    });
    return reset;
  });
}

/** Removes the member's authenticator; 409 when there is none. Audited. */
export async function resetTwoFactor(db: Db, request: FastifyRequest, memberId: bigint, reason: string): Promise<void> {
  const context = auditContext(request);
  await requireDeskMember(db, context.merchantId, memberId);
  await db.transaction().execute(async (trx) => {
    const removed = await resetMemberTwoFactor(trx, { merchantId: context.merchantId, memberId });
    if (!removed) throw new AppError(409, memberDeskErrorCodes.twoFactorNotSet);
    await recordAudit(trx, {
      ...context,
      action: 'member.totp.reset',
      targetType: 'member',
      targetId: memberId,
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false, reason },
    });
  });
}

/** Ends one session (`sessionId`) or all of them; audited with how many ended. */
export async function endSessions(
  db: Db,
  request: FastifyRequest,
  memberId: bigint,
  sessionId: bigint | null,
): Promise<number> {
  const context = auditContext(request);
  await requireDeskMember(db, context.merchantId, memberId);
  return db.transaction().execute(async (trx) => {
    let ended: number;
    if (sessionId === null) {
      ended = await endAllMemberSessions(trx, { memberId, nowMs: context.nowMs });
    } else {
      const isEnded = await endMemberSession(trx, {
        merchantId: context.merchantId,
        memberId,
        sessionId,
        nowMs: context.nowMs,
      });
      if (!isEnded) throw new AppError(404, memberDeskErrorCodes.sessionUnknown);
      ended = 1;
    }
    await recordAudit(trx, {
      ...context,
      action: sessionId === null ? 'member.sessions.end' : 'member.session.end',
      targetType: 'member',
      targetId: memberId,
      before: sessionId === null ? null : { sessionId: String(sessionId) },
      after: { sessionsEnded: ended },
    });
    return ended;
  });
}

/** The merchant's tag list, by name. */
export async function listTagOptions(db: Db, merchantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('member_tag_option')
    .select('name')
    .where('merchant_id', '=', merchantId)
    .orderBy('name_key')
    .execute();
  return rows.map((row) => row.name);
}

/** A new tag in the merchant's list; 409 `members.tag.taken` (field `name`) when the name is there in any case. */
export async function addTagOption(db: Db, request: FastifyRequest, name: string): Promise<string[]> {
  const context = auditContext(request);
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('member_tag_option')
      .values({
        merchant_id: context.merchantId,
        name,
        name_key: name.toLowerCase(),
        created_at: new Date(context.nowMs),
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'name_key']).doNothing())
      .executeTakeFirst();
    if (inserted.numInsertedOrUpdatedRows === 0n)
      throw new AppError(409, memberDeskErrorCodes.tagTaken, { field: 'name', params: { field: name } });
    await recordAudit(trx, {
      ...context,
      action: 'member.tag.create',
      targetType: 'member_tag',
      targetId: name,
      before: null,
      after: { name },
    });
  });
  return listTagOptions(db, context.merchantId);
}

/**
 * Sets the member's tags (names from the merchant's list, matched in any case, each once) if the
 * version is the one the operator read: the write itself is conditional on it, so of two operators
 * saving at once one is refused 409 `members.version.conflict`. Audited with both lists.
 */
export async function setMemberTags(
  db: Db,
  request: FastifyRequest,
  memberId: bigint,
  body: { tags: string[]; version: number },
): Promise<{ names: string[]; version: number }> {
  const context = auditContext(request);
  await requireDeskMember(db, context.merchantId, memberId);
  const options = new Map((await listTagOptions(db, context.merchantId)).map((name) => [name.toLowerCase(), name]));
  const names: string[] = [];
  for (const tag of body.tags) {
    const name = options.get(tag.toLowerCase());
    if (name === undefined)
      throw new AppError(400, memberDeskErrorCodes.tagUnknown, { field: 'tags', params: { field: tag } });
    if (!names.includes(name)) names.push(name);
  }
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('member_tagging')
      .select(['tags', 'version'])
      .where('member_id', '=', memberId)
      .forUpdate()
      .executeTakeFirst();
    const version = body.version + 1;
    const written = await trx
      .insertInto('member_tagging')
      .values({
        member_id: memberId,
        merchant_id: context.merchantId,
        tags: names,
        version,
        updated_at: new Date(context.nowMs),
      })
      .onConflict((oc) =>
        oc
          .column('member_id')
          .doUpdateSet({ tags: names, version, updated_at: new Date(context.nowMs) })
          .where('member_tagging.version', '=', body.version),
      )
      .returning('version')
      .executeTakeFirst();
    // No row before means version 1: a first write naming another version is stale too.
    if (!written || (before === undefined && body.version !== 1))
      throw new AppError(409, memberDeskErrorCodes.versionConflict, { field: 'version' });
    await recordAudit(trx, {
      ...context,
      action: 'member.tags.set',
      targetType: 'member',
      targetId: memberId,
      before: { tags: before?.tags ?? [] },
      after: { tags: names },
    });
    return { names, version };
  });
}

/** The member's notes, newest first, with their authors' names. */
export async function listNotes(db: Db, merchantId: number, memberId: bigint): Promise<MemberNoteList> {
  await requireDeskMember(db, merchantId, memberId);
  const rows = await db
    .selectFrom('member_note')
    .select(['id', 'body', 'operator_id', 'created_at'])
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const names = await listOperatorNames(db, [...new Set(rows.map((row) => row.operator_id))]);
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      body: row.body,
      operator: names.get(row.operator_id) ?? '',
      createdAt: row.created_at.getTime(),
    })),
  };
}

/** Appends a note (notes are never edited or deleted); audited with its text. */
export async function addNote(
  db: Db,
  request: FastifyRequest,
  memberId: bigint,
  body: string,
): Promise<MemberNoteList> {
  const context = auditContext(request);
  await requireDeskMember(db, context.merchantId, memberId);
  await db.transaction().execute(async (trx) => {
    const note = await trx
      .insertInto('member_note')
      .values({
        merchant_id: context.merchantId,
        member_id: memberId,
        operator_id: context.operatorId!,
        body,
        created_at: new Date(context.nowMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      ...context,
      action: 'member.note.add',
      targetType: 'member',
      targetId: memberId,
      before: null,
      after: { noteId: String(note.id), body },
    });
  });
  return listNotes(db, context.merchantId, memberId);
}

/** The upline chain (direct upline first) and a page of direct downlines. */
export async function getAgentTree(
  db: Db,
  merchantId: number,
  memberId: bigint,
  page: { page: number; pageSize: number },
): Promise<MemberAgentTree> {
  await requireDeskMember(db, merchantId, memberId);
  const [uplines, downlines] = await Promise.all([
    listUplineChain(db, memberId, { merchantId }),
    pageDirectDownlines(db, merchantId, memberId, page),
  ]);
  const members = await listMemberSummaries(db, merchantId, downlines.memberIds);
  return {
    uplines: uplines.map((upline) => ({
      id: String(upline.memberId),
      username: upline.username,
      isAgent: upline.isAgent,
    })),
    items: downlines.memberIds.flatMap((id) => {
      const member = members.get(id);
      return member ? [{ id: String(id), username: member.username, isAgent: member.isAgent }] : [];
    }),
    total: downlines.total,
    ...page,
  };
}

/**
 * Members sharing a login IP, a device id or a bank account number with this one, with what they
 * share, the most shared first (a common fraud signal). One read per kind, one for the names.
 */
export async function listLinkedMembers(db: Db, merchantId: number, memberId: bigint): Promise<LinkedMemberList> {
  await requireDeskMember(db, merchantId, memberId);
  const [logins, banks] = await Promise.all([
    listMembersSharingLogins(db, merchantId, memberId),
    listMembersSharingBankAccounts(db, merchantId, memberId),
  ]);
  const ids = [...new Set([...logins.keys(), ...banks.keys()])];
  const members = await listMemberSummaries(db, merchantId, ids);
  const items = ids.flatMap((id) => {
    const member = members.get(id);
    if (!member) return [];
    const shared = logins.get(id);
    return [
      {
        id: String(id),
        username: member.username,
        status: member.status,
        ips: [...(shared?.ips ?? [])].sort(),
        deviceIds: [...(shared?.deviceIds ?? [])].sort(),
        bankAccounts: [...(banks.get(id) ?? [])].sort(),
      },
    ];
  });
  const weight = (item: (typeof items)[number]) =>
    item.ips.length + 2 * item.deviceIds.length + 3 * item.bankAccounts.length;
  items.sort((a, b) => weight(b) - weight(a) || Number(BigInt(b.id) - BigInt(a.id)));
  return { items };
}
