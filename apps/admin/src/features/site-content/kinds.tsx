import {
  adminCustomerServiceBodySchema,
  adminCustomerServiceSchema,
  adminHelpArticleBodySchema,
  adminHelpArticleSchema,
  adminHelpCategoryBodySchema,
  adminHelpCategorySchema,
  adminHomeLaneBodySchema,
  adminHomeLaneSchema,
  adminPartnerBodySchema,
  adminPartnerSchema,
  adminResourceBodySchema,
  adminResourceSchema,
  customerServiceTypes,
  gameCategorySchema,
  siteContentPaths,
  type AdminCustomerService,
  type AdminHelpArticle,
  type AdminHelpCategory,
  type AdminHomeLane,
  type AdminPartner,
  type AdminResource,
  type CustomerServiceType,
  type GameCategory,
  type HomeLaneSource,
} from '@lotus/contract';
import type { ContentKindView } from './content-list';
import { pickedIdsOf } from './game-picker';

/**
 * Each kind of site content as the back-office edits it: its columns, form, draft and body. The
 * rules are the contract's request schemas (the server applies the same ones).
 */

interface CustomerServiceDraft {
  type: CustomerServiceType;
  labelTh: string;
  labelEn: string;
  url: string;
  isVip: boolean;
  sort: number;
  enabled: boolean;
}

export const customerServiceView: ContentKindView<AdminCustomerService, CustomerServiceDraft> = {
  textKey: 'site_content_cs',
  endpoint: {
    listPath: siteContentPaths.adminCustomerService,
    itemPath: siteContentPaths.adminCustomerServiceItem,
    rowSchema: adminCustomerServiceSchema,
  },
  columns: (t) => [
    { key: 'type', header: t('site_content_col_type'), render: (row) => row.type },
    { key: 'label', header: t('site_content_col_label'), render: (row) => `${row.labelTh} / ${row.labelEn}` },
    { key: 'url', header: t('site_content_col_link'), render: (row) => <span className="break-all">{row.url}</span> },
  ],
  fields: (t) => [
    {
      name: 'type',
      label: t('site_content_cs_type'),
      kind: 'select',
      options: customerServiceTypes.map((type) => ({ value: type, label: t(`site_content_cs_type_${type}`) })),
    },
    { name: 'url', label: t('site_content_cs_url'), kind: 'text', hint: t('site_content_cs_url_hint') },
    { name: 'labelTh', label: t('site_content_label_th'), kind: 'text' },
    { name: 'labelEn', label: t('site_content_label_en'), kind: 'text' },
    { name: 'sort', label: t('site_content_sort'), kind: 'number' },
    { name: 'isVip', label: t('site_content_cs_vip'), kind: 'switch' },
    { name: 'enabled', label: t('site_content_enabled'), kind: 'switch' },
  ],
  draftOf: (row) => ({
    type: row?.type ?? 'LINE',
    labelTh: row?.labelTh ?? '',
    labelEn: row?.labelEn ?? '',
    url: row?.url ?? '',
    isVip: row?.isVip ?? false,
    sort: row?.sort ?? 0,
    enabled: row?.enabled ?? true,
  }),
  toBody: (draft) => ({ ...draft, sort: Number(draft.sort) }),
  bodySchema: adminCustomerServiceBodySchema,
  nameOf: (row) => row.labelEn,
};

interface ResourceDraft {
  key: string;
  resourceType: string;
  labelTh: string;
  labelEn: string;
  url: string;
  qrImageUrl: string;
  sort: number;
  enabled: boolean;
}

export const resourceView: ContentKindView<AdminResource, ResourceDraft> = {
  textKey: 'site_content_app',
  endpoint: {
    listPath: siteContentPaths.adminResources,
    itemPath: siteContentPaths.adminResourceItem,
    rowSchema: adminResourceSchema,
  },
  columns: (t) => [
    { key: 'label', header: t('site_content_col_app'), render: (row) => `${row.labelEn} (${row.resourceType})` },
    { key: 'url', header: t('site_content_col_link'), render: (row) => <span className="break-all">{row.url}</span> },
    {
      key: 'qr',
      header: t('site_content_col_qr'),
      render: (row) =>
        row.qrCodeUrl ? <img className="content-thumb" src={row.qrCodeUrl} alt={`QR ${row.labelEn}`} /> : '-',
    },
  ],
  fields: (t) => [
    { name: 'key', label: t('site_content_app_key'), kind: 'text', hint: t('site_content_code_hint') },
    { name: 'resourceType', label: t('site_content_app_type'), kind: 'text', hint: t('site_content_app_type_hint') },
    { name: 'labelTh', label: t('site_content_label_th'), kind: 'text' },
    { name: 'labelEn', label: t('site_content_label_en'), kind: 'text' },
    { name: 'url', label: t('site_content_app_url'), kind: 'text' },
    { name: 'sort', label: t('site_content_sort'), kind: 'number' },
    {
      name: 'qrImageUrl',
      label: t('site_content_app_qr'),
      kind: 'image',
      isOptional: true,
      hint: t('site_content_app_qr_hint'),
    },
    { name: 'enabled', label: t('site_content_enabled'), kind: 'switch' },
  ],
  draftOf: (row) => ({
    key: row?.key ?? '',
    resourceType: row?.resourceType ?? 'APP_ANDROID',
    labelTh: row?.labelTh ?? '',
    labelEn: row?.labelEn ?? '',
    url: row?.url ?? '',
    qrImageUrl: row?.qrImageUrl ?? '',
    sort: row?.sort ?? 0,
    enabled: row?.enabled ?? true,
  }),
  toBody: (draft) => ({
    ...draft,
    sort: Number(draft.sort),
    qrImageUrl: draft.qrImageUrl.trim() === '' ? null : draft.qrImageUrl.trim(),
  }),
  bodySchema: adminResourceBodySchema,
  nameOf: (row) => row.labelEn,
};

interface PartnerDraft {
  name: string;
  logoUrl: string;
  sort: number;
  enabled: boolean;
}

export const partnerView: ContentKindView<AdminPartner, PartnerDraft> = {
  textKey: 'site_content_partner',
  endpoint: {
    listPath: siteContentPaths.adminPartners,
    itemPath: siteContentPaths.adminPartnerItem,
    rowSchema: adminPartnerSchema,
  },
  columns: (t) => [
    {
      key: 'logo',
      header: t('site_content_col_logo'),
      render: (row) => <img className="content-thumb" src={row.logoUrl} alt={row.name} />,
    },
    { key: 'name', header: t('site_content_col_name'), render: (row) => row.name },
  ],
  fields: (t) => [
    { name: 'name', label: t('site_content_partner_name'), kind: 'text' },
    { name: 'sort', label: t('site_content_sort'), kind: 'number' },
    { name: 'logoUrl', label: t('site_content_partner_logo'), kind: 'image' },
    { name: 'enabled', label: t('site_content_enabled'), kind: 'switch' },
  ],
  draftOf: (row) => ({
    name: row?.name ?? '',
    logoUrl: row?.logoUrl ?? '',
    sort: row?.sort ?? 0,
    enabled: row?.enabled ?? true,
  }),
  toBody: (draft) => ({ ...draft, sort: Number(draft.sort) }),
  bodySchema: adminPartnerBodySchema,
  nameOf: (row) => row.name,
};

interface HomeLaneDraft {
  code: string;
  titleTh: string;
  titleEn: string;
  category: GameCategory | '';
  source: HomeLaneSource;
  gameIds: string;
  maxGames: number;
  sort: number;
  enabled: boolean;
}

export const homeLaneView: ContentKindView<AdminHomeLane, HomeLaneDraft> = {
  textKey: 'site_content_lane',
  endpoint: {
    listPath: siteContentPaths.adminHomeLanes,
    itemPath: siteContentPaths.adminHomeLaneItem,
    rowSchema: adminHomeLaneSchema,
  },
  columns: (t) => [
    { key: 'title', header: t('site_content_col_title'), render: (row) => `${row.titleTh} / ${row.titleEn}` },
    {
      key: 'games',
      header: t('site_content_col_games'),
      render: (row) =>
        row.source === 'hot' ? `HOT ${row.category ?? 'ALL'} ≤ ${row.maxGames}` : row.gameIds.join(', '),
    },
  ],
  fields: (t) => [
    { name: 'code', label: t('site_content_code'), kind: 'text', hint: t('site_content_code_hint') },
    { name: 'sort', label: t('site_content_sort'), kind: 'number' },
    { name: 'titleTh', label: t('site_content_title_th'), kind: 'text' },
    { name: 'titleEn', label: t('site_content_title_en'), kind: 'text' },
    {
      name: 'source',
      label: t('site_content_lane_source'),
      kind: 'select',
      options: [
        { value: 'hot', label: t('site_content_lane_source_hot') },
        { value: 'picked', label: t('site_content_lane_source_picked') },
      ],
    },
    {
      name: 'category',
      label: t('site_content_lane_category'),
      kind: 'select',
      options: [
        { value: '', label: t('site_content_lane_category_all') },
        ...gameCategorySchema.options.map((category) => ({ value: category, label: category })),
      ],
    },
    { name: 'maxGames', label: t('site_content_lane_max'), kind: 'number' },
    {
      name: 'gameIds',
      label: t('site_content_lane_games'),
      kind: 'games',
      hint: t('site_content_lane_games_hint'),
    },
    { name: 'enabled', label: t('site_content_enabled'), kind: 'switch' },
  ],
  draftOf: (row) => ({
    code: row?.code ?? '',
    titleTh: row?.titleTh ?? '',
    titleEn: row?.titleEn ?? '',
    category: row?.category ?? '',
    source: row?.source ?? 'hot',
    gameIds: row?.gameIds.join('\n') ?? '',
    maxGames: row?.maxGames ?? 12,
    sort: row?.sort ?? 0,
    enabled: row?.enabled ?? true,
  }),
  toBody: (draft) => ({
    ...draft,
    category: draft.category === '' ? null : draft.category,
    gameIds: draft.source === 'picked' ? pickedIdsOf(draft.gameIds) : [],
    maxGames: Number(draft.maxGames),
    sort: Number(draft.sort),
  }),
  bodySchema: adminHomeLaneBodySchema,
  nameOf: (row) => row.titleEn,
};

interface HelpCategoryDraft {
  code: string;
  titleTh: string;
  titleEn: string;
  sort: number;
  enabled: boolean;
}

export const helpCategoryView: ContentKindView<AdminHelpCategory, HelpCategoryDraft> = {
  textKey: 'site_content_help_category',
  endpoint: {
    listPath: siteContentPaths.adminHelpCategories,
    itemPath: siteContentPaths.adminHelpCategoryItem,
    rowSchema: adminHelpCategorySchema,
  },
  columns: (t) => [
    { key: 'title', header: t('site_content_col_title'), render: (row) => `${row.titleTh} / ${row.titleEn}` },
    { key: 'count', header: t('site_content_col_articles'), render: (row) => row.articleCount, isNumeric: true },
  ],
  fields: (t) => [
    { name: 'code', label: t('site_content_code'), kind: 'text', hint: t('site_content_code_hint') },
    { name: 'sort', label: t('site_content_sort'), kind: 'number' },
    { name: 'titleTh', label: t('site_content_title_th'), kind: 'text' },
    { name: 'titleEn', label: t('site_content_title_en'), kind: 'text' },
    { name: 'enabled', label: t('site_content_enabled'), kind: 'switch' },
  ],
  draftOf: (row) => ({
    code: row?.code ?? '',
    titleTh: row?.titleTh ?? '',
    titleEn: row?.titleEn ?? '',
    sort: row?.sort ?? 0,
    enabled: row?.enabled ?? true,
  }),
  toBody: (draft) => ({ ...draft, sort: Number(draft.sort) }),
  bodySchema: adminHelpCategoryBodySchema,
  nameOf: (row) => row.titleEn,
};

interface HelpArticleDraft {
  tag: string;
  categoryId: string;
  titleTh: string;
  titleEn: string;
  contentTh: string;
  contentEn: string;
  sort: number;
  enabled: boolean;
}

/** Articles choose among the merchant's categories, so the view is made with them. */
export function helpArticleView(
  categories: AdminHelpCategory[],
  language: 'TH' | 'EN',
): ContentKindView<AdminHelpArticle, HelpArticleDraft> {
  const titleOf = (category: AdminHelpCategory) => (language === 'TH' ? category.titleTh : category.titleEn);
  return {
    textKey: 'site_content_help_article',
    endpoint: {
      listPath: siteContentPaths.adminHelpArticles,
      itemPath: siteContentPaths.adminHelpArticleItem,
      rowSchema: adminHelpArticleSchema,
    },
    columns: (t) => [
      {
        key: 'title',
        header: t('site_content_col_title'),
        render: (row) => (language === 'TH' ? row.titleTh : row.titleEn),
      },
      {
        key: 'category',
        header: t('site_content_col_category'),
        render: (row) => {
          const category = categories.find((entry) => entry.id === row.categoryId);
          return category ? titleOf(category) : '-';
        },
      },
      { key: 'tag', header: t('site_content_col_anchor'), render: (row) => `#${row.tag}` },
    ],
    fields: (t) => [
      { name: 'tag', label: t('site_content_help_tag'), kind: 'text', hint: t('site_content_code_hint') },
      {
        name: 'categoryId',
        label: t('site_content_help_category_field'),
        kind: 'select',
        options: [
          { value: '', label: t('site_content_help_category_none') },
          ...categories.map((category) => ({ value: String(category.id), label: titleOf(category) })),
        ],
      },
      { name: 'titleTh', label: t('site_content_title_th'), kind: 'text' },
      { name: 'titleEn', label: t('site_content_title_en'), kind: 'text' },
      { name: 'sort', label: t('site_content_sort'), kind: 'number' },
      {
        name: 'contentTh',
        label: t('site_content_help_content_th'),
        kind: 'textarea',
        hint: t('site_content_help_content_hint'),
      },
      {
        name: 'contentEn',
        label: t('site_content_help_content_en'),
        kind: 'textarea',
        hint: t('site_content_help_content_hint'),
      },
      { name: 'enabled', label: t('site_content_enabled'), kind: 'switch' },
    ],
    draftOf: (row) => ({
      tag: row?.tag ?? '',
      categoryId: row?.categoryId ? String(row.categoryId) : '',
      titleTh: row?.titleTh ?? '',
      titleEn: row?.titleEn ?? '',
      contentTh: row?.contentTh ?? '',
      contentEn: row?.contentEn ?? '',
      sort: row?.sort ?? 0,
      enabled: row?.enabled ?? true,
    }),
    toBody: (draft) => ({
      ...draft,
      categoryId: draft.categoryId === '' ? null : Number(draft.categoryId),
      sort: Number(draft.sort),
    }),
    bodySchema: adminHelpArticleBodySchema,
    nameOf: (row) => row.titleEn,
    // The article as a page with no script: a sandboxed frame runs nothing and reaches nothing.
    preview: (draft) => (
      <iframe
        className="content-article-preview"
        title={language === 'TH' ? draft.titleTh : draft.titleEn}
        sandbox=""
        srcDoc={`<meta charset="utf-8"><style>body{font:14px/1.6 system-ui,sans-serif;margin:12px;color:#1f2937}</style><h2>${escapeHtml(language === 'TH' ? draft.titleTh : draft.titleEn)}</h2>${language === 'TH' ? draft.contentTh : draft.contentEn}`}
      />
    ),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
