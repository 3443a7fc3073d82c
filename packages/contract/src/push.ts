import { z } from 'zod';

/* ------------------------------------------------------------------------------------------------
 * Web Push (issue 19 "Installable app"): the member's consent, one switch per kind of notice, and the
 * browsers it subscribed. Token, real members only (the member centre). Each merchant signs its
 * pushes with its own VAPID key pair (RFC 8292); the site subscribes with `vapidPublicKey`.
 * ---------------------------------------------------------------------------------------------- */

export const pushPaths = {
  /** GET: the member's consent, switches and subscribed browsers, and the merchant's VAPID public key. PUT `pushSettingsRequestSchema`. */
  settings: '/wps/push/settings',
  /** POST `pushSubscribeRequestSchema`: this browser subscribed (consent given with it). */
  subscribe: '/wps/push/subscribe',
  /** POST `pushUnsubscribeRequestSchema`: this browser no longer receives pushes. */
  unsubscribe: '/wps/push/unsubscribe',
} as const;

/** The kinds of notice a member may switch on or off, each sent when its cause happens. */
export const pushKinds = ['depositApproved', 'withdrawalPaid', 'promotionIssued', 'contractOffered'] as const;
export const pushKindSchema = z.enum(pushKinds);
export type PushKind = z.infer<typeof pushKindSchema>;

export const pushSwitchesSchema = z.object({
  depositApproved: z.boolean(),
  withdrawalPaid: z.boolean(),
  promotionIssued: z.boolean(),
  contractOffered: z.boolean(),
});
export type PushSwitches = z.infer<typeof pushSwitchesSchema>;

export const pushSettingsSchema = z.object({
  /** The merchant's VAPID public key (base64url, uncompressed P-256 point), the subscription's applicationServerKey. */
  vapidPublicKey: z.string(),
  /** The member agreed to receive pushes (and has not withdrawn it). */
  consented: z.boolean(),
  switches: pushSwitchesSchema,
  /** Browsers subscribed, by their push endpoint (the site finds its own among them). */
  endpoints: z.array(z.string()),
  /**
   * Those of `endpoints` subscribed under an older key of the merchant (the operator rotated it): they
   * receive nothing until the site subscribes again with `vapidPublicKey` (it does on the next visit).
   */
  staleEndpoints: z.array(z.string()),
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

/** PUT: consent false withdraws it and removes every subscribed browser. */
export const pushSettingsRequestSchema = z.object({
  consent: z.boolean(),
  switches: pushSwitchesSchema,
});
export type PushSettingsRequest = z.infer<typeof pushSettingsRequestSchema>;

/** The browser's PushSubscription.toJSON(), as the push service gave it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(2048)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'a push service URL'),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'a base64url P-256 public key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/, 'a base64url authentication secret'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** POST subscribe: `consent` must be true (the member ticked it); the switches come along. */
export const pushSubscribeRequestSchema = z.object({
  consent: z.literal(true),
  subscription: pushSubscriptionSchema,
  switches: pushSwitchesSchema.optional(),
  /**
   * The VAPID public key the browser subscribed with (its applicationServerKey). Another than the
   * merchant's current one (rotated meanwhile): the subscription is recorded stale. Absent: the current.
   */
  vapidPublicKey: z.string().max(200).optional(),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequestSchema>;

export const pushUnsubscribeRequestSchema = z.object({ endpoint: z.string().max(2048) });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;

/** What the service worker receives (the push's encrypted payload, JSON); `test`: an operator's test notice. */
export const pushPayloadSchema = z.object({
  kind: z.union([pushKindSchema, z.literal('test')]),
  title: z.string(),
  body: z.string(),
  /** The site page to open when the notice is clicked. */
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** The web app manifest served per merchant at this path (linked from index.html). */
export const webManifestPath = '/manifest.webmanifest';
/** The brand's icons for the manifest: `/app-icon/{size}.png`, sizes below. */
export const appIconSizes = [192, 512] as const;

/* ------------------------------------------------------------------------------------------------
 * The back-office's push page (`push.read` to read, `push.manage` to rotate the key and send a test).
 * ---------------------------------------------------------------------------------------------- */

export const adminPushPaths = {
  /** GET: the merchant's counts, deliveries and key (`adminPushOverviewSchema`). */
  overview: '/admin-api/push',
  /** POST `adminPushRotateKeyRequestSchema`: a new VAPID key pair; every subscription becomes stale. */
  rotateKey: '/admin-api/push/rotate-key',
  /** POST `adminPushTestRequestSchema`: a test notice to one member's live subscriptions. */
  test: '/admin-api/push/test',
} as const;

/** Error codes of the push page (messages: server `i18n/push.messages.ts`). */
export const pushErrorCodes = {
  /**
   * The key changed since the page read it (409, field `fingerprint`): another operator rotated it.
   * Nothing changed; reload the page and look again before rotating.
   */
  keyChanged: 'push.key.changed',
  /** The member has not switched push on (consent not given or withdrawn), or is not a member here (400, field `memberId`). */
  memberOff: 'push.member.off',
  /** The member has push on but no live subscription: each is stale (key rotated) or none is left (400, field `memberId`). */
  memberNoLiveSubscription: 'push.member.no.live',
} as const;

export const pushDeviceSchema = z.enum(['mobile', 'tablet', 'desktop', 'unknown']);
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** Deliveries over a window: pushes a push service accepted, pushes that failed, subscriptions it said are gone (404/410) and were removed. */
export const adminPushDeliveriesSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int(),
});
export type AdminPushDeliveries = z.infer<typeof adminPushDeliveriesSchema>;

export const adminPushOverviewSchema = z.object({
  /** The merchant's current VAPID key; null before the first (made at a member's first settings read or first send). */
  key: z
    .object({
      /** `SHA256:` and the first 16 bytes of the SHA-256 of the public key, in hex pairs. */
      fingerprint: z.string(),
      publicKey: z.string(),
      createdAtMs: z.number().int(),
    })
    .nullable(),
  /** Members who gave consent (and did not withdraw it). */
  consentedMembers: z.number().int(),
  /** Members with consent and at least one live subscription: they receive pushes. */
  reachableMembers: z.number().int(),
  /** Members with consent whose every subscription is stale: they receive nothing until they visit the site again. */
  membersToResubscribe: z.number().int(),
  /** Live subscriptions (made under the current key), by device (unknown: made before devices were recorded). */
  liveSubscriptions: z.number().int(),
  staleSubscriptions: z.number().int(),
  devices: z.array(z.object({ device: pushDeviceSchema, subscriptions: z.number().int() })),
  /** Members with consent who switched each kind on. */
  optIns: z.object({
    depositApproved: z.number().int(),
    withdrawalPaid: z.number().int(),
    promotionIssued: z.number().int(),
    contractOffered: z.number().int(),
  }),
  /** Notices waiting to be sent (queued or to be retried). */
  queued: z.number().int(),
  lastDay: adminPushDeliveriesSchema,
  lastWeek: adminPushDeliveriesSchema,
});
export type AdminPushOverview = z.infer<typeof adminPushOverviewSchema>;

/** The fingerprint the page showed: a rotation happens only if the key is still that one (two clicks, one rotation). */
export const adminPushRotateKeyRequestSchema = z.object({
  fingerprint: z.string().max(80).nullable(),
});
export type AdminPushRotateKeyRequest = z.infer<typeof adminPushRotateKeyRequestSchema>;

export const adminPushRotateKeyResultSchema = z.object({
  overview: adminPushOverviewSchema,
  /** Subscriptions made stale by this rotation. */
  staleSubscriptions: z.number().int(),
});
export type AdminPushRotateKeyResult = z.infer<typeof adminPushRotateKeyResultSchema>;

export const adminPushTestRequestSchema = z.object({
  /** The member's id (digits), as the members page shows it. */
  memberId: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,17}$/, 'a member id'),
});
export type AdminPushTestRequest = z.infer<typeof adminPushTestRequestSchema>;

export const adminPushTestResultSchema = adminPushDeliveriesSchema.extend({
  /** The member's live subscriptions the test was sent to. */
  subscriptions: z.number().int(),
});
export type AdminPushTestResult = z.infer<typeof adminPushTestResultSchema>;
