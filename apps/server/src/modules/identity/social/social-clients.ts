import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import {
  socialCallbackPagePath,
  socialLoginErrorCodes,
  socialProviders,
  type AdminSocialProvider,
  type AdminSocialProviderBody,
  type SocialProvider,
} from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../../config.ts';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { listMerchantDomains, type MerchantConfig } from '../../merchant/index.ts';
import { isUnsafeText } from '../registration/register-rules.ts';
import { providerNames } from './social-providers.ts';

/**
 * The merchants' OAuth clients at each provider. The client secret is sealed at rest as vendors'
 * secrets are (AES-256-GCM under a key derived with HKDF-SHA256 from `VENDOR_SECRET_KEY`, with its own
 * HKDF label, so the two kinds of secret never share a key) and `social:<merchant>:<provider>` as
 * additional data: a sealed value copied to another merchant's or provider's row does not open.
 */

const keys = new Map<string, Buffer>();

function keyOf(config: Pick<AppConfig, 'VENDOR_SECRET_KEY'>): Buffer {
  let key = keys.get(config.VENDOR_SECRET_KEY);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', config.VENDOR_SECRET_KEY, 'lotus', 'social-login-secret v1', 32));
    keys.set(config.VENDOR_SECRET_KEY, key);
  }
  return key;
}

const aadOf = (merchantId: number, provider: SocialProvider) => Buffer.from(`social:${merchantId}:${provider}`, 'utf8');

export function sealClientSecret(
  config: Pick<AppConfig, 'VENDOR_SECRET_KEY'>,
  merchantId: number,
  provider: SocialProvider,
  secret: string,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  cipher.setAAD(aadOf(merchantId, provider));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

/** The secret, or null when it does not open (another key, another row's value, damaged). */
export function openClientSecret(
  config: Pick<AppConfig, 'VENDOR_SECRET_KEY'>,
  merchantId: number,
  provider: SocialProvider,
  sealed: string,
): string | null {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), Buffer.from(iv, 'base64url'), {
      authTagLength: 16,
    });
    decipher.setAAD(aadOf(merchantId, provider));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export interface SocialClient {
  clientId: string;
  clientSecret: string;
}

/** The merchant's client at this provider, or null when none is set (or its secret does not open). */
export async function findSocialClient(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'VENDOR_SECRET_KEY'>,
  merchantId: number,
  provider: SocialProvider,
): Promise<SocialClient | null> {
  const row = await db
    .selectFrom('social_login_client')
    .select(['client_id', 'sealed_secret'])
    .where('merchant_id', '=', merchantId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (!row) return null;
  const clientSecret = openClientSecret(config, merchantId, provider, row.sealed_secret);
  return clientSecret === null ? null : { clientId: row.client_id, clientSecret };
}

export function isSwitchedOn(config: Pick<MerchantConfig, 'switches'>, provider: SocialProvider): boolean {
  return config.switches.firebase[provider];
}

/**
 * The provider's client, when the merchant offers it: 403 `social.provider.disabled` while the
 * brand's switch is off, 403 `social.provider.unconfigured` while no client is set.
 */
export async function requireOfferedClient(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'VENDOR_SECRET_KEY'>,
  merchant: { id: number; config: Pick<MerchantConfig, 'switches'> },
  provider: SocialProvider,
): Promise<SocialClient> {
  if (!isSwitchedOn(merchant.config, provider))
    throw new AppError(403, socialLoginErrorCodes.providerDisabled, {
      field: 'provider',
      params: { provider: providerNames[provider] },
    });
  const client = await findSocialClient(db, config, merchant.id, provider);
  if (!client)
    throw new AppError(403, socialLoginErrorCodes.providerUnconfigured, {
      field: 'provider',
      params: { provider: providerNames[provider] },
    });
  return client;
}

/** The providers a member can use now: switched on and with a client. */
export async function listOfferedProviders(
  db: Kysely<Database>,
  merchant: { id: number; config: Pick<MerchantConfig, 'switches'> },
): Promise<SocialProvider[]> {
  const rows = await db
    .selectFrom('social_login_client')
    .select('provider')
    .where('merchant_id', '=', merchant.id)
    .execute();
  const configured = new Set(rows.map((row) => row.provider));
  return socialProviders.filter((provider) => isSwitchedOn(merchant.config, provider) && configured.has(provider));
}

/** The back-office's page: each provider's switch, client id, secret hint and the redirect URIs to register (who set it: the audit log). */
export async function listSocialProvidersForAdmin(
  db: Kysely<Database>,
  merchant: { id: number; config: Pick<MerchantConfig, 'switches'> },
): Promise<AdminSocialProvider[]> {
  const [rows, domains] = await Promise.all([
    db
      .selectFrom('social_login_client')
      .select(['provider', 'client_id', 'secret_hint', 'updated_at'])
      .where('merchant_id', '=', merchant.id)
      .execute(),
    listMerchantDomains(db, merchant.id),
  ]);
  const redirectUris = domains.map((row) => `https://${row.domain}${socialCallbackPagePath}`);
  return socialProviders.map((provider) => {
    const row = rows.find((candidate) => candidate.provider === provider);
    return {
      provider,
      isSwitchedOn: isSwitchedOn(merchant.config, provider),
      clientId: row?.client_id ?? null,
      secretHint: row?.secret_hint ?? null,
      updatedAt: row ? row.updated_at.getTime() : null,
      redirectUris,
    };
  });
}

/** What the audit log keeps of a client: never the secret, only its hint. */
export interface SocialClientSnapshot {
  [key: string]: unknown;
  clientId: string;
  secretHint: string;
}

/**
 * Sets the client id and, when one comes, a new secret (the first time it must). Answers the
 * snapshots before and after, for the audit log.
 */
export async function setSocialClient(
  db: Kysely<Database>,
  config: Pick<AppConfig, 'VENDOR_SECRET_KEY'>,
  input: {
    merchantId: number;
    provider: SocialProvider;
    operatorId: bigint;
    nowMs: number;
    body: AdminSocialProviderBody;
  },
): Promise<{ before: SocialClientSnapshot | null; after: SocialClientSnapshot }> {
  const { merchantId, provider, body } = input;
  const clientId = body.clientId.trim();
  const secret = (body.clientSecret ?? '').trim();
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('social_login_client')
      .select(['client_id', 'secret_hint'])
      .where('merchant_id', '=', merchantId)
      .where('provider', '=', provider)
      .forUpdate()
      .executeTakeFirst();
    if (!current && secret === '') throw AppError.badRequest('clientSecret', 'register.field.required');
    if (isUnsafeText(clientId)) throw AppError.badRequest('clientId', 'register.field.unsafe');
    const sealed = secret === '' ? null : sealClientSecret(config, merchantId, provider, secret);
    const hint = secret === '' ? current!.secret_hint : secret.slice(-4);
    const now = new Date(input.nowMs);
    await trx
      .insertInto('social_login_client')
      .values({
        merchant_id: merchantId,
        provider,
        client_id: clientId,
        sealed_secret: sealed ?? '',
        secret_hint: hint,
        updated_at: now,
        updated_by: input.operatorId,
      })
      .onConflict((oc) =>
        oc.columns(['merchant_id', 'provider']).doUpdateSet((eb) => ({
          client_id: clientId,
          sealed_secret: sealed ?? eb.ref('social_login_client.sealed_secret'),
          secret_hint: hint,
          updated_at: now,
          updated_by: input.operatorId,
        })),
      )
      .execute();
    return {
      before: current ? { clientId: current.client_id, secretHint: current.secret_hint } : null,
      after: { clientId, secretHint: hint },
    };
  });
}

/** Removes the client: the provider is no longer offered, even with its switch on. Null when none was set. */
export async function deleteSocialClient(
  db: Kysely<Database>,
  merchantId: number,
  provider: SocialProvider,
): Promise<SocialClientSnapshot | null> {
  const row = await db
    .deleteFrom('social_login_client')
    .where('merchant_id', '=', merchantId)
    .where('provider', '=', provider)
    .returning(['client_id', 'secret_hint'])
    .executeTakeFirst();
  return row ? { clientId: row.client_id, secretHint: row.secret_hint } : null;
}
