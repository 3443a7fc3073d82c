import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A server module owns the tables its `<module>.tables.ts` declares; other modules read and change
 * them only through its `index.ts` (docs/architecture.md, "Server modules"). This finds production
 * code of one module naming another module's table: in a Kysely call (`selectFrom('member')`,
 * joins, inserts, updates, deletes) or in raw SQL (`FROM`, `JOIN`, `INTO`, `UPDATE`). Tests and test
 * kits may set up any table; the data layer outside the modules (db/functions, the seed) is not
 * scanned. Run by `npm run lint` (`lint:deps`); scripts/check-table-ownership.test.ts shows what it
 * catches.
 */

export interface ForeignTableUse {
  /** Path from the modules folder, e.g. `backoffice/dashboard.ts`. */
  file: string;
  table: string;
  owner: string;
}

const kyselyTable =
  /\b(?:selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|insertInto|updateTable|deleteFrom|mergeInto)\(\s*'([a-z_]+)(?:\s+as\s+\w+)?'/g;
const sqlTable = /\b(?:FROM|JOIN|INTO|UPDATE)\s+([a-z_]+)\b/g;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Table name -> owning module, from the `export interface ...Tables { name: ... }` of each tables file. */
export function tableOwners(modulesDir: string): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of filesUnder(modulesDir).filter((name) => name.endsWith('.tables.ts'))) {
    const module = path.relative(modulesDir, file).split(path.sep)[0]!;
    const source = fs.readFileSync(file, 'utf8');
    for (const body of source.matchAll(/export interface \w+Tables\b[^{]*\{([\s\S]*?)\n\}/g))
      for (const key of body[1]!.matchAll(/^\s+([a-z_]+)\??:/gm)) owners.set(key[1]!, module);
  }
  return owners;
}

export function findForeignTableUses(modulesDir: string): ForeignTableUse[] {
  const owners = tableOwners(modulesDir);
  const uses: ForeignTableUse[] = [];
  const isTestCode = (file: string) => /\.test\.tsx?$|testing\.ts$/.test(file);
  for (const file of filesUnder(modulesDir).filter((name) => !isTestCode(name))) {
    const relative = path.relative(modulesDir, file).split(path.sep).join('/');
    const module = relative.split('/')[0]!;
    const source = fs.readFileSync(file, 'utf8');
    const named = new Set<string>();
    for (const pattern of [kyselyTable, sqlTable]) for (const match of source.matchAll(pattern)) named.add(match[1]!);
    for (const table of [...named].sort()) {
      const owner = owners.get(table);
      if (owner && owner !== module) uses.push({ file: relative, table, owner });
    }
  }
  return uses;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const modulesDir = fileURLToPath(new URL('../apps/server/src/modules/', import.meta.url));
  const uses = findForeignTableUses(modulesDir);
  for (const use of uses)
    console.error(`${use.file}: reads or writes ${use.table}, a table of ${use.owner} (call ${use.owner}'s index.ts)`);
  console.log(uses.length === 0 ? 'table ownership: no module uses another module’s table' : '');
  process.exitCode = uses.length === 0 ? 0 : 1;
}
