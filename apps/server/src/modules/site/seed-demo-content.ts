import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { demoAnnouncementsAt, retiredDemoAnnouncementCodes } from './demo-announcements.ts';
import { demoBanners } from './demo-content.ts';
import {
  announcementFingerprint,
  bannerFingerprint,
  type SeededAnnouncementValues,
  type SeededBannerValues,
} from './demo-fingerprint.ts';
import type { AnnouncementTable } from './site.tables.ts';

/**
 * The demo announcements and banners, written by the demo seed (db/seed.ts).
 *
 * Their dates follow the seed's clock, so unlike the rest of the demo these rows are refreshed on
 * every seed (`npm run db:seed`): a demo database seeded months ago shows current notices again
 * after a re-seed. Only rows the seed still owns are refreshed: the seed stores a fingerprint of the
 * values it wrote (`seed_fingerprint`, demo-fingerprint.ts), and a row whose values no longer match
 * it has been edited by someone and is left alone for good. Retired demo codes are deleted on the
 * same terms. Rows seeded before fingerprints existed (the demo with fixed 2025 dates) count as the
 * seed's own while their values are exactly what that old seed wrote (`legacyDemoFingerprints`).
 */

/**
 * Fingerprints of every announcement and banner as the seed wrote them before migration 0030 (fixed
 * dates in January and February 2025, banners without subtitles or buttons). Computed once with
 * demo-fingerprint.ts from that seed's data; a row matching one of them was never edited.
 */
const legacyDemoFingerprints: ReadonlySet<string> = new Set([
  'c539b7d0ace35ebe89fb23257142dadb0a3b4da775329d68fb2091fd71cd7913', // announcement welcome
  'deb34c4e39ac681c8b7a45ceabf4d08c3a66557a51f823de9086a0e401cb8fca', // announcement deposit-channels
  '2c741aeedde2c9dab10d4aaeaee2aa4aecb5e8c605fcb9df3dd0c8f0e8f6576d', // announcement bank-maintenance-kbank
  '1c5ccc227819261a9bc69ff7be627098b3293729f12ae87260951a19eaeb4c99', // announcement new-live-tables
  '8ef2b103a63ee99e9581468c14f4eabd2e6013f872119c5291f2026a6ae78c01', // announcement account-security
  '5673679a6cadca3941eaf8dbbe67299b41bcc59e46003a9512be6c7c712bd7b1', // announcement withdrawal-times
  '3e409067e6024eaf5669e92e90820903caf81777dea62f97df036e920712458c', // announcement lottery-schedule
  '5a43ed3057988130206f992e21ea9c900ab718c0871375ea6f34eba3fb2032e9', // announcement muay-thai-megaways
  'abb95c6445604eb9b2ba81d65207670202c1f0d5605d73e13dddac0f121e2fde', // announcement sports-premier-league
  'd46c94075968264875ecc4edefff3f2a28d7288a95511255ebdede47ab1ce6ee', // announcement app-lite
  '312d126c4e85a539f6425b471a90ba36064d356bf7386762cee4baf1655f4c6d', // announcement responsible-gaming
  '380b25cc307f44b353975f440e7f410813d41e4dba7e909aab8a61cca1065492', // announcement system-upgrade-feb
  '7fbd0f3c8ffa3826e2538babbba67de3c63b02634d63e0aa049856157193a180', // announcement vip-programme
  '44e01d12a87b28f177502a0070b0f296e689a87e3fe192a8fab44af2feb02dd1', // announcement player-kyc
  'f1fa529688b5d585b4fb8bb510b87b0b4dd8cbacc48e10f8119067c21a83efa6', // announcement popup-songkran
  '8a923c8a41dd1fd39db331ecce79ac0994b5b6fe6bea0d4539865de2fbee2295', // announcement promo-first-deposit
  '44cf4bf74fc94aac1d1b9997948c9de565f826fe77dd4c97f20153c5140df3e1', // announcement promo-daily-cashback
  '67aa6292bb2b47303dde8be5bc10ffb8eb5563f29f599615dec761c5d1d9a0c6', // announcement promo-refer-friend
  '7652aca02b85a225df796d020e95ee32001cdca9f94793c27e131209e5fa729f', // announcement headline-jackpot
  'f7d96cbb8fdff3812ca24d3187f0744724477529745845981bbaa01fd7070a9b', // banner home-1
  '4e48e94ee8aee106139e10578cdc7c32026df49dcdf208c57457ed97b08de860', // banner home-2
  '9bb59c1fa73f65065c5c153a61c6926d1b94fb21d8b6db7ff617b873bfc37fea', // banner home-3
  '1046df92ed480815dcdce4123c6c1969a25da30408ad057f2b29dd3c9b03f3a7', // banner login
  '61f5cd2c968155898b0840c9372d6d29870617f0f13cba018dcddba6c7a852a7', // banner register
  '8eff014a0b7e4a0374093e35372e566e49891a4fcf0d3b079a2867cb4ac86124', // banner announcement
]);

/** Whether the seed still owns a row: its values are what the seed last wrote. */
function isOwnedBySeed(storedFingerprint: string | null, currentFingerprint: string): boolean {
  return storedFingerprint === null
    ? legacyDemoFingerprints.has(currentFingerprint)
    : storedFingerprint === currentFingerprint;
}

export async function seedDemoAnnouncements(trx: Kysely<Database>, merchantId: number, nowMs: number): Promise<void> {
  const demo = demoAnnouncementsAt(nowMs);
  const existing = await trx
    .selectFrom('announcement')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('code', 'in', [...demo.map((announcement) => announcement.code), ...retiredDemoAnnouncementCodes])
    .execute();
  const existingByCode = new Map(existing.map((row) => [row.code, row]));

  for (const announcement of demo) {
    const values: SeededAnnouncementValues = {
      type: announcement.type,
      title_th: announcement.title.TH,
      title_en: announcement.title.EN,
      content_th: announcement.content.TH,
      content_en: announcement.content.EN,
      published_at: announcement.publishedAt,
      is_pinned: announcement.isPinned ?? false,
      is_popup: announcement.isPopup ?? false,
      sort: announcement.sort ?? 0,
      active_from: announcement.activeFrom ?? null,
      active_until: announcement.activeUntil ?? null,
    };
    const fingerprint = announcementFingerprint(values);
    const row = existingByCode.get(announcement.code);
    if (!row) {
      await trx
        .insertInto('announcement')
        .values({ merchant_id: merchantId, code: announcement.code, ...values, seed_fingerprint: fingerprint })
        .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
        .execute();
    } else if (isSeedOwnedAnnouncement(row) && row.seed_fingerprint !== fingerprint) {
      await trx
        .updateTable('announcement')
        .set({ ...values, seed_fingerprint: fingerprint })
        .where('id', '=', row.id)
        .execute();
    }
  }

  const retired = retiredDemoAnnouncementCodes
    .flatMap((code) => existingByCode.get(code) ?? [])
    .filter(isSeedOwnedAnnouncement);
  if (retired.length > 0) {
    await trx
      .deleteFrom('announcement')
      .where(
        'id',
        'in',
        retired.map((row) => row.id),
      )
      .execute();
  }
}

export async function seedDemoBanners(trx: Kysely<Database>, merchantId: number): Promise<void> {
  const existing = await trx
    .selectFrom('banner')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where(
      'code',
      'in',
      demoBanners.map((banner) => banner.code),
    )
    .execute();
  const existingByCode = new Map(existing.map((row) => [row.code, row]));

  for (const banner of demoBanners) {
    const values: SeededBannerValues = {
      group_name: banner.groupName,
      title_th: banner.title.TH,
      title_en: banner.title.EN,
      subtitle_th: banner.subtitle?.TH ?? null,
      subtitle_en: banner.subtitle?.EN ?? null,
      button_label_th: banner.buttonLabel?.TH ?? null,
      button_label_en: banner.buttonLabel?.EN ?? null,
      image_url: banner.imageUrl,
      link_url: banner.linkUrl,
      sort: banner.sort,
      is_enabled: true,
    };
    const fingerprint = bannerFingerprint(values);
    const row = existingByCode.get(banner.code);
    if (!row) {
      await trx
        .insertInto('banner')
        .values({ merchant_id: merchantId, code: banner.code, ...values, seed_fingerprint: fingerprint })
        .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
        .execute();
    } else if (isOwnedBySeed(row.seed_fingerprint, bannerFingerprint(row)) && row.seed_fingerprint !== fingerprint) {
      await trx
        .updateTable('banner')
        .set({ ...values, seed_fingerprint: fingerprint })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

function isSeedOwnedAnnouncement(row: Selectable<AnnouncementTable>): boolean {
  return isOwnedBySeed(row.seed_fingerprint, announcementFingerprint(row));
}
