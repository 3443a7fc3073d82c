import type {
  AdminCustomerService,
  AdminCustomerServiceBody,
  AdminHelpArticle,
  AdminHelpArticleBody,
  AdminHelpCategory,
  AdminHomeLane,
  AdminHomeLaneBody,
  AdminPartner,
  AdminPartnerBody,
  AdminResource,
  AdminResourceBody,
  AdminHelpCategoryBody,
  CustomerServiceType,
  GameCategory,
} from '@lotus/contract';
import type { Selectable } from 'kysely';
import type {
  CustomerServiceTable,
  HelpCategoryTable,
  HelpTopicTable,
  HomeLaneTable,
  PartnerTable,
  SiteResourceTable,
} from '../site.tables.ts';
import { isDrawnQr, qrOfLink } from './qr-of-link.ts';
import { sanitizeRichText } from './sanitize-rich-text.ts';
import type { ContentKind } from './versioned-rows.ts';

/** The content rows of the back-office: how each reads there and how a body becomes its columns. */

const base = (row: { id: number; version: number; sort: number }, enabled: boolean) => ({
  id: row.id,
  version: row.version,
  sort: row.sort,
  enabled,
});

/** A new row's code where the operator does not choose one (customer service, partners). */
const newCode = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

export const customerServiceKind: ContentKind<Selectable<CustomerServiceTable>, AdminCustomerService> = {
  table: 'customer_service',
  auditName: 'site.customer_service',
  toAdmin: (row) => ({
    ...base(row, row.is_enabled),
    code: row.code,
    type: row.type as CustomerServiceType,
    labelTh: row.label_th,
    labelEn: row.label_en,
    url: row.url,
    isVip: row.is_vip,
  }),
};

export const customerServiceValues = (body: AdminCustomerServiceBody) => ({
  type: body.type,
  label_th: body.labelTh,
  label_en: body.labelEn,
  url: body.url,
  is_vip: body.isVip,
  sort: body.sort,
  is_enabled: body.enabled,
});
export const newCustomerServiceValues = (body: AdminCustomerServiceBody) => ({
  ...customerServiceValues(body),
  code: newCode('cs'),
});

export const resourceKind: ContentKind<Selectable<SiteResourceTable>, AdminResource> = {
  table: 'site_resource',
  auditName: 'site.resource',
  codeConstraint: { constraint: 'site_resource_merchant_key_key', field: 'key' },
  toAdmin: (row) => ({
    ...base(row, row.is_enabled),
    key: row.key,
    resourceType: row.resource_type,
    labelTh: row.label_th,
    labelEn: row.label_en,
    url: row.url,
    qrImageUrl: isDrawnQr(row.qr_code_url) ? null : row.qr_code_url,
    qrCodeUrl: row.qr_code_url,
  }),
};

/** Without an uploaded image, the QR is drawn from the link now, so it always matches the link saved. */
export async function resourceValues(body: AdminResourceBody) {
  return {
    key: body.key,
    resource_type: body.resourceType,
    label_name_en: body.labelEn,
    label_th: body.labelTh,
    label_en: body.labelEn,
    url: body.url,
    qr_code_url: body.qrImageUrl ?? (await qrOfLink(body.url)),
    sort: body.sort,
    is_enabled: body.enabled,
  };
}

export const partnerKind: ContentKind<Selectable<PartnerTable>, AdminPartner> = {
  table: 'partner',
  auditName: 'site.partner',
  toAdmin: (row) => ({
    ...base(row, row.is_enabled),
    code: row.code,
    name: row.name,
    logoUrl: row.logo_url,
  }),
};

export const partnerValues = (body: AdminPartnerBody) => ({
  name: body.name,
  logo_url: body.logoUrl,
  sort: body.sort,
  is_enabled: body.enabled,
});
export const newPartnerValues = (body: AdminPartnerBody) => ({ ...partnerValues(body), code: newCode('partner') });

/** Categories answer their article count; the list adds it (toAdmin alone sees one row). */
export const helpCategoryKind: ContentKind<Selectable<HelpCategoryTable>, Omit<AdminHelpCategory, 'articleCount'>> = {
  table: 'help_category',
  auditName: 'site.help_category',
  codeConstraint: { constraint: 'help_category_merchant_code_key', field: 'code' },
  toAdmin: (row) => ({
    ...base(row, row.is_enabled),
    code: row.code,
    titleTh: row.title_th,
    titleEn: row.title_en,
  }),
};

export const helpCategoryValues = (body: AdminHelpCategoryBody) => ({
  code: body.code,
  title_th: body.titleTh,
  title_en: body.titleEn,
  sort: body.sort,
  is_enabled: body.enabled,
});

export const helpArticleKind: ContentKind<Selectable<HelpTopicTable>, AdminHelpArticle> = {
  table: 'help_topic',
  auditName: 'site.help_article',
  codeConstraint: { constraint: 'help_topic_merchant_tag_key', field: 'tag' },
  toAdmin: (row) => ({
    ...base(row, row.is_enabled),
    tag: row.tag,
    categoryId: row.category_id,
    titleTh: row.title_th,
    titleEn: row.title_en,
    contentTh: row.content_th,
    contentEn: row.content_en,
  }),
};

/** The article's HTML is sanitised here, on save: what is stored is what the site may draw. */
export const helpArticleValues = (body: AdminHelpArticleBody) => ({
  tag: body.tag,
  category_id: body.categoryId,
  title_th: body.titleTh,
  title_en: body.titleEn,
  content_th: sanitizeRichText(body.contentTh),
  content_en: sanitizeRichText(body.contentEn),
  sort: body.sort,
  is_enabled: body.enabled,
});

export const homeLaneKind: ContentKind<Selectable<HomeLaneTable>, AdminHomeLane> = {
  table: 'home_lane',
  auditName: 'site.home_lane',
  codeConstraint: { constraint: 'home_lane_merchant_code_key', field: 'code' },
  toAdmin: (row) => ({
    ...base(row, row.is_enabled),
    code: row.code,
    titleTh: row.title_th,
    titleEn: row.title_en,
    category: row.category as GameCategory | null,
    source: row.source,
    gameIds: row.game_ids,
    maxGames: row.max_games,
  }),
};

/** A hot lane keeps no picks: what it shows follows the games' hot flags. */
export const homeLaneValues = (body: AdminHomeLaneBody) => ({
  code: body.code,
  title_th: body.titleTh,
  title_en: body.titleEn,
  category: body.category,
  source: body.source,
  game_ids: body.source === 'picked' ? body.gameIds : [],
  max_games: body.maxGames,
  sort: body.sort,
  is_enabled: body.enabled,
});
