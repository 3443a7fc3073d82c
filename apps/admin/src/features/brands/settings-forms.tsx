import {
  agentSettlementConfigSchema,
  agentSettlementShortfallRules,
  brandIdentitySchema,
  brandLanguagesSchema,
  brandRegisterRulesSchema,
  brandSecuritySchema,
  brandSwitchesSchema,
  brandThemeSchema,
  brandThemeTokens,
  languageSchema,
  loginVerifyMethodSchema,
  registerFieldNames,
  registerPatterns,
  type BrandSettings,
  type BrandSettingsUpdateBody,
} from '@lotus/contract';
import { useId, type ReactNode } from 'react';
import { Controller, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImageUpload } from '../../components/image-upload';
import { useZodForm } from '../../lib/forms';
import { saveBrandSettings } from './api';
import { SectionFrame, useBrandSave, useFieldMessage } from './section-editor';
import { ThemePreview } from './theme-preview';

export interface SectionProps {
  merchantId: number;
  settings: BrandSettings;
  onConflict: () => void;
}

type Section = BrandSettingsUpdateBody['section'];

/** One form's wiring: the contract's schema of the section, the values read, saving with the version. */
function useSectionForm<S extends Section>(
  section: S,
  { merchantId, settings, onConflict }: SectionProps,
  schema: Parameters<typeof useZodForm>[0],
) {
  const form = useZodForm(schema, { defaultValues: structuredClone(settings[section]) as never });
  const save = useBrandSave(
    merchantId,
    (value: unknown) =>
      saveBrandSettings(merchantId, { version: settings.version, section, value } as BrandSettingsUpdateBody),
    form as never,
    'value.',
    onConflict,
  );
  const fieldMessage = useFieldMessage(form.formState.errors as FieldErrors);
  const submit = () => void form.handleSubmit((value) => save.mutate(value))();
  return { form, save, fieldMessage, submit };
}

function TextInput({
  label,
  hint,
  error,
  registration,
  type = 'text',
  isWide,
  children,
}: {
  label: string;
  hint?: string | undefined;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  type?: string;
  isWide?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}${isWide ? ' brand-field-wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {type === 'textarea' ? (
        <textarea id={id} rows={3} aria-invalid={Boolean(error)} {...registration} />
      ) : (
        <input id={id} type={type} aria-invalid={Boolean(error)} {...registration} />
      )}
      {children}
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : hint ? (
        <span className="field-hint">{hint}</span>
      ) : null}
    </div>
  );
}

function Toggle({ label, registration }: { label: string; registration: UseFormRegisterReturn }) {
  return (
    <label className="switch brand-toggle">
      <input type="checkbox" {...registration} />
      <span>{label}</span>
    </label>
  );
}

const asNumber = { setValueAs: (value: unknown) => (value === '' || value === null ? NaN : Number(value)) };
const asYear = { setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)) };

/** Brand name, logo, favicon, footer texts and the copyright's first year. */
export function IdentityForm(props: SectionProps) {
  const { t } = useTranslation();
  const { form, save, fieldMessage, submit } = useSectionForm('identity', props, brandIdentitySchema);
  return (
    <SectionFrame title={t('brands_identity')} error={save.error} isSaving={save.isPending} onSubmit={submit}>
      <div className="form-grid">
        <TextInput label={t('brands_name')} error={fieldMessage('name')} registration={form.register('name')} />
        <TextInput
          label={t('brands_copyright_year')}
          hint={t('brands_copyright_year_hint')}
          type="number"
          error={fieldMessage('copyrightStartYear')}
          registration={form.register('copyrightStartYear', asYear)}
        />
        {(['logoUrl', 'faviconUrl'] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <ImageUpload
                label={t(name === 'logoUrl' ? 'brands_logo' : 'brands_favicon')}
                value={String(field.value ?? '')}
                onChange={field.onChange}
                error={fieldMessage(name)}
                isOptional
              />
            )}
          />
        ))}
        <TextInput
          label={t('brands_footer_th')}
          type="textarea"
          isWide
          error={fieldMessage('footerDescription.TH')}
          registration={form.register('footerDescription.TH')}
        />
        <TextInput
          label={t('brands_footer_en')}
          type="textarea"
          isWide
          error={fieldMessage('footerDescription.EN')}
          registration={form.register('footerDescription.EN')}
        />
      </div>
    </SectionFrame>
  );
}

/** The theme tokens the member site reads, with a live preview of the values being typed. */
export function ThemeForm(props: SectionProps) {
  const { t } = useTranslation();
  const { form, save, fieldMessage, submit } = useSectionForm('theme', props, brandThemeSchema);
  const colors = form.watch('colors') as Record<string, string>;
  return (
    <SectionFrame
      title={t('brands_theme')}
      hint={t('brands_theme_hint')}
      error={save.error}
      isSaving={save.isPending}
      onSubmit={submit}
    >
      <div className="brand-theme">
        <div className="form-grid brand-theme-fields">
          {brandThemeTokens.map(({ token, kind }) => {
            const path = `colors.${token}`;
            const value = colors[token] ?? '';
            return (
              <TextInput
                key={token}
                label={t(`brands_token_${token.replace(/^--/, '').replaceAll('-', '_')}`)}
                hint={token}
                error={fieldMessage(path)}
                registration={form.register(`colors.${token}` as never)}
              >
                {kind === 'color' && /^#[0-9a-f]{6}$/i.test(value) ? (
                  <input
                    type="color"
                    className="brand-color-picker"
                    aria-label={t('brands_pick_colour', { token })}
                    value={value}
                    onChange={(event) =>
                      form.setValue(`colors.${token}` as never, event.target.value as never, { shouldValidate: true })
                    }
                  />
                ) : null}
              </TextInput>
            );
          })}
        </div>
        <ThemePreview colors={colors} name={props.settings.identity.name} />
      </div>
    </SectionFrame>
  );
}

/**
 * The IANA zones the browser knows, for the time zone select; the merchant's own is kept in the list
 * even where the browser lacks it, so opening the form never changes it.
 */
function timeZoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...known])].sort((a, b) => a.localeCompare(b));
}

/** The site's languages, the one it opens in, and the merchant's time zone. */
export function LanguagesForm(props: SectionProps) {
  const { t } = useTranslation();
  const { form, save, fieldMessage, submit } = useSectionForm('languages', props, brandLanguagesSchema);
  const id = useId();
  const timeZoneId = useId();
  return (
    <SectionFrame title={t('brands_languages')} error={save.error} isSaving={save.isPending} onSubmit={submit}>
      <div className="form-grid">
        <div className={`field${fieldMessage('defaultLanguage') ? ' has-error' : ''}`}>
          <label htmlFor={id}>{t('brands_default_language')}</label>
          <select id={id} {...form.register('defaultLanguage')}>
            {languageSchema.options.map((language) => (
              <option key={language} value={language}>
                {t(`brands_language_${language}`)}
              </option>
            ))}
          </select>
          {fieldMessage('defaultLanguage') ? (
            <span className="field-error" role="alert">
              {t('brands_default_language_error')}
            </span>
          ) : null}
        </div>
        <fieldset className="field brand-fieldset">
          <legend>{t('brands_offered_languages')}</legend>
          {languageSchema.options.map((language) => (
            <label key={language} className="switch brand-toggle">
              <input type="checkbox" value={language} {...form.register('languages')} />
              <span>{t(`brands_language_${language}`)}</span>
            </label>
          ))}
          {fieldMessage('languages') ? (
            <span className="field-error" role="alert">
              {t('brands_languages_error')}
            </span>
          ) : null}
        </fieldset>
        <div className={`field${fieldMessage('timeZone') ? ' has-error' : ''}`}>
          <label htmlFor={timeZoneId}>{t('brands_time_zone')}</label>
          <select id={timeZoneId} aria-invalid={Boolean(fieldMessage('timeZone'))} {...form.register('timeZone')}>
            {timeZoneOptions(props.settings.languages.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          {fieldMessage('timeZone') ? (
            <span className="field-error" role="alert">
              {t('brands_time_zone_error')}
            </span>
          ) : (
            <span className="field-hint">{t('brands_time_zone_hint')}</span>
          )}
        </div>
      </div>
    </SectionFrame>
  );
}

const switchNames = [
  'freePlay',
  'usernameRegistration',
  'mobileRegistration',
  'mobileRegistrationPassword',
  'directRegistration',
  'smsVerificationOnRegister',
  'phoneVerification',
  'smsCodeLogin',
  'forcedPasswordChangeOnExpiry',
  'memberCentre',
  'agentPolicy',
  'manualPlayRebate',
] as const;
const firebaseNames = ['facebook', 'line', 'google', 'sms'] as const;

/** Spec §9 switches: registration methods, free play, verification, pages. */
export function SwitchesForm(props: SectionProps) {
  const { t } = useTranslation();
  const { form, save, fieldMessage, submit } = useSectionForm('switches', props, brandSwitchesSchema);
  return (
    <SectionFrame
      title={t('brands_switches')}
      hint={t('brands_switches_hint')}
      error={save.error}
      isSaving={save.isPending}
      onSubmit={submit}
    >
      <div className="brand-toggles">
        {switchNames.map((name) => (
          <Toggle key={name} label={t(`brands_switch_${name}`)} registration={form.register(`switches.${name}`)} />
        ))}
        <Toggle label={t('brands_switch_loginedToHomePage')} registration={form.register('loginedToHomePage')} />
        {firebaseNames.map((name) => (
          <Toggle
            key={name}
            label={t('brands_switch_firebase', { provider: t(`brands_firebase_${name}`) })}
            registration={form.register(`switches.firebase.${name}`)}
          />
        ))}
      </div>
      <div className="form-grid">
        <TextInput
          label={t('brands_trial_hours')}
          hint={t('brands_range', { min: 1, max: 720 })}
          type="number"
          error={fieldMessage('trialHours')}
          registration={form.register('trialHours', asNumber)}
        />
      </div>
      <p className="muted brand-section-hint">
        {t('brands_money_switches')} <Link to="/channels">{t('nav_channels')}</Link>
      </p>
    </SectionFrame>
  );
}

/** The register form's field rules (spec §5) and the minimum age. */
export function RegisterRulesForm(props: SectionProps) {
  const { t } = useTranslation();
  const { form, save, fieldMessage, submit } = useSectionForm('registerRules', props, brandRegisterRulesSchema);
  return (
    <SectionFrame
      title={t('brands_register_rules')}
      hint={t('brands_register_rules_hint')}
      error={save.error}
      isSaving={save.isPending}
      onSubmit={submit}
    >
      <div className="form-grid">
        <TextInput
          label={t('brands_minimum_age')}
          hint={t('brands_range', { min: 18, max: 99 })}
          type="number"
          error={fieldMessage('minimumAge')}
          registration={form.register('minimumAge', asNumber)}
        />
      </div>
      <div className="brand-rules">
        {registerFieldNames.map((name) => {
          const problem =
            fieldMessage(`rules.${name}.acceptedPattern`) ??
            fieldMessage(`rules.${name}.minLength`) ??
            fieldMessage(`rules.${name}.maxLength`) ??
            fieldMessage(`rules.${name}.required`) ??
            fieldMessage(`rules.${name}.patternId`);
          return (
            <fieldset key={name} className={`brand-rule${problem ? ' has-error' : ''}`}>
              <legend>
                <span className="mono">{name}</span>
              </legend>
              <Toggle label={t('brands_rule_enabled')} registration={form.register(`rules.${name}.enabled`)} />
              <Toggle label={t('brands_rule_required')} registration={form.register(`rules.${name}.required`)} />
              <label className="brand-rule-input">
                <span>{t('brands_rule_pattern')}</span>
                <select
                  {...form.register(`rules.${name}.patternId`, {
                    setValueAs: Number,
                    onChange: (event: { target: { value: string } }) => {
                      const pattern = registerPatterns.find((entry) => entry.id === Number(event.target.value));
                      if (pattern) form.setValue(`rules.${name}.acceptedPattern`, pattern.acceptedPattern);
                    },
                  })}
                >
                  {registerPatterns.map((pattern) => (
                    <option key={pattern.id} value={pattern.id}>
                      {pattern.id} · {pattern.acceptedPattern}
                    </option>
                  ))}
                </select>
              </label>
              <label className="brand-rule-input">
                <span>{t('brands_rule_regex')}</span>
                <input className="mono" {...form.register(`rules.${name}.acceptedPattern`)} />
              </label>
              <label className="brand-rule-input is-short">
                <span>{t('brands_rule_min')}</span>
                <input type="number" {...form.register(`rules.${name}.minLength`, asNumber)} />
              </label>
              <label className="brand-rule-input is-short">
                <span>{t('brands_rule_max')}</span>
                <input type="number" {...form.register(`rules.${name}.maxLength`, asNumber)} />
              </label>
              {problem ? (
                <span className="field-error" role="alert">
                  {problem}
                </span>
              ) : null}
            </fieldset>
          );
        })}
      </div>
    </SectionFrame>
  );
}

/** Member sessions, one-time codes and login verification. */
export function SecurityForm(props: SectionProps) {
  const { t } = useTranslation();
  const { form, save, fieldMessage, submit } = useSectionForm('security', props, brandSecuritySchema);
  const numbers = [
    ['sessions.idleMinutes', 'brands_idle_minutes', 1, 1440],
    ['sessions.absoluteHours', 'brands_absolute_hours', 1, 720],
    ['verification.codeExpiredMinutes', 'brands_code_minutes', 1, 60],
    ['verification.maxCodesPerHour', 'brands_codes_per_hour', 1, 100],
    ['loginSecurity.passwordMaxAgeDays', 'brands_password_days', 1, 3650],
  ] as const;
  return (
    <SectionFrame title={t('brands_security')} error={save.error} isSaving={save.isPending} onSubmit={submit}>
      <div className="form-grid">
        {numbers.map(([path, label, min, max]) => (
          <TextInput
            key={path}
            label={t(label)}
            hint={t('brands_range', { min, max })}
            type="number"
            error={fieldMessage(path)}
            registration={form.register(path, asNumber)}
          />
        ))}
      </div>
      <div className="brand-toggles">
        <Toggle
          label={t('brands_new_ip_verification')}
          registration={form.register('loginSecurity.newIpVerification')}
        />
        {loginVerifyMethodSchema.options.map((method) => (
          <label key={method} className="switch brand-toggle">
            <input type="checkbox" value={method} {...form.register('loginSecurity.methods')} />
            <span>{t('brands_verify_method', { method: t(`brands_method_${method}`) })}</span>
          </label>
        ))}
      </div>
    </SectionFrame>
  );
}

/** The agents' settlement rules: who is an active member, dividend charges, the claim window, a short upline. */
export function AgentSettlementForm(props: SectionProps) {
  const { t } = useTranslation();
  const shortfallId = useId();
  const { form, save, fieldMessage, submit } = useSectionForm('agentSettlement', props, agentSettlementConfigSchema);
  return (
    <SectionFrame
      title={t('brands_agent_settlement')}
      hint={t('brands_agent_settlement_hint')}
      error={save.error}
      isSaving={save.isPending}
      onSubmit={submit}
    >
      <div className="form-grid">
        <TextInput
          label={t('brands_active_min_valid_bet')}
          error={fieldMessage('activeMember.minValidBet')}
          registration={form.register('activeMember.minValidBet')}
        />
        <TextInput
          label={t('brands_active_min_deposit')}
          error={fieldMessage('activeMember.minDeposit')}
          registration={form.register('activeMember.minDeposit')}
        />
        <TextInput
          label={t('brands_platform_fee')}
          hint={t('brands_fraction_hint')}
          type="number"
          error={fieldMessage('dividend.platformFeeRate')}
          registration={form.register('dividend.platformFeeRate', asNumber)}
        />
        <TextInput
          label={t('brands_service_fee')}
          hint={t('brands_fraction_hint')}
          type="number"
          error={fieldMessage('dividend.serviceFeeRate')}
          registration={form.register('dividend.serviceFeeRate', asNumber)}
        />
        <TextInput
          label={t('brands_claim_days')}
          hint={t('brands_range', { min: 1, max: 60 })}
          type="number"
          error={fieldMessage('claimDays')}
          registration={form.register('claimDays', asNumber)}
        />
        <div className={`field${fieldMessage('shortfall') ? ' has-error' : ''}`}>
          <label htmlFor={shortfallId}>{t('brands_shortfall')}</label>
          <select id={shortfallId} {...form.register('shortfall')}>
            {agentSettlementShortfallRules.map((rule) => (
              <option key={rule} value={rule}>
                {t(`brands_shortfall_${rule}`)}
              </option>
            ))}
          </select>
          <span className="field-hint">{t(`brands_shortfall_${form.watch('shortfall')}_hint`)}</span>
        </div>
      </div>
      <div className="brand-toggles">
        <Toggle
          label={t('brands_exclude_shared_logins')}
          registration={form.register('activeMember.excludeSharedLogins')}
        />
      </div>
    </SectionFrame>
  );
}
