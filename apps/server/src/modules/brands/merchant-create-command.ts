import { parseArgs } from 'node:util';
import { createBrandBodySchema, type CreateBrandBody } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { createBrand } from './create-brand.ts';

export const merchantCreateUsage = `usage: npm run merchant:create -- --code CODE --name NAME --domain DOMAIN --currency THB
         [--symbol ฿] [--language TH|EN] [--admin USERNAME] [--platform]

  --code      2-32 lower-case letters, digits or -, starting with a letter (the Merchant header)
  --name      the brand's name (1-60 characters)
  --domain    the primary host name the site answers on (no scheme, no port)
  --currency  ISO 4217 code, e.g. THB
  --symbol    the currency symbol the site prints (default: known for THB, USD, ...; else the code)
  --language  the site's default language (default TH)
  --admin     the first operator's user name (default admin)
  --platform  the first operator gets the platform role (sees and creates every merchant)`;

/** Where the command writes: its one result line (with the password) and refusals. */
export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `npm run merchant:create`: creates a merchant (createBrand) from command-line arguments and prints
 * its first operator's generated password once. Exit codes: 0 created, 1 refused (code or domain
 * taken), 2 bad arguments (usage printed).
 */
export async function runMerchantCreate(
  args: string[],
  db: Kysely<Database>,
  out: CommandOutput,
  nowMs: number,
): Promise<number> {
  const input = parseMerchantCreateArgs(args, out);
  return typeof input === 'number' ? input : createFromCommandLine(input, db, out, nowMs);
}

/** The arguments as a creation body, or 2 (bad arguments, told on `out`): checked before any database is opened. */
export function parseMerchantCreateArgs(args: string[], out: CommandOutput): CreateBrandBody | 2 {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args,
      options: {
        code: { type: 'string' },
        name: { type: 'string' },
        domain: { type: 'string' },
        currency: { type: 'string' },
        symbol: { type: 'string' },
        language: { type: 'string' },
        admin: { type: 'string' },
        platform: { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    out.error(`merchant:create: ${(error as Error).message}`);
    out.error(merchantCreateUsage);
    return 2;
  }
  const parsed = createBrandBodySchema.safeParse({
    code: values.code,
    name: values.name,
    domain: values.domain,
    currency: values.currency,
    ...(values.symbol !== undefined ? { currencySymbol: values.symbol } : {}),
    ...(values.language !== undefined ? { defaultLanguage: String(values.language).toUpperCase() } : {}),
    ...(values.admin !== undefined ? { adminUsername: values.admin } : {}),
    platformAdmin: values.platform === true,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const option = optionNames[String(issue.path[0])] ?? String(issue.path[0]);
    const given = values[option.replace(/^--/, '')];
    out.error(
      given === undefined
        ? `merchant:create: ${option} is required`
        : `merchant:create: ${option} "${String(given)}" is not valid (${issue.message})`,
    );
    out.error(merchantCreateUsage);
    return 2;
  }
  return parsed.data;
}

/** Creates the merchant of parsed arguments: 0 created (password printed once), 1 refused. */
export async function createFromCommandLine(
  input: CreateBrandBody,
  db: Kysely<Database>,
  out: CommandOutput,
  nowMs: number,
): Promise<number> {
  const body = createBrandBodySchema.parse(input);
  try {
    const created = await createBrand(db, body, null, nowMs);
    out.log(
      `merchant "${created.merchant.code}" (${created.merchant.name}, id ${created.merchant.id}) created on ${created.merchant.primaryDomain}, ${created.merchant.currency}, default language ${created.merchant.defaultLanguage}.`,
    );
    out.log(
      `First operator: username "${created.admin.username}", role ${created.admin.role}, password "${created.admin.password}". It is shown this once only: log in at https://${created.merchant.primaryDomain}/admin, set up the authenticator, and keep the password safe.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) {
      const what =
        error.errorCode === 'brand.code.taken'
          ? `the merchant code "${body.code}" is already taken`
          : error.errorCode === 'brand.domain.taken'
            ? `the domain "${body.domain}" already belongs to a merchant`
            : error.errorCode;
      out.error(`merchant:create: refused: ${what}. Nothing was created.`);
      return 1;
    }
    throw error;
  }
}

const optionNames: Record<string, string> = {
  code: '--code',
  name: '--name',
  domain: '--domain',
  currency: '--currency',
  currencySymbol: '--symbol',
  defaultLanguage: '--language',
  adminUsername: '--admin',
  platformAdmin: '--platform',
};
