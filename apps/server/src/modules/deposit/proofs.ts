import { createHash } from 'node:crypto';
import { depositErrorCodes, type DepositProof } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { inspectProofImage } from './proof-image.ts';

/** Proofs a member may hold uploaded but not used by a deposit, over a rolling day: bounds what one account can store. */
export const maxUnusedProofsPerDay = 20;
/** Proofs never used by a deposit are deleted this long after upload (the expiry job). */
export const unusedProofRetentionMs = 24 * 60 * 60 * 1000;

/**
 * Stores a transfer slip after checking its bytes (inspectProofImage). Kept in PostgreSQL (bytea),
 * not under DATA_DIR: every API instance can serve it, it is backed up with the deposit that names
 * it, and a foreign key ties it to its member.
 */
export async function uploadProof(
  db: Kysely<Database>,
  input: { merchantId: number; memberId: bigint; bytes: Buffer; nowMs: number },
): Promise<DepositProof> {
  const image = inspectProofImage(input.bytes);
  if (image === 'too.large') throw new AppError(400, depositErrorCodes.proofTooLarge, { field: 'file' });
  if (image === 'not.image') throw new AppError(400, depositErrorCodes.proofNotImage, { field: 'file' });
  const unused = await db
    .selectFrom('deposit_proof')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('member_id', '=', input.memberId)
    .where('created_at', '>', new Date(input.nowMs - unusedProofRetentionMs))
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('deposit').select('deposit.id').whereRef('deposit.proof_id', '=', 'deposit_proof.id')),
      ),
    )
    .executeTakeFirstOrThrow();
  if (Number(unused.count) >= maxUnusedProofsPerDay)
    throw new AppError(429, depositErrorCodes.proofQuota, { retryAfterSeconds: 3600 });
  const row = await db
    .insertInto('deposit_proof')
    .values({
      merchant_id: input.merchantId,
      member_id: input.memberId,
      content_type: image.contentType,
      size_bytes: input.bytes.length,
      width: image.width,
      height: image.height,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      content: input.bytes,
      created_at: new Date(input.nowMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    proofId: Number(row.id),
    contentType: image.contentType,
    sizeBytes: input.bytes.length,
    width: image.width,
    height: image.height,
  };
}

export interface ProofContent {
  contentType: 'image/png' | 'image/jpeg';
  content: Buffer;
}

/** A member's own proof; another member's answers exactly like one that does not exist. */
export async function findMemberProof(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint,
  proofId: number,
): Promise<ProofContent | null> {
  const row = await db
    .selectFrom('deposit_proof')
    .select(['content_type', 'content'])
    .where('id', '=', BigInt(proofId))
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, content: row.content } : null;
}

/** The proof of a deposit of the merchant, for operators. */
export async function findDepositProof(
  db: Kysely<Database>,
  merchantId: number,
  depositId: number,
): Promise<ProofContent | null> {
  const row = await db
    .selectFrom('deposit')
    .innerJoin('deposit_proof', 'deposit_proof.id', 'deposit.proof_id')
    .select(['deposit_proof.content_type', 'deposit_proof.content'])
    .where('deposit.id', '=', BigInt(depositId))
    .where('deposit.merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row ? { contentType: row.content_type, content: row.content } : null;
}

/**
 * The id of a slip the member uploaded and no deposit uses yet (a slip serves one deposit), or
 * refuses it as unknown: another member's, a used one and a missing one answer alike.
 */
export async function claimableProofId(
  db: Kysely<Database>,
  merchantId: number,
  memberId: bigint,
  proofId: number,
): Promise<bigint> {
  const proof = await db
    .selectFrom('deposit_proof')
    .select('id')
    .where('id', '=', BigInt(proofId))
    .where('member_id', '=', memberId)
    .where('merchant_id', '=', merchantId)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('deposit').select('deposit.id').whereRef('deposit.proof_id', '=', 'deposit_proof.id')),
      ),
    )
    .executeTakeFirst();
  if (!proof) throw new AppError(400, depositErrorCodes.proofUnknown, { field: 'proofId' });
  return proof.id;
}
