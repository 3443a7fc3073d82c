import {
  announcementTypeSchema,
  type AnnouncementAudience,
  type Announcement,
  type AnnouncementList,
  type AnnouncementType,
  type Banner,
} from '@lotus/contract';
import { AppError } from '../../http/app-error.ts';
import { cachedRead, pickLanguage, type PublicReadContext } from '../../cache/public-read.ts';
import { listAnnouncementRows, listEnabledBannerRows } from './site.queries.ts';

/** An announcement as cached: localised, with the times that decide whether it shows now. */
interface CachedAnnouncement extends Announcement {
  isPopup: boolean;
  audience: AnnouncementAudience;
  sort: number;
  activeFromMs: number | null;
  activeUntilMs: number | null;
}

interface CachedAnnouncementBoard {
  announcements: CachedAnnouncement[];
  banners: Banner[];
}

/** Types of the notice board (the announcement modal's list); PU and PR have their own lists. */
const boardTypes: ReadonlySet<AnnouncementType> = new Set(['B', 'PL', 'H']);

/**
 * `types=B,PL` as the set of types asked for; every type when absent. An unknown type is refused
 * rather than ignored, so that a typo does not silently show an empty board.
 */
export function parseAnnouncementTypes(types: string | undefined): ReadonlySet<AnnouncementType> {
  if (types === undefined) return new Set(announcementTypeSchema.options);
  const parsed = new Set<AnnouncementType>();
  for (const text of types.split(',')) {
    const result = announcementTypeSchema.safeParse(text);
    if (!result.success) throw AppError.badRequest('types', 'validation.invalid_value');
    parsed.add(result.data);
  }
  return parsed;
}

/** Published and inside its active window at `nowMs` (applied after the cache, so it follows the clock). */
function isShownAt(announcement: CachedAnnouncement, nowMs: number): boolean {
  return (
    announcement.publishedAt <= nowMs &&
    (announcement.activeFromMs === null || announcement.activeFromMs <= nowMs) &&
    (announcement.activeUntilMs === null || nowMs < announcement.activeUntilMs)
  );
}

/**
 * GET /wps/relay/MCSFE_getListAnnouncements ("notice"). `player` is the notice board, pinned first
 * then newest; `popup` what opens with the site (type PU or flagged as popup); `promotion` the
 * PR announcements in the operator's order. Only announcements inside their active window and
 * already published show; the window is applied after the cache so that it follows the clock.
 * Announcements for members only show to a caller with a valid member token (`isMember`); the
 * route's response cache keeps only anonymous answers for that reason. Announcements for agents are
 * never here, whoever asks: only the agent centre lists them (`listAgentAnnouncements`).
 */
export async function listAnnouncements(
  context: PublicReadContext,
  types: ReadonlySet<AnnouncementType>,
  nowMs: number,
  isMember = false,
): Promise<AnnouncementList> {
  const board = await loadAnnouncementBoard(context);
  const visible = board.announcements.filter(
    (announcement) =>
      types.has(announcement.type) &&
      (announcement.audience === 'all' || (announcement.audience === 'members' && isMember)) &&
      isShownAt(announcement, nowMs),
  );

  const player = visible
    .filter((announcement) => boardTypes.has(announcement.type) && !announcement.isPopup)
    .sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || b.publishedAt - a.publishedAt || a.sort - b.sort);
  const byOperatorOrder = (a: CachedAnnouncement, b: CachedAnnouncement) =>
    a.sort - b.sort || b.publishedAt - a.publishedAt;
  const popup = visible
    .filter((announcement) => announcement.type === 'PU' || announcement.isPopup)
    .sort(byOperatorOrder);
  const promotion = visible.filter((announcement) => announcement.type === 'PR').sort(byOperatorOrder);

  return {
    player: player.map(toAnnouncement),
    banners: board.banners,
    popup: popup.map(toAnnouncement),
    promotion: promotion.map(toAnnouncement),
  };
}

/**
 * The agent centre's announcement page (agents' call `MCSFE_getAgentAnnouncements`, modules/agents):
 * the announcements of audience `agents` shown now, whatever their type, pinned first then newest. The
 * caller has checked that it is an agent; this reads the same cached board as the public list.
 */
export async function listAgentAnnouncements(context: PublicReadContext, nowMs: number): Promise<Announcement[]> {
  const board = await loadAnnouncementBoard(context);
  return board.announcements
    .filter((announcement) => announcement.audience === 'agents' && isShownAt(announcement, nowMs))
    .sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || b.publishedAt - a.publishedAt || a.sort - b.sort)
    .map(toAnnouncement);
}

/** How many promotions a visitor can see now (the count beside "promotions" in the header). */
export async function countVisiblePromotions(context: PublicReadContext, nowMs: number): Promise<number> {
  const { promotion } = await listAnnouncements(context, new Set(['PR']), nowMs);
  return promotion.length;
}

function toAnnouncement({
  id,
  type,
  title,
  content,
  publishedAt,
  isPinned,
  imageUrl,
}: CachedAnnouncement): Announcement {
  return { id, type, title, content, publishedAt, isPinned, imageUrl };
}

function loadAnnouncementBoard(context: PublicReadContext): Promise<CachedAnnouncementBoard> {
  return cachedRead(context, 'site:announcements', async () => {
    const [announcementRows, bannerRows] = await Promise.all([
      listAnnouncementRows(context.db, context.merchant.id),
      listEnabledBannerRows(context.db, context.merchant.id),
    ]);
    const { language } = context;
    return {
      announcements: announcementRows.map((row) => ({
        id: String(row.id),
        type: row.type,
        title: pickLanguage(language, row.title_th, row.title_en),
        content: pickLanguage(language, row.content_th, row.content_en),
        publishedAt: row.published_at.getTime(),
        isPinned: row.is_pinned,
        imageUrl: row.image_url,
        isPopup: row.is_popup,
        audience: row.audience,
        sort: row.sort,
        activeFromMs: row.active_from?.getTime() ?? null,
        activeUntilMs: row.active_until?.getTime() ?? null,
      })),
      banners: bannerRows.map((row) => ({
        id: String(row.id),
        groupName: row.group_name,
        title: pickLanguage(language, row.title_th, row.title_en),
        subtitle: pickLanguage(language, row.subtitle_th, row.subtitle_en),
        buttonLabel: pickLanguage(language, row.button_label_th, row.button_label_en),
        imageUrl: row.image_url,
        linkUrl: row.link_url,
        sort: row.sort,
      })),
    };
  });
}
