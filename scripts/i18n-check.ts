// npm run i18n:check: every text exists in TH and EN under one key set.
// Fails on a key missing from either language, an empty text, a placeholder that differs between
// the languages, or a key the site's code uses (t('...')) that no catalogue defines.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ledgerTransferKinds } from '../packages/contract/src/backoffice.ts';
import { houseAccountKinds, memberAccountKinds } from '../apps/server/src/modules/ledger/ledger.tables.ts';
import { messages } from '../apps/server/src/i18n/messages.ts';

const root = path.resolve(import.meta.dirname, '..');
const problems: string[] = [];

type Catalogue = Record<string, string>;

function compare(name: string, th: Catalogue, en: Catalogue): void {
  const placeholders = (text: string) =>
    [...text.matchAll(/\{\{?\s*(\w+)\s*\}?\}/g)]
      .map((m) => m[1])
      .sort()
      .join(',');
  for (const key of Object.keys(th)) if (!(key in en)) problems.push(`${name}: "${key}" is in TH but missing from EN`);
  for (const key of Object.keys(en)) if (!(key in th)) problems.push(`${name}: "${key}" is in EN but missing from TH`);
  for (const [language, catalogue] of [
    ['TH', th],
    ['EN', en],
  ] as const) {
    for (const [key, text] of Object.entries(catalogue)) {
      if (typeof text !== 'string' || text.trim() === '') problems.push(`${name}: "${key}" is empty in ${language}`);
    }
  }
  for (const key of Object.keys(th)) {
    if (key in en && placeholders(th[key]!) !== placeholders(en[key]!)) {
      problems.push(`${name}: "${key}" has different placeholders in TH and EN`);
    }
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [full] : [];
  });
}

// The site: the core catalogue (locales/{th,en}.json) and each lazily loaded feature's
// (locales/<feature>/{th,en}.json). Each pair must match; together they are one key set.
const localeDir = path.join(root, 'apps/web/src/locales');
const webTh: Catalogue = {};
const webEn: Catalogue = {};
const readCatalogue = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
for (const dir of [
  localeDir,
  ...readdirSync(localeDir)
    .map((entry) => path.join(localeDir, entry))
    .filter((entry) => statSync(entry).isDirectory()),
]) {
  const name = `apps/web/${path.relative(path.join(root, 'apps/web'), dir)}`;
  const th = readCatalogue(path.join(dir, 'th.json'));
  const en = readCatalogue(path.join(dir, 'en.json'));
  compare(name, th, en);
  for (const key of Object.keys(th))
    if (key in webTh) problems.push(`${name}: "${key}" is also defined in another catalogue`);
  Object.assign(webTh, th);
  Object.assign(webEn, en);
}
let usedKeys = 0;
for (const file of sourceFiles(path.join(root, 'apps/web/src'))) {
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) {
    usedKeys++;
    const key = match[1]!;
    // i18next plurals: t('x', { count }) reads x_one / x_other.
    if (!(key in webTh) && !(`${key}_other` in webTh))
      problems.push(`${path.relative(root, file)}: uses "${key}", which no catalogue defines`);
  }
}

// The back-office (apps/admin): the core pair (locales/{th,en}.json) and one pair per area
// (locales/<area>/{th,en}.json), merged at start into one key set; and every key its code uses.
const adminLocales = path.join(root, 'apps/admin/src/locales');
const adminTh: Catalogue = {};
for (const dir of [
  adminLocales,
  ...readdirSync(adminLocales)
    .map((entry) => path.join(adminLocales, entry))
    .filter((entry) => statSync(entry).isDirectory()),
]) {
  const name = path.relative(root, dir);
  const th = readCatalogue(path.join(dir, 'th.json'));
  compare(name, th, readCatalogue(path.join(dir, 'en.json')));
  for (const key of Object.keys(th))
    if (key in adminTh) problems.push(`${name}: "${key}" is also defined in another catalogue`);
  Object.assign(adminTh, th);
}
let adminUsedKeys = 0;
for (const file of sourceFiles(path.join(root, 'apps/admin/src'))) {
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/\bt\(\s*['"]([^'"]+)['"]/g)) {
    adminUsedKeys++;
    if (!(match[1]! in adminTh))
      problems.push(
        `${path.relative(root, file)}: uses "${match[1]}", which the back-office catalogue does not define`,
      );
  }
}

// The back-office's ledger builds keys at run time (t(`kind_${...}`), t(`account_${...}`)), which the
// scan above cannot see: every transfer kind the platform writes and every account kind has its text.
for (const kind of ledgerTransferKinds) {
  const key = `kind_${kind.replace(/\./g, '_')}`;
  if (!(key in adminTh)) problems.push(`apps/admin/src/locales: ledger kind "${kind}" has no text "${key}"`);
}
for (const kind of [...memberAccountKinds, ...houseAccountKinds]) {
  if (!(`account_${kind}` in adminTh))
    problems.push(`apps/admin/src/locales: ledger account "${kind}" has no text "account_${kind}"`);
}

// The server's messages.
compare('apps/server', messages.TH as Catalogue, messages.EN as Catalogue);

if (problems.length > 0) {
  console.error(`i18n check failed (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `i18n check passed: site ${Object.keys(webTh).length} keys (${usedKeys} uses checked), back-office ${Object.keys(adminTh).length} keys (${adminUsedKeys} uses checked), server ${Object.keys(messages.TH).length} keys, TH and EN alike.`,
);
