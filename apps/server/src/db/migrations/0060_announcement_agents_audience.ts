import { sql, type Kysely } from 'kysely';

/**
 * Announcements for agents only (issue 16, the agent centre's announcement page; modules/site README
 * "Audience"): `announcement.audience` takes `agents` too. Such an announcement is never in the public
 * list, whoever asks; the agent centre's call lists only those.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE announcement
    DROP CONSTRAINT announcement_audience_check,
    ADD CONSTRAINT announcement_audience_check CHECK (audience IN ('all', 'members', 'agents'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The older set has no place for agents' announcements: switched off, so no member sees what was meant for agents.
  await sql`UPDATE announcement SET audience = 'members', is_enabled = false WHERE audience = 'agents'`.execute(db);
  await sql`ALTER TABLE announcement
    DROP CONSTRAINT announcement_audience_check,
    ADD CONSTRAINT announcement_audience_check CHECK (audience IN ('all', 'members'))`.execute(db);
}
