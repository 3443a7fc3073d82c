import { randomInt } from 'node:crypto';
import {
  identityErrorCodes,
  parseAmount,
  trialMemberType,
  type FreePlayRequest,
  type LoginResult,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { postTransfers } from '../../ledger/index.ts';
import type { MerchantContext } from '../../merchant/index.ts';
import type { Caller } from '../caller.ts';
import { insertLoginEvent } from '../identity.queries.ts';
import { hashUnusablePassword, insertMember, rethrowTakenConflict } from '../members/insert-member.ts';
import { createSession } from '../sessions/sessions.ts';

const hourMs = 3_600_000;

/** Lower-case letters and digits without look-alikes, for trial usernames. */
const trialAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `trial` and 10 random characters (about 49 bits): unguessable and, in practice, never taken. */
function trialUsername(): string {
  let suffix = '';
  for (let index = 0; index < 10; index++) suffix += trialAlphabet[randomInt(trialAlphabet.length)];
  return `trial${suffix}`;
}

export interface FreePlayContext {
  db: Kysely<Database>;
  merchant: MerchantContext;
  caller: Caller;
  language: 'TH' | 'EN';
  nowMs: number;
}

/**
 * POST /wps/session/login/freeplay (switch `freePlay`): a new trial account (isAgent 4) with a
 * password nobody knows, at the top of the tree, living `accounts.trialHours`, credited with
 * `accounts.trialBalance` of play money (`member_trial`, from `house_trial`), and a session that
 * ends no later than the account. Trial accounts are refused by every call guarded by
 * requireRealMember (real money, member centre, agent calls).
 */
export async function startFreePlay(context: FreePlayContext, request: FreePlayRequest): Promise<LoginResult> {
  const { db, merchant, caller, nowMs } = context;
  if (!merchant.config.switches.freePlay) throw new AppError(403, identityErrorCodes.freePlayDisabled);
  const trialHours = merchant.config.accounts.trialHours;
  const passwordHash = await hashUnusablePassword();
  const username = trialUsername();
  const now = new Date(nowMs);
  const loginDeviceId = request.loginDeviceId ?? null;
  try {
    const token = await db.transaction().execute(async (trx) => {
      const memberId = await insertMember(
        trx,
        {
          merchant_id: merchant.id,
          username,
          language: context.language,
          is_agent: trialMemberType,
          password_hash: passwordHash,
          password_changed_at: now,
          register_method: 'FREEPLAY',
          register_ip: caller.ip,
          register_device: caller.device,
          created_at: now,
        },
        null,
      );
      await trx
        .insertInto('member_trial')
        .values({
          member_id: memberId,
          merchant_id: merchant.id,
          created_at: now,
          trial_expires_at: new Date(nowMs + trialHours * hourMs),
        })
        .execute();
      // Play money, in its own account and never convertible to cash (ledger README).
      const trialBalance = parseAmount(merchant.config.accounts.trialBalance) ?? 0n;
      if (trialBalance > 0n) {
        await postTransfers(trx, {
          merchantId: merchant.id,
          currency: merchant.currency,
          idempotency: { source: 'freeplay', key: `trial:${memberId}` },
          transfers: [
            {
              debit: { kind: 'house_trial' },
              credit: { kind: 'member_trial', memberId },
              amount: trialBalance,
              kind: 'trial.credit',
              reference: `member:${memberId}`,
            },
          ],
          nowMs,
        });
      }
      await insertLoginEvent(trx, {
        merchantId: merchant.id,
        memberId,
        usernameTried: username,
        ...caller,
        loginDeviceId,
        failureReason: null,
        nowMs,
      });
      // Both are whole hours from now: the shorter one ends the session no later than the account.
      return createSession(trx, {
        merchantId: merchant.id,
        memberId,
        nowMs,
        absoluteHours: Math.min(merchant.config.sessions.absoluteHours, trialHours),
        ...caller,
        loginDeviceId,
      });
    });
    return { token, firstTimeLogin: true, passwordExpired: false, captchaRequired: false };
  } catch (error) {
    return rethrowTakenConflict(error);
  }
}
