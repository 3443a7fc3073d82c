import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Vendor credentials in the back-office (issue 15; modules/games README "Credentials"): the HMAC
 * secrets and the address of the integration serving a catalogue vendor. Permission `games.credentials`.
 * A secret is made by the server and answered once, by the call that makes it; afterwards only its
 * last 4 characters (`hint`) are shown. A rotation keeps the secrets current until then valid for
 * `overlapHours` more, so the vendor can switch without refused calls. The house integrations' secret
 * and address are the configuration's (HOUSE_VENDOR_SECRET): they are shown, never changed here.
 * ---------------------------------------------------------------------------------------------- */

export const gamesCredentialsPaths = {
  /** GET `?vendorId=`: the vendor's integration, its address and every secret it has had (adminVendorCredentialsSchema). */
  credentials: '/admin-api/games/credentials',
  /** POST adminCredentialRotateBodySchema: a new current secret; answers adminCredentialRotatedSchema (the secret, once). */
  rotateCredential: '/admin-api/games/credentials',
  /** POST adminCredentialRevokeBodySchema: that secret is refused from now on; answers adminVendorCredentialSchema. */
  revokeCredential: '/admin-api/games/credentials/revoke',
  /** PUT adminCredentialApiUrlBodySchema: where the platform calls the integration; answers `{ apiUrl }`. */
  updateApiUrl: '/admin-api/games/credentials/api-url',
} as const;

export const gamesCredentialsErrorCodes = {
  /** No secret of this vendor's integration has this id (404): another merchant's or vendor's ids answer the same. */
  credentialNotFound: 'games.credential.not_found',
  /** The vendor has no integration (409): connect it first; nothing written. */
  notConnected: 'games.credentials.not_connected',
  /** A house integration (409): its secret and address are the server's configuration; nothing written. */
  houseManaged: 'games.credentials.house_managed',
} as const;

/** The longest overlap an operator may give a rotation (a week). */
export const maxCredentialOverlapHours = 168;
export const defaultCredentialOverlapHours = 24;

const rowIdSchema = z.coerce.number().int().min(1).max(2_147_483_647);

/** `current`: the newest, no end; `overlap`: ended by a rotation, still accepted until `validUntil`; `expired`; `revoked`. */
export const vendorCredentialStates = ['current', 'overlap', 'expired', 'revoked'] as const;
export type VendorCredentialState = (typeof vendorCredentialStates)[number];

export const adminVendorCredentialSchema = z.object({
  credentialId: z.string(),
  /** The secret's last 4 characters. */
  hint: z.string(),
  state: z.enum(vendorCredentialStates),
  createdAt: z.number().int(),
  /** The operator's name; null: sealed from the stored clear secret at start (before this page existed). */
  createdBy: z.string().nullable(),
  validUntil: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
  revokedBy: z.string().nullable(),
});
export type AdminVendorCredential = z.infer<typeof adminVendorCredentialSchema>;

export const adminVendorCredentialsSchema = z.object({
  vendorId: z.number().int(),
  /** The integration's code (what the vendor puts in `/vendor-api/{code}/...`). */
  integrationCode: z.string(),
  /** True: a house integration, configured by the server (no secrets here, nothing to change). */
  isHouseManaged: z.boolean(),
  apiUrl: z.string().nullable(),
  /** Newest first. */
  credentials: z.array(adminVendorCredentialSchema),
});
export type AdminVendorCredentials = z.infer<typeof adminVendorCredentialsSchema>;

export const adminVendorCredentialsQuerySchema = z.object({ vendorId: rowIdSchema });

export const adminCredentialRotateBodySchema = z.object({
  vendorId: rowIdSchema,
  /** How long the secrets current until now stay accepted beside the new one; 0 ends them at once. */
  overlapHours: z.number().int().min(0).max(maxCredentialOverlapHours).default(defaultCredentialOverlapHours),
});
export type AdminCredentialRotateBody = z.input<typeof adminCredentialRotateBodySchema>;

export const adminCredentialRotatedSchema = z.object({
  credential: adminVendorCredentialSchema,
  /** The new secret in clear: shown this once, never answered again. */
  secret: z.string(),
});
export type AdminCredentialRotated = z.infer<typeof adminCredentialRotatedSchema>;

export const adminCredentialRevokeBodySchema = z.object({
  vendorId: rowIdSchema,
  credentialId: z.string().regex(/^[1-9]\d{0,17}$/),
});
export type AdminCredentialRevokeBody = z.infer<typeof adminCredentialRevokeBodySchema>;

/** Where the platform calls a transfer-mode integration: http(s), no spaces; null or '' removes it. */
export const adminCredentialApiUrlBodySchema = z.object({
  vendorId: rowIdSchema,
  apiUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(https?:\/\/[^\s/]+[^\s]*)?$/)
    .nullable()
    .transform((value) => (value === '' ? null : value)),
});
export type AdminCredentialApiUrlBody = z.input<typeof adminCredentialApiUrlBodySchema>;
