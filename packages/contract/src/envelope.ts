import { z } from 'zod';

/** Forms place a refusal's `field` under that field with this (zod-free) helper. */
export { setRefusalFieldError } from './refusal-field.ts';

/**
 * Every response body is this envelope (ARCHITECTURE.md, "The API contract").
 * `errorCode` is a stable machine word; `message` is human text in the request's language.
 */
export function envelopeSchema<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    value: value.nullable(),
    message: z.string().optional(),
    errorCode: z.string().optional(),
  });
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  /** Null, except where a call documents details for the client (login failures: `{ captchaRequired }`). */
  value: z.record(z.string(), z.unknown()).nullable(),
  message: z.string(),
  errorCode: z.string(),
  /** For validation errors: the first offending field, dotted path (e.g. `content`). */
  field: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export interface Envelope<T> {
  success: boolean;
  value: T | null;
  message?: string;
  errorCode?: string;
  field?: string;
}

/** Languages the platform ships catalogues for; the wire uses upper case (`TH`, `EN`). */
export const languageSchema = z.enum(['TH', 'EN']);
export type Language = z.infer<typeof languageSchema>;

/** Money on the wire: a decimal string with exactly two places (ARCHITECTURE.md, "Money"). */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);
