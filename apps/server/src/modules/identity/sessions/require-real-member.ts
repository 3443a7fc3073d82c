import { identityErrorCodes, trialMemberType } from '@lotus/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.ts';
import { requireMember } from './require-member.ts';

/**
 * `onRequest` guard of calls a trial account may not make (real money, member centre, security settings):
 * everything `requireMember` checks, then 403 `member.trial.forbidden` for a trial account, so the
 * site can offer registration instead.
 */
export async function requireRealMember(request: FastifyRequest): Promise<void> {
  await requireMember(request);
  if (request.member.isAgent === trialMemberType) {
    throw new AppError(403, identityErrorCodes.trialForbidden);
  }
}
