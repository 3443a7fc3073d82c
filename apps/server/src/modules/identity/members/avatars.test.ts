import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { memberIconsSchema, playerAvatarSchema } from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import { useAccountsKit } from '../accounts.testing.ts';

/** The avatar icons, choosing one, and the avatar the site shows. */
const kit = useAccountsKit();

const webPublicDir = path.resolve(import.meta.dirname, '../../../../../web/public');

describe('GET /wps/member/info/icon', () => {
  test('12 icons, each an SVG file the site serves, under 2 KB', async () => {
    const member = await kit.registerMember();
    const response = await kit.json('GET', '/wps/member/info/icon', undefined, { token: member.token });
    expect(response.statusCode, response.body).toBe(200);
    const icons = memberIconsSchema.parse(response.json().value);
    expect(icons).toHaveLength(12);
    expect(icons[0]).toEqual({ id: 'avatar-01', url: '/avatars/avatar-01.svg' });
    expect(icons[11]).toEqual({ id: 'avatar-12', url: '/avatars/avatar-12.svg' });
    for (const icon of icons) {
      const file = path.join(webPublicDir, icon.url);
      expect(statSync(file).size).toBeLessThan(2048);
      expect(readFileSync(file, 'utf8')).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 64 64"[^>]*><title>\w+<\/title>/,
      );
    }
  });

  test('needs a token', async () => {
    expect((await kit.json('GET', '/wps/member/info/icon')).statusCode).toBe(401);
  });
});

describe('PUT /wps/member/info/icon and GET /wps/relay/MCSFE_getPlayerAvatar', () => {
  test('DEFAULT until one is chosen, then the chosen icon', async () => {
    const member = await kit.registerMember();
    const avatar = () => kit.json('GET', '/wps/relay/MCSFE_getPlayerAvatar', undefined, { token: member.token });
    const before = await avatar();
    expect(before.statusCode, before.body).toBe(200);
    expect(playerAvatarSchema.parse(before.json().value)).toEqual({ avatar: null, avatarType: 'DEFAULT' });

    const chosen = await kit.json('PUT', '/wps/member/info/icon', { iconId: 'avatar-07' }, { token: member.token });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ success: true, value: null });
    expect((await avatar()).json().value).toEqual({ avatar: '/avatars/avatar-07.svg', avatarType: 'ICON' });
  });

  test.each([
    ['unknown', 'avatar-13'],
    ['a path', '../avatar-01'],
    ['empty', ''],
  ])('an id %s: 400 naming iconId, nothing stored', async (_case, iconId) => {
    const member = await kit.registerMember();
    const response = await kit.json(
      'PUT',
      '/wps/member/info/icon',
      { iconId },
      { token: member.token, language: 'TH' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      value: null,
      errorCode: 'validation.failed',
      field: 'iconId',
      message: `ไม่พบรูปโปรไฟล์ที่เลือก (iconId)`,
    });
    const row = await kit.testApp.db
      .selectFrom('member')
      .select('avatar')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.avatar).toBeNull();
  });

  test('a trial account may choose one too (cosmetic, no money or personal data)', async () => {
    const trial = await kit.sealed('POST', '/wps/session/login/freeplay', {});
    const token = trial.json().value.token as string;
    expect((await kit.json('PUT', '/wps/member/info/icon', { iconId: 'avatar-02' }, { token })).statusCode).toBe(200);
    expect((await kit.json('GET', '/wps/relay/MCSFE_getPlayerAvatar', undefined, { token })).json().value).toEqual({
      avatar: '/avatars/avatar-02.svg',
      avatarType: 'ICON',
    });
  });

  test('both need a token', async () => {
    expect((await kit.json('PUT', '/wps/member/info/icon', { iconId: 'avatar-01' })).statusCode).toBe(401);
    expect((await kit.json('GET', '/wps/relay/MCSFE_getPlayerAvatar')).statusCode).toBe(401);
  });
});
