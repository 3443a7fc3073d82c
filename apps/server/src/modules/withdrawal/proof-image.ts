import { proofImageMaxBytes, withdrawalErrorCodes } from '@lotus/contract';
import { AppError } from '../../http/app-error.ts';
import { inspectProofImage } from '../deposit/proof-image.ts';

/**
 * The proof of a not-received claim: a PNG or JPEG judged by its bytes, never by a name or a
 * declared type (spec §5: png or jpg, at most 5 MB). The judgement is the deposit slips' own
 * (`inspectProofImage` in modules/deposit: a PNG that fully decodes, a JPEG whose segments walk from
 * SOI to EOI, dimensions capped against decompression bombs), so both proofs follow one rule; this
 * file only takes the image out of the JSON body's base64.
 */
export interface ProofImage {
  contentType: 'image/png' | 'image/jpeg';
  content: Buffer;
}

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;
const dataUrlPrefix = /^data:image\/(?:png|jpe?g);base64,/i;

function notImage(): AppError {
  return new AppError(400, withdrawalErrorCodes.proofNotImage, { field: 'proofImage' });
}

function tooLarge(): AppError {
  return new AppError(400, withdrawalErrorCodes.proofTooLarge, { field: 'proofImage', params: { megabytes: proofImageMaxBytes / 1024 / 1024 } });
}

/** The base64 text of the request (with or without a `data:` prefix) as a checked image; 400 otherwise. */
export function readProofImage(text: string): ProofImage {
  const base64 = text.trim().replace(dataUrlPrefix, '').replace(/\s+/g, '');
  if (base64 === '') throw AppError.badRequest('proofImage', 'validation.required');
  if (base64.length % 4 === 1 || !base64Pattern.test(base64)) throw notImage();
  // The decoded size is known from the length, before decoding anything big.
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > proofImageMaxBytes) throw tooLarge();
  const content = Buffer.from(base64, 'base64');
  const verdict = inspectProofImage(content);
  if (verdict === 'too.large') throw tooLarge();
  if (verdict === 'not.image') throw notImage();
  return { contentType: verdict.contentType, content };
}
