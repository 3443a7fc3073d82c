import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { migrations } from './migrations/index.ts';

/**
 * Numbered migrations are history: a database that applied one never runs it again, so an edit to a
 * landed file would silently leave databases on different schemas. `migrations/landed.sha256` holds the
 * checksum of every landed file (sha256sum's format). A function's body changes in db/functions, a
 * schema change in a new numbered file; when one lands, add its line (docs/database.md):
 *   cd apps/server/src/db/migrations && sha256sum 0032_name.ts >> landed.sha256
 */
const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
const landed = readFileSync(`${dir}/landed.sha256`, 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [checksum, file] = line.split(/\s+\*?/);
    return { checksum: checksum!, file: file! };
  });
const files = readdirSync(dir).filter((file) => /^\d{4}_.+\.ts$/.test(file));

describe('landed migrations', () => {
  test.each(landed)('$file is unchanged since it landed', ({ file, checksum }) => {
    const actual = createHash('sha256')
      .update(readFileSync(`${dir}/${file}`))
      .digest('hex');
    expect(actual, `${file} changed after it landed: write a new migration instead (docs/database.md)`).toBe(checksum);
  });

  test('every migration file is listed in landed.sha256 and in migrations/index.ts', () => {
    const listed = new Set(landed.map(({ file }) => file));
    expect(
      files.filter((file) => !listed.has(file)),
      'add the checksum line of a new migration to landed.sha256 (docs/database.md)',
    ).toEqual([]);
    expect(Object.keys(migrations).map((name) => `${name}.ts`)).toEqual(files.sort());
  });
});
