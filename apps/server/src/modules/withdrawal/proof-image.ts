import { proofImageMaxBytes, withdrawalErrorCodes } from '@lotus/contract';
import { AppError } from '../../http/app-error.ts';
import { inspectProofImage } from '../deposit/index.ts';

/**
 * The proof of a not-received claim, and the slip an operator attaches to a payout: a PNG or JPEG
 * judged by its bytes, never by a name or a declared type (spec §5: png or jpg, at most 5 MB). The
 * judgement is the deposit slips' own (`inspectProofImage` in modules/deposit: a PNG that fully
 * decodes, a JPEG whose segments walk from SOI to EOI, dimensions capped against decompression
 * bombs), so every proof follows one rule; this file only takes the image out of the JSON body's base64.
 */
export interface ProofImage {
  contentType: 'image/png' | 'image/jpeg';
  content: Buffer;
}

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;
const dataUrlPrefix = /^data:image\/(?:png|jpe?g);base64,/i;

/** The body field an image arrives in: its errors name it, and a payout slip's messages say "slip". */
export type ProofField = 'proofImage' | 'payoutSlip';

const slipMessages = {
  [withdrawalErrorCodes.proofNotImage]: 'withdraw.payout.slip.not.image',
  [withdrawalErrorCodes.proofTooLarge]: 'withdraw.payout.slip.too.large',
};

function refusal(
  code: typeof withdrawalErrorCodes.proofNotImage | typeof withdrawalErrorCodes.proofTooLarge,
  field: ProofField,
): AppError {
  return new AppError(400, code, {
    field,
    ...(field === 'payoutSlip' ? { messageKey: slipMessages[code] } : {}),
    ...(code === withdrawalErrorCodes.proofTooLarge ? { params: { megabytes: proofImageMaxBytes / 1024 / 1024 } } : {}),
  });
}

/** The base64 text of the request (with or without a `data:` prefix) as a checked image; 400 naming `field` otherwise. */
export function readProofImage(text: string, field: ProofField = 'proofImage'): ProofImage {
  const base64 = text.trim().replace(dataUrlPrefix, '').replace(/\s+/g, '');
  if (base64 === '') throw AppError.badRequest(field, 'validation.required');
  if (base64.length % 4 === 1 || !base64Pattern.test(base64)) throw refusal(withdrawalErrorCodes.proofNotImage, field);
  // The decoded size is known from the length, before decoding anything big.
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > proofImageMaxBytes)
    throw refusal(withdrawalErrorCodes.proofTooLarge, field);
  const content = Buffer.from(base64, 'base64');
  const verdict = inspectProofImage(content);
  if (verdict === 'too.large') throw refusal(withdrawalErrorCodes.proofTooLarge, field);
  if (verdict === 'not.image') throw refusal(withdrawalErrorCodes.proofNotImage, field);
  return { contentType: verdict.contentType, content };
}
