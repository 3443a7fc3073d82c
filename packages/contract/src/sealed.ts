import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Sealed payloads: the calls marked "encrypted" in spec §7 (ARCHITECTURE.md, "The API contract").
 *
 * The client fetches the public key, picks a random 32-byte AES key K and a 12-byte IV, adds `ts`
 * (epoch ms) and `nonce` (16 to 128 random printable characters) to the payload, encrypts its JSON
 * with AES-256-GCM and sends `{ value: base64(IV ‖ ciphertext ‖ 16-byte tag) }` with the header
 * `Encryption: <keyId>.<base64(RSA-OAEP-SHA256(K))>`. The route's own body schema describes the
 * payload as it is before sealing, without `ts` and `nonce`.
 * ---------------------------------------------------------------------------------------------- */

/** GET /wps/system/publicKey: the key to seal with. Refetch it when a call answers `payload.encryption.key.unknown`. */
export const publicKeySchema = z.object({
  /** Names the key in the `Encryption` header. */
  keyId: z.string(),
  /** Base64 DER SubjectPublicKeyInfo of an RSA key of at least 2048 bits, used with RSA-OAEP and SHA-256. */
  spki: z.string(),
});
export type PublicKey = z.infer<typeof publicKeySchema>;

/** The body of a sealed call on the wire. */
export const sealedBodySchema = z.strictObject({
  /** base64(IV (12 bytes) ‖ AES-256-GCM ciphertext ‖ tag (16 bytes)). */
  value: z.string(),
});
export type SealedBody = z.infer<typeof sealedBodySchema>;

/** The request header that carries `<keyId>.<base64(RSA-OAEP(K))>`. */
export const encryptionHeaderName = 'Encryption';

/** Fields the sealing adds to a payload; a sealed route's body never has fields of these names. */
export const sealedPayloadFields = ['ts', 'nonce'] as const;
