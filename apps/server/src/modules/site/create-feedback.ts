import type { FeedbackRequest } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertFeedback } from './site.queries.ts';

/**
 * PUT /wps/feedback: stores a visitor's note for the operator with the caller's IP, which is what
 * lets an operator tie abuse to its source (the route is also throttled per IP).
 */
export async function createFeedback(
  db: Kysely<Database>,
  merchantId: number,
  request: FeedbackRequest,
  callerIp: string,
): Promise<void> {
  const contact = request.contact?.trim();
  await insertFeedback(db, { merchantId, content: request.content, contact: contact ? contact : null, ip: callerIp });
}
