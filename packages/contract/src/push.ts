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
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequestSchema>;

export const pushUnsubscribeRequestSchema = z.object({ endpoint: z.string().max(2048) });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;

/** What the service worker receives (the push's encrypted payload, JSON). */
export const pushPayloadSchema = z.object({
  kind: pushKindSchema,
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
