import type { MemberIcon, PlayerAvatar } from '@lotus/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';

/**
 * The avatars a member may choose: 12 original SVG icons served by the site itself
 * (`apps/web/public/avatars/avatar-01.svg` ...). `member.avatar` stores the chosen icon's id.
 */
export const avatarIds: readonly string[] = Array.from(
  { length: 12 },
  (_, index) => `avatar-${String(index + 1).padStart(2, '0')}`,
);
const knownAvatarIds: ReadonlySet<string> = new Set(avatarIds);

function avatarUrl(id: string): string {
  return `/avatars/${id}.svg`;
}

/** GET /wps/member/info/icon */
export function listMemberIcons(): MemberIcon[] {
  return avatarIds.map((id) => ({ id, url: avatarUrl(id) }));
}

/** PUT /wps/member/info/icon: an id that is not one of the icons is 400 naming `iconId`. */
export async function chooseMemberIcon(db: Kysely<Database>, memberId: bigint, iconId: string): Promise<void> {
  if (!knownAvatarIds.has(iconId)) throw AppError.badRequest('iconId', 'accounts.icon.unknown');
  await db.updateTable('member').set({ avatar: iconId }).where('id', '=', memberId).execute();
}

/** GET /wps/relay/MCSFE_getPlayerAvatar: the chosen icon, or DEFAULT (the site draws initials). */
export async function getPlayerAvatar(db: Kysely<Database>, memberId: bigint): Promise<PlayerAvatar> {
  const row = await db.selectFrom('member').select('avatar').where('id', '=', memberId).executeTakeFirstOrThrow();
  return row.avatar !== null && knownAvatarIds.has(row.avatar)
    ? { avatar: avatarUrl(row.avatar), avatarType: 'ICON' }
    : { avatar: null, avatarType: 'DEFAULT' };
}
