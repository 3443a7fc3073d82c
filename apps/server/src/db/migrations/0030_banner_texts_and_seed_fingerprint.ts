import { sql, type Kysely } from 'kysely';

/**
 * Banners carry their words as text drawn over the art, not baked into the image (modules/site):
 * `title_*` stays the headline, `subtitle_*` is the short line under it and `button_label_*` the
 * button's text (both null for banners without them: the login and register art). The button goes
 * to `link_url`.
 *
 * `seed_fingerprint` on announcement and banner: the hash of the values the demo seed last wrote to
 * the row (modules/site/seed-demo-content.ts). A re-seed refreshes a demo row (its dates follow the
 * seed's clock) only while its values still hash to this, so an operator's edit is never overwritten.
 * Null on rows the seed did not write, and on rows seeded before this column existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE banner
    ADD COLUMN subtitle_th text,
    ADD COLUMN subtitle_en text,
    ADD COLUMN button_label_th text,
    ADD COLUMN button_label_en text,
    ADD COLUMN seed_fingerprint text`.execute(db);
  await sql`ALTER TABLE announcement ADD COLUMN seed_fingerprint text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE announcement DROP COLUMN seed_fingerprint`.execute(db);
  await sql`ALTER TABLE banner
    DROP COLUMN seed_fingerprint,
    DROP COLUMN button_label_en,
    DROP COLUMN button_label_th,
    DROP COLUMN subtitle_en,
    DROP COLUMN subtitle_th`.execute(db);
}
