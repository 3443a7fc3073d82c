import { randomBytes } from 'node:crypto';
import {
  adminAnnouncementSchema,
  agentAnnouncementListSchema,
  agentAnnouncementsPath,
  announcementListSchema,
  announcementPaths,
  apiPaths,
  trialMemberType,
  type AdminAnnouncementBody,
  type Language,
} from '@lotus/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTestMember, insertTestSession } from '../../../testing/members.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { insertTestOperator, type TestOperator } from '../../backoffice/backoffice.testing.ts';
import type { AgentType } from '../../identity/index.ts';
import type { MerchantConfig } from '../../merchant/index.ts';

/**
 * Announcements for agents only (README "Announcements"): an operator publishes one with audience
 * `agents`; it is in the agent centre's call and in no answer of the public list, whoever asks.
 */
let t: TestApp;
let admin: TestOperator;
let agentToken: string;
let memberToken: string;
let trialToken: string;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await insertTestOperator(t.db, { merchantId: t.demoMerchantId, role: 'admin' });
  const session = async (isAgent: AgentType) => {
    const id = await insertTestMember(
      t.db,
      t.demoMerchantId,
      `agann${isAgent}x${randomBytes(3).toString('hex')}`,
      new Date(),
      {
        is_agent: isAgent,
      },
    );
    return insertTestSession(t.db, t.demoMerchantId, id);
  };
  agentToken = await session(1);
  memberToken = await session(0);
  trialToken = await session(trialMemberType);
}, 60_000);
afterAll(() => t?.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, language: Language = 'EN', body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { merchant: 'demo', language, ...(token ? { authorization: token } : {}) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

function body(overrides: Partial<AdminAnnouncementBody> = {}): AdminAnnouncementBody {
  sequence += 1;
  return {
    type: 'PL',
    titleTh: `ประกาศเอเจนต์ ${sequence}`,
    titleEn: `Agent notice ${sequence}`,
    contentTh: '<p>ถึงเอเจนต์</p>',
    contentEn: '<p>To agents</p>',
    imageUrl: null,
    isPinned: false,
    isPopup: false,
    sort: 0,
    audience: 'agents',
    enabled: true,
    activeFrom: null,
    activeUntil: null,
    ...overrides,
  };
}

async function publish(overrides: Partial<AdminAnnouncementBody> = {}) {
  const response = await call('POST', announcementPaths.adminAnnouncements, admin.token, 'EN', body(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return adminAnnouncementSchema.parse(response.json().value);
}

/** Every title of the public call's answer (board, popup, promotions) as `token` (none: a visitor). */
async function publicTitles(token?: string): Promise<string[]> {
  await t.settle();
  const response = await call('GET', apiPaths.announcements, token);
  expect(response.statusCode, response.body).toBe(200);
  const list = announcementListSchema.parse(response.json().value);
  return [...list.player, ...list.popup, ...list.promotion].map((item) => item.title);
}

async function agentTitles(language: Language = 'EN'): Promise<string[]> {
  await t.settle();
  const response = await call('GET', agentAnnouncementsPath, agentToken, language);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return agentAnnouncementListSchema.parse(response.json().value).list.map((item) => item.title);
}

async function updateConfig(change: (config: MerchantConfig) => void): Promise<void> {
  const row = await t.db.selectFrom('merchant').select('config').where('code', '=', 'demo').executeTakeFirstOrThrow();
  const config: MerchantConfig = structuredClone(row.config);
  change(config);
  await t.db
    .updateTable('merchant')
    .set({ config: JSON.stringify(config), updated_at: sql<Date>`now()` })
    .where('code', '=', 'demo')
    .execute();
  await t.settle();
}

describe('announcements for agents', () => {
  test('an agents-only announcement is in the agent centre list and in no public answer, whoever asks', async () => {
    const forAgents = await publish({ titleEn: 'Agents: new rates', type: 'PU', isPopup: true });
    const forAll = await publish({ titleEn: 'Everyone: maintenance', audience: 'all' });
    const forMembers = await publish({ titleEn: 'Members: weekend', audience: 'members' });

    for (const token of [undefined, memberToken, agentToken]) {
      const titles = await publicTitles(token);
      expect(titles).toContain(forAll.titleEn);
      expect(titles).not.toContain(forAgents.titleEn);
    }
    expect(await publicTitles(memberToken)).toContain(forMembers.titleEn);

    const titles = await agentTitles();
    expect(titles).toContain(forAgents.titleEn);
    expect(titles).not.toContain(forAll.titleEn);
    expect(titles).not.toContain(forMembers.titleEn);
    expect(await agentTitles('TH')).toContain(forAgents.titleTh);

    // Published as every announcement is: audited with the audience in the row after.
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'after'])
      .where('target_type', '=', 'site.announcement')
      .where('target_id', '=', String(forAgents.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'site.announcement.create', after: { audience: 'agents' } });
  });

  test('only those shown now, pinned first then newest; a change of audience moves it at once', async () => {
    const older = await publish({ titleEn: 'Agents: older' });
    const pinned = await publish({ titleEn: 'Agents: pinned', isPinned: true });
    const newer = await publish({ titleEn: 'Agents: newer' });
    const hidden = [
      await publish({ titleEn: 'Agents: switched off', enabled: false }),
      await publish({ titleEn: 'Agents: starts later', activeFrom: Date.now() + 3_600_000 }),
      await publish({
        titleEn: 'Agents: ended',
        activeFrom: Date.now() - 7_200_000,
        activeUntil: Date.now() - 3_600_000,
      }),
    ];
    const titles = await agentTitles();
    expect(titles[0]).toBe(pinned.titleEn);
    expect(titles.indexOf(newer.titleEn)).toBeLessThan(titles.indexOf(older.titleEn));
    for (const item of hidden) expect(titles).not.toContain(item.titleEn);

    const { id, version, code: _code, publishedAt: _publishedAt, ...fields } = newer;
    const moved = await call(
      'PUT',
      announcementPaths.adminAnnouncementItem.replace(':id', String(id)),
      admin.token,
      'EN',
      {
        ...fields,
        audience: 'all',
        version,
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await agentTitles()).not.toContain(newer.titleEn);
    expect(await publicTitles()).toContain(newer.titleEn);
  });

  test.each([
    ['no token', undefined, 401, undefined],
    ['a member who is not an agent', () => memberToken, 403, 'agent.only'],
    ['a trial account', () => trialToken, 403, 'member.trial.forbidden'],
  ])('%s is refused', async (_label, token, status, errorCode) => {
    await publish({ titleEn: 'Agents: private' });
    const response = await call('GET', agentAnnouncementsPath, token?.());
    expect(response.statusCode).toBe(status);
    expect(response.body).not.toContain('Agents: private');
    if (errorCode) expect(response.json().errorCode).toBe(errorCode);
  });

  test('the page switched off (AGENTANNOUNCE3) answers 403 agent.page.off', async () => {
    await updateConfig((config) => {
      config.agentCentrePages = { ...config.agentCentrePages, AGENTANNOUNCE3: false };
    });
    try {
      const off = await call('GET', agentAnnouncementsPath, agentToken);
      expect(off.statusCode).toBe(403);
      expect(off.json().errorCode).toBe('agent.page.off');
    } finally {
      await updateConfig((config) => {
        config.agentCentrePages = { ...config.agentCentrePages, AGENTANNOUNCE3: true };
      });
    }
    expect((await call('GET', agentAnnouncementsPath, agentToken)).statusCode).toBe(200);
  });
});
