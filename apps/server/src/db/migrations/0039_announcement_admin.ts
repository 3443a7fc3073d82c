import { sql, type Kysely } from 'kysely';

/**
 * Announcements and banners edited from the back-office (issue 15, modules/site/announcements-admin):
 *
 * - `version` on both: an operator's save names the version it read; a stale one is refused (409).
 * - `announcement.is_enabled`: switched off without deleting it (a disabled one never shows).
 * - `announcement.audience`: who sees it on the site: `all` visitors, or `members` (logged in only).
 *   A text with a check, so VIP levels can come later as another value plus a column of levels.
 * - `announcement.image_url`: the art drawn above its text (an address from modules/media, or null).
 *
 * Both tables already notify `public_cache` on every change (0002), so each API instance drops the
 * merchant's cached public answers when an operator saves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE announcement
    ADD COLUMN version integer NOT NULL DEFAULT 1,
    ADD COLUMN is_enabled boolean NOT NULL DEFAULT true,
    ADD COLUMN audience text NOT NULL DEFAULT 'all' CONSTRAINT announcement_audience_check CHECK (audience IN ('all', 'members')),
    ADD COLUMN image_url text`.execute(db);
  await sql`ALTER TABLE banner ADD COLUMN version integer NOT NULL DEFAULT 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE banner DROP COLUMN version`.execute(db);
  await sql`ALTER TABLE announcement
    DROP COLUMN image_url,
    DROP COLUMN audience,
    DROP COLUMN is_enabled,
    DROP COLUMN version`.execute(db);
}
