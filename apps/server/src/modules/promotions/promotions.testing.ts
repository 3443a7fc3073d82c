import type { Insertable } from 'kysely';
import type { PromotionTable } from './promotions.tables.ts';

/**
 * A promotion row for tests that write one straight into the table (the authorization matrix, the
 * cross-merchant ids): a fixed 10.00 bonus with no limits, schedule, turnover or rules, changed by
 * `fields` (merchant, kind, category, names, operator and times at least).
 */
export function promotionRow(
  fields: Pick<Insertable<PromotionTable>, 'merchant_id' | 'kind' | 'category' | 'created_by'> & {
    name?: string;
    at: Date;
  },
): Insertable<PromotionTable> {
  const { name = 'Promotion', at, ...own } = fields;
  return {
    ...own,
    name_th: name,
    name_en: name,
    description_th: '',
    description_en: '',
    picture_url: null,
    enabled: true,
    starts_at: null,
    ends_at: null,
    audience: 'all',
    product_types: null,
    bonus_type: 'fixed',
    bonus_percent_bp: null,
    bonus_amount: 1000n,
    bonus_cap: null,
    min_deposit: null,
    deposit_count: null,
    requires_join: false,
    auto_claim: false,
    max_claims_per_member: null,
    max_claims_total: null,
    budget: null,
    turnover_multiplier_bp: 0,
    turnover_product_types: null,
    claim_expiry_hours: null,
    bonus_expiry_days: null,
    blocks_others: false,
    image_required: false,
    remark_required: false,
    abuse: '{}',
    register_required_fields: [],
    login_rule: null,
    savior_rule: null,
    sort: 0,
    version: 1,
    created_at: at,
    updated_at: at,
  };
}
