import { errorCodes, identityErrorCodes, type CreateDownlineRequest, type DownlineCreated } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import {
  checkRegisterField,
  hashPassword,
  insertMember,
  isMobileTaken,
  isUsernameTaken,
  parseMobileNumber,
  rethrowTakenConflict,
  type AuthenticatedMember,
  type Caller,
} from '../../identity/index.ts';
import { isAgentType } from '../agent-types.ts';
import { placeUnder } from './hierarchy.ts';

export interface CreateDownlineContext {
  db: Kysely<Database>;
  merchant: MerchantContext;
  caller: Caller;
  language: 'TH' | 'EN';
  nowMs: number;
}

function fieldError(field: string, messageKey: string, params: Record<string, string | number> = {}): AppError {
  return new AppError(400, errorCodes.validation, { field, messageKey, params: { field, ...params } });
}

/**
 * PUT /wps/agent/downline: an agent opens an account directly under themselves (spec §2 agent centre
 * "registerCenter"). The fields pass the merchant's register rules like a registration's; the new
 * account must change the password the agent chose at its first login (`must_change_password`), so
 * the agent does not keep knowing it. An agent may open members (isAgent 0) or agents of its own kind.
 */
export async function createDownline(
  context: CreateDownlineContext,
  agent: AuthenticatedMember,
  request: CreateDownlineRequest,
): Promise<DownlineCreated> {
  const { db, merchant, caller, nowMs } = context;
  if (!isAgentType(agent.isAgent)) throw new AppError(403, identityErrorCodes.agentOnly);

  const rules = merchant.config.registerRules;
  const username = request.username.trim();
  const payeeName = request.payeeName?.trim() || undefined;
  const mobileNum = request.mobileNum?.trim() || undefined;
  const fields = [
    ['username', username || undefined, false],
    ['password', request.password || undefined, true],
    ['payeeName', payeeName, false],
    ['mobileNum', mobileNum, false],
  ] as const;
  for (const [field, value, isSecret] of fields) {
    const violation = checkRegisterField(field, value, rules[field], { isSecret });
    if (violation) throw fieldError(violation.field, violation.messageKey, violation.params);
  }
  if (username === '') throw fieldError('username', 'register.field.required');
  if (request.password === '') throw fieldError('password', 'register.field.required');

  const mobile = mobileNum === undefined ? null : parseMobileNumber(request.countryDialingCode, mobileNum);

  const isAgent = request.isAgent ?? 0;
  if (isAgent !== 0 && isAgent !== agent.isAgent)
    throw fieldError('isAgent', 'agent.downline.kind.invalid', { kind: agent.isAgent });

  if (await isUsernameTaken(db, merchant.id, username))
    throw new AppError(409, identityErrorCodes.usernameTaken, { field: 'username' });
  if (mobile && (await isMobileTaken(db, merchant.id, mobile.dialingCode, mobile.nationalNumber))) {
    throw new AppError(409, identityErrorCodes.mobileTaken, { field: 'mobileNum' });
  }

  const passwordHash = await hashPassword(request.password);
  const now = new Date(nowMs);
  try {
    const memberId = await db.transaction().execute((trx) =>
      insertMember(
        trx,
        {
          merchant_id: merchant.id,
          username,
          mobile_dialing_code: mobile?.dialingCode ?? null,
          mobile_number: mobile?.nationalNumber ?? null,
          payee_name: payeeName ?? null,
          language: context.language,
          is_agent: isAgent,
          password_hash: passwordHash,
          must_change_password: true,
          password_changed_at: now,
          register_method: 'AGENT',
          register_ip: caller.ip,
          register_device: caller.device,
          created_at: now,
        },
        { id: agent.id, placeInTree: placeUnder },
      ),
    );
    return { id: Number(memberId), account: username };
  } catch (error) {
    return rethrowTakenConflict(error);
  }
}
