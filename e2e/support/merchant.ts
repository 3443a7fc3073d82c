import { withDatabase } from './database.ts';

/**
 * Changes a merchant's configuration in the database the e2e server uses, the way an operator's
 * change would land. The server hears the change (LISTEN/NOTIFY) and drops its cached reads.
 */
type Config = Record<string, unknown> & {
  maintenance: { enabled: boolean; startTime: number | null; endTime: number | null; allowIps: string[] };
  access: { ipAllow: string[]; ipDeny: string[]; blockedCountries: string[]; allowedCountries: string[] };
  loginedToHomePage: boolean;
};

const originals = new Map<string, Config>();

export async function updateMerchantConfig(code: string, patch: (config: Config) => void): Promise<void> {
  await withDatabase(async (client) => {
    const { rows } = await client.query<{ config: Config }>('SELECT config FROM merchant WHERE code = $1', [code]);
    const config = rows[0]!.config;
    if (!originals.has(code)) originals.set(code, structuredClone(config));
    patch(config);
    await client.query('UPDATE merchant SET config = $2, updated_at = now() WHERE code = $1', [code, config]);
  });
  // The server drops its cache when the notification arrives; give it a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 150));
}

export async function resetMerchantConfig(code: string): Promise<void> {
  const original = originals.get(code);
  if (!original) return;
  await withDatabase((client) => client.query('UPDATE merchant SET config = $2 WHERE code = $1', [code, original]));
  originals.delete(code);
  await new Promise((resolve) => setTimeout(resolve, 150));
}
