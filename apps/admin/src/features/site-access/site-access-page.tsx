import {
  brandErrorCodes,
  siteAccessRulesSchema,
  siteMaintenanceSchema,
  type SiteAccessRules,
  type SiteAccessSettings,
  type SiteMaintenance,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, ErrorNote, Field, PageHeader, Panel } from '../../components/bits';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import './site-access.css';
import { fromZonedInput, saveAccess, saveMaintenance, siteAccessKeys, siteAccessQuery, toZonedInput } from './api';

const lines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A stale version: the settings are read again, so the operator sees what the other save changed. */
async function onSaveError(error: unknown) {
  if (error instanceof ApiError && error.errorCode === brandErrorCodes.versionConflict)
    await queryClient.invalidateQueries({ queryKey: siteAccessKeys.all });
}

/** The first rule a draft breaks, as "field: message", checked with the contract's schema before sending. */
function firstProblem(
  result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } },
  t: (key: string, values: Record<string, string>) => string,
) {
  if (result.success) return null;
  const path = result.error!.issues[0]!.path.map(String);
  return t('site_access_invalid', { field: path.join('.') });
}

/**
 * Maintenance and access rules of the site (`brands.manage`): the merchant configuration's two
 * sections, each saved with the version read. They govern the member site only; the back-office is
 * never refused by them (an operator cannot lock themself out here).
 */
export function SiteAccessPage() {
  const { t } = useTranslation();
  const settings = useQuery(siteAccessQuery());
  return (
    <>
      <PageHeader title={t('site_access_title')} subtitle={t('site_access_subtitle')} />
      <ErrorNote error={settings.error} />
      {settings.data ? (
        <>
          <Summary settings={settings.data} />
          <MaintenanceForm key={`m${settings.data.version}`} settings={settings.data} />
          <AccessForm key={`a${settings.data.version}`} settings={settings.data} />
        </>
      ) : null}
    </>
  );
}

function Summary({ settings }: { settings: SiteAccessSettings }) {
  const { t } = useTranslation();
  const { maintenance, access, caller, timeZone } = settings;
  const when = (epochMs: number | null, open: string) =>
    epochMs === null ? open : `${toZonedInput(epochMs, timeZone).replace('T', ' ')} (${timeZone})`;
  const items: ReactNode[] = [
    maintenance.enabled
      ? t('site_access_summary_maintenance', {
          from: when(maintenance.startTime, t('site_access_now')),
          to: when(maintenance.endTime, t('site_access_until_off')),
          count: maintenance.allowIps.length,
        })
      : t('site_access_summary_no_maintenance'),
    access.ipDeny.length > 0 ? t('site_access_summary_deny', { list: access.ipDeny.join(', ') }) : null,
    access.blockedCountries.length > 0
      ? t('site_access_summary_blocked', { list: access.blockedCountries.join(', ') })
      : null,
    access.allowedCountries.length > 0
      ? t('site_access_summary_allowed', { list: access.allowedCountries.join(', ') })
      : null,
    access.ipAllow.length > 0 ? t('site_access_summary_allow', { list: access.ipAllow.join(', ') }) : null,
  ].filter(Boolean);
  const tone = caller.siteStatus === 0 ? 'good' : 'warn';
  return (
    <Panel title={t('site_access_summary_title')}>
      <div className="site-access-summary-body">
        <ul className="site-access-summary">
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
        <p>
          {t('site_access_you', { ip: caller.ip, country: caller.country || '—' })}{' '}
          <Badge tone={tone}>{t(`site_access_status_${caller.siteStatus}`)}</Badge>
        </p>
        <p className="muted">{t('site_access_backoffice_note')}</p>
      </div>
    </Panel>
  );
}

function MaintenanceForm({ settings }: { settings: SiteAccessSettings }) {
  const { t } = useTranslation();
  const { maintenance, timeZone } = settings;
  const [enabled, setEnabled] = useState(maintenance.enabled);
  const [start, setStart] = useState(toZonedInput(maintenance.startTime, timeZone));
  const [end, setEnd] = useState(toZonedInput(maintenance.endTime, timeZone));
  const [messageTh, setMessageTh] = useState(maintenance.message.TH);
  const [messageEn, setMessageEn] = useState(maintenance.message.EN);
  const [allowIps, setAllowIps] = useState(maintenance.allowIps.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (value: SiteMaintenance) => saveMaintenance(settings.version, value),
    onSuccess: async () => {
      showToast(t('site_access_saved'));
      await queryClient.invalidateQueries({ queryKey: siteAccessKeys.all });
    },
    onError: onSaveError,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = {
      enabled,
      startTime: fromZonedInput(start, timeZone),
      endTime: fromZonedInput(end, timeZone),
      message: { TH: messageTh, EN: messageEn },
      allowIps: lines(allowIps),
    };
    const result = siteMaintenanceSchema.safeParse(draft);
    setProblem(firstProblem(result, t));
    if (result.success) mutation.mutate(result.data);
  };
  return (
    <Panel title={t('site_access_maintenance_title')}>
      <form className="form" onSubmit={submit} noValidate>
        <label className="checkbox">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />{' '}
          {t('site_access_maintenance_enabled')}
        </label>
        <div className="site-access-pair">
          <Field
            label={t('site_access_start', { zone: timeZone })}
            htmlFor="maintenance-start"
            hint={t('site_access_open_hint')}
          >
            <input
              id="maintenance-start"
              type="datetime-local"
              value={start}
              onChange={(event) => setStart(event.target.value)}
            />
          </Field>
          <Field
            label={t('site_access_end', { zone: timeZone })}
            htmlFor="maintenance-end"
            hint={t('site_access_open_hint')}
          >
            <input
              id="maintenance-end"
              type="datetime-local"
              value={end}
              onChange={(event) => setEnd(event.target.value)}
            />
          </Field>
        </div>
        <div className="site-access-pair">
          <Field label={t('site_access_message_th')} htmlFor="maintenance-message-th">
            <textarea
              id="maintenance-message-th"
              rows={2}
              maxLength={500}
              value={messageTh}
              onChange={(event) => setMessageTh(event.target.value)}
            />
          </Field>
          <Field label={t('site_access_message_en')} htmlFor="maintenance-message-en">
            <textarea
              id="maintenance-message-en"
              rows={2}
              maxLength={500}
              value={messageEn}
              onChange={(event) => setMessageEn(event.target.value)}
            />
          </Field>
        </div>
        <Field label={t('site_access_maintenance_allow')} htmlFor="maintenance-allow" hint={t('site_access_ip_hint')}>
          <textarea
            id="maintenance-allow"
            rows={3}
            value={allowIps}
            onChange={(event) => setAllowIps(event.target.value)}
          />
        </Field>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <ErrorNote error={mutation.error} />
        <div className="form-actions">
          <button type="submit" className="button is-primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('working') : t('site_access_save_maintenance')}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function CountryPicker({
  id,
  label,
  countries,
  value,
  onChange,
}: {
  id: string;
  label: string;
  countries: SiteAccessSettings['countries'];
  value: string[];
  onChange: (codes: string[]) => void;
}) {
  return (
    <Field label={label} htmlFor={id}>
      <select
        id={id}
        multiple
        size={6}
        value={value}
        onChange={(event) => onChange([...event.target.selectedOptions].map((option) => option.value))}
      >
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name} ({country.code})
          </option>
        ))}
      </select>
    </Field>
  );
}

function AccessForm({ settings }: { settings: SiteAccessSettings }) {
  const { t } = useTranslation();
  const { access, countries } = settings;
  const [ipAllow, setIpAllow] = useState(access.ipAllow.join('\n'));
  const [ipDeny, setIpDeny] = useState(access.ipDeny.join('\n'));
  const [blocked, setBlocked] = useState(access.blockedCountries);
  const [allowed, setAllowed] = useState(access.allowedCountries);
  const [messageTh, setMessageTh] = useState(access.message.TH);
  const [messageEn, setMessageEn] = useState(access.message.EN);
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (value: SiteAccessRules) => saveAccess(settings.version, value),
    onSuccess: async () => {
      showToast(t('site_access_saved'));
      await queryClient.invalidateQueries({ queryKey: siteAccessKeys.all });
    },
    onError: onSaveError,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = siteAccessRulesSchema.safeParse({
      ipAllow: lines(ipAllow),
      ipDeny: lines(ipDeny),
      blockedCountries: blocked,
      allowedCountries: allowed,
      message: { TH: messageTh, EN: messageEn },
    });
    setProblem(firstProblem(result, t));
    if (result.success) mutation.mutate(result.data);
  };
  return (
    <Panel title={t('site_access_rules_title')}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="site-access-pair">
          <Field label={t('site_access_ip_allow')} htmlFor="access-ip-allow" hint={t('site_access_ip_hint')}>
            <textarea
              id="access-ip-allow"
              rows={3}
              value={ipAllow}
              onChange={(event) => setIpAllow(event.target.value)}
            />
          </Field>
          <Field label={t('site_access_ip_deny')} htmlFor="access-ip-deny" hint={t('site_access_ip_hint')}>
            <textarea id="access-ip-deny" rows={3} value={ipDeny} onChange={(event) => setIpDeny(event.target.value)} />
          </Field>
        </div>
        <div className="site-access-pair">
          <CountryPicker
            id="access-blocked"
            label={t('site_access_blocked')}
            countries={countries}
            value={blocked}
            onChange={setBlocked}
          />
          <CountryPicker
            id="access-allowed"
            label={t('site_access_allowed')}
            countries={countries}
            value={allowed}
            onChange={setAllowed}
          />
        </div>
        <div className="site-access-pair">
          <Field label={t('site_access_message_th')} htmlFor="access-message-th">
            <textarea
              id="access-message-th"
              rows={2}
              maxLength={500}
              value={messageTh}
              onChange={(event) => setMessageTh(event.target.value)}
            />
          </Field>
          <Field label={t('site_access_message_en')} htmlFor="access-message-en">
            <textarea
              id="access-message-en"
              rows={2}
              maxLength={500}
              value={messageEn}
              onChange={(event) => setMessageEn(event.target.value)}
            />
          </Field>
        </div>
        {problem ? (
          <p className="field-error" role="alert">
            {problem}
          </p>
        ) : null}
        <ErrorNote error={mutation.error} />
        <div className="form-actions">
          <button type="submit" className="button is-primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('working') : t('site_access_save_rules')}
          </button>
        </div>
      </form>
    </Panel>
  );
}
