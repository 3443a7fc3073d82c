import {
  adminPromotionInputSchema,
  loginPromotionTypes,
  promotionAudiences,
  promotionBonusTypes,
  promotionCategories,
  promotionProductTypes,
  registerRequiredFields,
  saviorPeriodTypes,
  setRefusalFieldError,
  type AdminPromotion,
  type AdminPromotionInput,
} from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Field, Panel } from '../../components/bits';
import { ImageUpload } from '../../components/image-upload';
import { showToast } from '../../components/toast';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { createPromotion, promotionKeys, updatePromotion } from './api';

/** The kinds the editor offers (every kind the server serves). */
export const editableKinds = [
  'FIRST_DEPOSIT',
  'SECOND_DEPOSIT',
  'THIRD_DEPOSIT',
  'FOURTH_DEPOSIT',
  'FIFTH_DEPOSIT',
  'DEPOSIT',
  'DEPOSIT_COUNT',
  'DEPOSIT_BET_BONUS',
  'REGISTER',
  'LOGIN',
  'SAVIOR',
  'MANUAL',
  'ISSUED',
] as const;
const depositKinds: readonly string[] = editableKinds.slice(0, 8);

const abuseKeys = ['onePerMobile', 'onePerBankAccount', 'onePerDevice', 'onePerIp', 'noPendingWithdrawal'] as const;
type Switch = 'enabled' | 'requiresJoin' | 'autoClaim' | 'blocksOthers' | 'imageRequired' | 'remarkRequired';

/** Text inputs as typed ('' = not set), turned into the contract's request and checked by its schema. */
const rawSchema = z.object({
  kind: z.enum(editableKinds),
  category: z.enum(promotionCategories),
  nameTh: z.string(),
  nameEn: z.string(),
  descriptionTh: z.string(),
  descriptionEn: z.string(),
  pictureUrl: z.string(),
  enabled: z.boolean(),
  startsAt: z.string(),
  endsAt: z.string(),
  audience: z.enum(promotionAudiences),
  productTypes: z.array(z.enum(promotionProductTypes)),
  bonusType: z.enum(promotionBonusTypes),
  bonusPercent: z.string(),
  bonusAmount: z.string(),
  bonusCap: z.string(),
  minDeposit: z.string(),
  depositCount: z.string(),
  requiresJoin: z.boolean(),
  autoClaim: z.boolean(),
  maxClaimsPerMember: z.string(),
  maxClaimsTotal: z.string(),
  budget: z.string(),
  turnoverMultiplier: z.string(),
  turnoverProductTypes: z.array(z.enum(promotionProductTypes)),
  registerRequiredFields: z.array(z.enum(registerRequiredFields)),
  loginType: z.enum(loginPromotionTypes),
  loginDayAmounts: z.string(),
  loginDeposit: z.string(),
  saviorPeriod: z.enum(saviorPeriodTypes),
  saviorTiers: z.string(),
  claimExpiryHours: z.string(),
  bonusExpiryDays: z.string(),
  blocksOthers: z.boolean(),
  imageRequired: z.boolean(),
  remarkRequired: z.boolean(),
  abuse: z.object(
    Object.fromEntries(abuseKeys.map((key) => [key, z.boolean()])) as Record<(typeof abuseKeys)[number], z.ZodBoolean>,
  ),
  sort: z.string(),
});
type FormValues = z.input<typeof rawSchema>;
// The contract's schema checks the request built from the texts; its issues keep the fields' names.
const formSchema = rawSchema
  .transform((values) => toInput(values))
  .pipe(adminPromotionInputSchema as unknown as z.ZodType<AdminPromotionInput, AdminPromotionInput>);

const text = (value: string) => (value.trim() === '' ? null : value.trim());
const number = (value: string) => (value.trim() === '' ? null : Number(value));
/** `datetime-local` in the browser's zone → epoch ms. */
const moment = (value: string) => (value === '' ? null : new Date(value).getTime());
const localInput = (ms: number | null) => {
  if (ms === null) return '';
  const date = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
};

function toInput(values: FormValues): AdminPromotionInput {
  const {
    loginType: _type,
    loginDayAmounts: _days,
    loginDeposit: _deposit,
    saviorPeriod: _period,
    saviorTiers: _tiers,
    ...fields
  } = values;
  return {
    ...fields,
    pictureUrl: text(values.pictureUrl),
    startsAt: moment(values.startsAt),
    endsAt: moment(values.endsAt),
    productTypes: values.productTypes.length === 0 ? null : values.productTypes,
    bonusPercent: number(values.bonusPercent),
    bonusAmount: text(values.bonusAmount),
    bonusCap: text(values.bonusCap),
    minDeposit: text(values.minDeposit),
    depositCount: number(values.depositCount),
    maxClaimsPerMember: number(values.maxClaimsPerMember),
    maxClaimsTotal: number(values.maxClaimsTotal),
    budget: text(values.budget),
    turnoverMultiplier: number(values.turnoverMultiplier) ?? 0,
    turnoverProductTypes: values.turnoverProductTypes.length === 0 ? null : values.turnoverProductTypes,
    claimExpiryHours: number(values.claimExpiryHours),
    bonusExpiryDays: number(values.bonusExpiryDays),
    loginRule:
      values.kind === 'LOGIN'
        ? {
            type: values.loginType,
            dayAmounts: values.loginDayAmounts.split(/[\s,]+/).filter(Boolean),
            requiredDepositAmount: values.loginDeposit.trim() || '0',
          }
        : null,
    saviorRule:
      values.kind === 'SAVIOR'
        ? {
            periodType: values.saviorPeriod,
            productType: null,
            tiers: values.saviorTiers
              .split(/[\s,]+/)
              .filter(Boolean)
              .map((tier) => {
                const [netLoss = '', percent = ''] = tier.split(':');
                return { netLoss, bonusPercentage: percent === '' ? Number.NaN : Number(percent) };
              }),
          }
        : null,
    sort: number(values.sort) ?? 0,
  };
}

const blank: FormValues = {
  kind: 'FIRST_DEPOSIT',
  category: 'deposit',
  nameTh: '',
  nameEn: '',
  descriptionTh: '',
  descriptionEn: '',
  pictureUrl: '',
  enabled: true,
  startsAt: '',
  endsAt: '',
  audience: 'all',
  productTypes: [],
  bonusType: 'percent',
  bonusPercent: '100',
  bonusAmount: '',
  bonusCap: '',
  minDeposit: '',
  depositCount: '',
  requiresJoin: false,
  autoClaim: true,
  maxClaimsPerMember: '1',
  maxClaimsTotal: '',
  budget: '',
  turnoverMultiplier: '10',
  turnoverProductTypes: [],
  registerRequiredFields: [],
  loginType: 'C',
  loginDayAmounts: '',
  loginDeposit: '',
  saviorPeriod: 'WEEKLY',
  saviorTiers: '',
  claimExpiryHours: '',
  bonusExpiryDays: '',
  blocksOthers: false,
  imageRequired: false,
  remarkRequired: false,
  abuse: {
    onePerMobile: false,
    onePerBankAccount: false,
    onePerDevice: false,
    onePerIp: false,
    noPendingWithdrawal: false,
  },
  sort: '0',
};

const amountText = (money: string | null) => (money === null ? '' : money.replace(/\.00$/, ''));

function valuesOf(promotion: AdminPromotion): FormValues {
  const kind = (editableKinds as readonly string[]).includes(promotion.kind)
    ? (promotion.kind as FormValues['kind'])
    : 'ISSUED';
  const asText = (value: number | null) => (value === null ? '' : String(value));
  return {
    ...blank,
    ...promotion,
    kind,
    pictureUrl: promotion.pictureUrl ?? '',
    startsAt: localInput(promotion.startsAt),
    endsAt: localInput(promotion.endsAt),
    productTypes: promotion.productTypes ?? [],
    bonusPercent: asText(promotion.bonusPercent),
    bonusAmount: amountText(promotion.bonusAmount),
    bonusCap: amountText(promotion.bonusCap),
    minDeposit: amountText(promotion.minDeposit),
    depositCount: asText(promotion.depositCount),
    maxClaimsPerMember: asText(promotion.maxClaimsPerMember),
    maxClaimsTotal: asText(promotion.maxClaimsTotal),
    budget: amountText(promotion.budget),
    turnoverMultiplier: String(promotion.turnoverMultiplier),
    turnoverProductTypes: promotion.turnoverProductTypes ?? [],
    registerRequiredFields: promotion.registerRequiredFields,
    loginType: promotion.loginRule?.type ?? 'C',
    loginDayAmounts: promotion.loginRule?.dayAmounts.join(', ') ?? '',
    loginDeposit: promotion.loginRule?.requiredDepositAmount ?? '',
    saviorPeriod: promotion.saviorRule?.periodType ?? 'WEEKLY',
    saviorTiers: promotion.saviorRule?.tiers.map((tier) => `${tier.netLoss}:${tier.bonusPercentage}`).join(', ') ?? '',
    claimExpiryHours: asText(promotion.claimExpiryHours),
    bonusExpiryDays: asText(promotion.bonusExpiryDays),
    abuse: { ...blank.abuse, ...promotion.abuse },
    sort: String(promotion.sort),
  };
}

const fieldNames = [
  'kind',
  'category',
  'nameTh',
  'nameEn',
  'descriptionTh',
  'descriptionEn',
  'pictureUrl',
  'startsAt',
  'endsAt',
  'bonusPercent',
  'bonusAmount',
  'bonusCap',
  'minDeposit',
  'depositCount',
  'maxClaimsPerMember',
  'maxClaimsTotal',
  'budget',
  'turnoverMultiplier',
  'claimExpiryHours',
  'bonusExpiryDays',
  'sort',
] as const;

/**
 * The promotion editor (`promotions.manage`): every field in both languages, checked by the
 * contract's schema before it is sent (a server refusal naming a field shows under it), with a
 * preview of the card as the site shows it.
 */
export function PromotionEditor({ promotion, onDone }: { promotion: AdminPromotion | null; onDone: () => void }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const defaults = useMemo(() => (promotion ? valuesOf(promotion) : blank), [promotion]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useZodForm(formSchema, { defaultValues: defaults });
  const save = useMutation({
    mutationFn: (input: AdminPromotionInput) =>
      promotion ? updatePromotion(promotion.id, { ...input, version: promotion.version }) : createPromotion(input),
    onSuccess: async () => {
      showToast(t('promotions_saved'));
      await queryClient.invalidateQueries({ queryKey: promotionKeys.all });
      onDone();
    },
    onError: (error) => setRefusalFieldError(error, setError, fieldNames),
  });
  const values = watch();
  const id = (name: string) => `${idPrefix}-${name}`;
  // The server's refusals come worded in the operator's language; the contract schema's own words are
  // English, so a field it refuses shows the rule of that field in the operator's language instead.
  const errorOf = (name: (typeof fieldNames)[number]) => {
    const error = errors[name];
    if (!error) return undefined;
    return error.type === 'server' ? (error.message as string) : t(`promotions_rule_${name}`);
  };
  const input = (name: (typeof fieldNames)[number], options: { type?: string; hint?: string } = {}) => (
    <Field label={t(`promotions_field_${name}`)} htmlFor={id(name)} error={errorOf(name)} hint={options.hint}>
      <input
        id={id(name)}
        type={options.type ?? 'text'}
        inputMode={options.type === 'number' ? 'decimal' : undefined}
        {...register(name)}
      />
    </Field>
  );
  const checkbox = (name: Switch) => (
    <label className="checkbox-field" key={name}>
      <input type="checkbox" {...register(name)} /> {t(`promotions_field_${name}`)}
    </label>
  );
  const products = (name: 'productTypes' | 'turnoverProductTypes') => (
    <fieldset className="promotion-products">
      <legend>{t(`promotions_field_${name}`)}</legend>
      {promotionProductTypes.map((product) => (
        <label className="checkbox-field" key={product}>
          <input type="checkbox" value={product} {...register(name)} /> {t(`promotions_product_${product}`)}
        </label>
      ))}
      <span className="field-hint">{t('promotions_products_hint')}</span>
    </fieldset>
  );
  const isDeposit = depositKinds.includes(values.kind);
  return (
    <Panel title={promotion ? t('promotions_edit_title', { name: promotion.nameEn }) : t('promotions_new_title')}>
      <form
        className="form promotion-editor"
        noValidate
        onSubmit={(event) => void handleSubmit((input) => save.mutate(input))(event)}
      >
        <div className="promotion-editor-layout">
          <div className="promotion-editor-fields">
            <div className="form-grid">
              <Field label={t('promotions_field_kind')} htmlFor={id('kind')} error={errorOf('kind')}>
                <select id={id('kind')} {...register('kind')}>
                  {editableKinds.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(`promotions_kind_${kind}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('promotions_field_category')} htmlFor={id('category')}>
                <select id={id('category')} {...register('category')}>
                  {promotionCategories.map((category) => (
                    <option key={category} value={category}>
                      {t(`promotions_category_${category}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('promotions_field_audience')} htmlFor={id('audience')}>
                <select id={id('audience')} {...register('audience')}>
                  {promotionAudiences.map((audience) => (
                    <option key={audience} value={audience}>
                      {t(`promotions_audience_${audience}`)}
                    </option>
                  ))}
                </select>
              </Field>
              {input('sort', { type: 'number' })}
            </div>
            <div className="form-grid promotion-form-wide">
              {input('nameTh')}
              {input('nameEn')}
              <Field
                label={t('promotions_field_descriptionTh')}
                htmlFor={id('descriptionTh')}
                error={errorOf('descriptionTh')}
              >
                <textarea id={id('descriptionTh')} rows={4} {...register('descriptionTh')} />
              </Field>
              <Field
                label={t('promotions_field_descriptionEn')}
                htmlFor={id('descriptionEn')}
                error={errorOf('descriptionEn')}
              >
                <textarea id={id('descriptionEn')} rows={4} {...register('descriptionEn')} />
              </Field>
            </div>
            <ImageUpload
              label={t('promotions_field_pictureUrl')}
              value={values.pictureUrl}
              onChange={(url) => setValue('pictureUrl', url, { shouldDirty: true })}
              error={errorOf('pictureUrl')}
              isOptional
            />
            <div className="form-grid">
              {input('startsAt', { type: 'datetime-local', hint: t('promotions_time_hint') })}
              {input('endsAt', { type: 'datetime-local', hint: t('promotions_time_hint') })}
            </div>
            <h3 className="promotion-section">{t('promotions_section_bonus')}</h3>
            <div className="form-grid">
              <Field label={t('promotions_field_bonusType')} htmlFor={id('bonusType')}>
                <select id={id('bonusType')} {...register('bonusType')}>
                  {promotionBonusTypes.map((type) => (
                    <option key={type} value={type}>
                      {t(`promotions_bonus_${type}`)}
                    </option>
                  ))}
                </select>
              </Field>
              {values.bonusType === 'percent' ? input('bonusPercent', { type: 'number' }) : null}
              {input('bonusAmount', { hint: t('promotions_amount_hint') })}
              {values.bonusType === 'percent' ? input('bonusCap', { hint: t('promotions_optional') }) : null}
              {isDeposit ? input('minDeposit', { hint: t('promotions_optional') }) : null}
              {values.kind === 'DEPOSIT_COUNT' ? input('depositCount', { type: 'number' }) : null}
              {input('turnoverMultiplier', { type: 'number', hint: t('promotions_turnover_hint') })}
              {input('bonusExpiryDays', { type: 'number', hint: t('promotions_optional') })}
            </div>
            {values.kind === 'SAVIOR' ? (
              <div className="form-grid">
                <Field label={t('promotions_field_saviorPeriod')} htmlFor={id('saviorPeriod')}>
                  <select id={id('saviorPeriod')} {...register('saviorPeriod')}>
                    {saviorPeriodTypes.map((period) => (
                      <option key={period} value={period}>
                        {t(`promotions_savior_${period}`)}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field
                  label={t('promotions_field_saviorTiers')}
                  htmlFor={id('saviorTiers')}
                  error={(errors as Record<string, unknown>).saviorRule ? t('promotions_savior_tiers_rule') : undefined}
                  hint={t('promotions_savior_tiers_hint')}
                >
                  <input id={id('saviorTiers')} {...register('saviorTiers')} />
                </Field>
              </div>
            ) : null}
            {values.kind === 'LOGIN' ? (
              <div className="form-grid">
                <Field label={t('promotions_field_loginType')} htmlFor={id('loginType')}>
                  <select id={id('loginType')} {...register('loginType')}>
                    {loginPromotionTypes.map((type) => (
                      <option key={type} value={type}>
                        {t(`promotions_login_${type}`)}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field
                  label={t('promotions_field_loginDayAmounts')}
                  htmlFor={id('loginDayAmounts')}
                  error={(errors as Record<string, unknown>).loginRule ? t('promotions_login_days_rule') : undefined}
                  hint={t('promotions_login_days_hint')}
                >
                  <input id={id('loginDayAmounts')} {...register('loginDayAmounts')} />
                </Field>
                <Field
                  label={t('promotions_field_loginDeposit')}
                  htmlFor={id('loginDeposit')}
                  hint={t('promotions_optional')}
                >
                  <input id={id('loginDeposit')} inputMode="decimal" {...register('loginDeposit')} />
                </Field>
              </div>
            ) : null}
            {values.kind === 'REGISTER' ? (
              <fieldset className="promotion-products">
                <legend>{t('promotions_field_registerRequiredFields')}</legend>
                {registerRequiredFields.map((field) => (
                  <label className="checkbox-field" key={field}>
                    <input type="checkbox" value={field} {...register('registerRequiredFields')} />{' '}
                    {t(`promotions_profile_${field}`)}
                  </label>
                ))}
              </fieldset>
            ) : null}
            {products('productTypes')}
            {products('turnoverProductTypes')}
            <h3 className="promotion-section">{t('promotions_section_limits')}</h3>
            <div className="form-grid">
              {input('maxClaimsPerMember', { type: 'number', hint: t('promotions_optional') })}
              {input('maxClaimsTotal', { type: 'number', hint: t('promotions_optional') })}
              {input('budget', { hint: t('promotions_optional') })}
              {input('claimExpiryHours', { type: 'number', hint: t('promotions_optional') })}
            </div>
            <div className="promotion-switches">
              {checkbox('enabled')}
              {isDeposit ? checkbox('requiresJoin') : null}
              {isDeposit ? checkbox('autoClaim') : null}
              {checkbox('blocksOthers')}
              {values.kind === 'MANUAL' ? checkbox('imageRequired') : null}
              {values.kind === 'MANUAL' ? checkbox('remarkRequired') : null}
            </div>
            <h3 className="promotion-section">{t('promotions_section_abuse')}</h3>
            <div className="promotion-switches">
              {abuseKeys.map((key) => (
                <label className="checkbox-field" key={key}>
                  <input type="checkbox" {...register(`abuse.${key}`)} /> {t(`promotions_abuse_${key}`)}
                </label>
              ))}
            </div>
          </div>
          <PromotionPreview values={values} />
        </div>
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={onDone}>
            {t('promotions_cancel')}
          </button>
          <button type="submit" className="button is-primary" disabled={save.isPending}>
            {t('promotions_save')}
          </button>
        </div>
        {save.error && !(save.error as { field?: string }).field ? (
          <p className="error-note" role="alert">
            {(save.error as Error).message}
          </p>
        ) : null}
      </form>
    </Panel>
  );
}

/** The card as the site shows it, in Thai and English side by side. */
function PromotionPreview({ values }: { values: FormValues }) {
  const { t } = useTranslation();
  const bonus =
    values.bonusType === 'percent'
      ? t('promotions_preview_percent', { percent: values.bonusPercent || '0', cap: values.bonusCap || '—' })
      : t('promotions_preview_fixed', { amount: values.bonusAmount || '0' });
  return (
    <aside className="promotion-preview" aria-label={t('promotions_preview')}>
      <h3>{t('promotions_preview')}</h3>
      {(['Th', 'En'] as const).map((language) => (
        <article className="promotion-card" key={language} lang={language.toLowerCase()}>
          {values.pictureUrl ? <img src={values.pictureUrl} alt="" /> : <div className="promotion-card-blank" />}
          <div className="promotion-card-body">
            <span className="badge is-info">{t(`promotions_kind_${values.kind}`)}</span>
            <strong>{values[`name${language}`] || t('promotions_preview_untitled')}</strong>
            <p>{values[`description${language}`]}</p>
            <p className="muted">
              {bonus} · {t('promotions_preview_turnover', { times: values.turnoverMultiplier || '0' })}
            </p>
          </div>
        </article>
      ))}
    </aside>
  );
}
