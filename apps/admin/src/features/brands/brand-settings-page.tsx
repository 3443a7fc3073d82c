import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Badge, ErrorNote, PageHeader } from '../../components/bits';
import { brandQuery } from './api';
import { DomainsForm } from './domains-form';
import {
  AgentSettlementForm,
  IdentityForm,
  LanguagesForm,
  RegisterRulesForm,
  SecurityForm,
  SwitchesForm,
  ThemeForm,
  type SectionProps,
} from './settings-forms';
import './brands.css';

const tabs = [
  ['identity', IdentityForm],
  ['theme', ThemeForm],
  ['domains', DomainsForm],
  ['languages', LanguagesForm],
  ['switches', SwitchesForm],
  ['registerRules', RegisterRulesForm],
  ['security', SecurityForm],
  ['agentSettlement', AgentSettlementForm],
] as const satisfies ReadonlyArray<readonly [string, (props: SectionProps) => unknown]>;
type Tab = (typeof tabs)[number][0];

/**
 * One merchant's settings (`brands.manage`; a platform operator any merchant): a tab per form, each
 * saved on its own with the version the page read. When someone else saved in between, the form is
 * redrawn with the current values and a note says so; nothing of theirs is overwritten.
 */
export function BrandSettingsPage() {
  const { t } = useTranslation();
  const merchantId = Number(useParams().merchantId);
  const [search, setSearch] = useSearchParams();
  const tab = (tabs.find(([name]) => name === search.get('tab'))?.[0] ?? 'identity') as Tab;
  const [isConflict, setConflict] = useState(false);
  const settings = useQuery(brandQuery(merchantId));
  const Form = tabs.find(([name]) => name === tab)![1];
  return (
    <>
      <PageHeader
        title={settings.data ? t('brands_settings_of', { name: settings.data.merchant.name }) : t('brands_settings')}
        subtitle={
          settings.data ? (
            <>
              <span className="mono">{settings.data.merchant.code}</span> · {settings.data.merchant.primaryDomain} ·{' '}
              {settings.data.merchant.currency}{' '}
              <Badge tone={settings.data.merchant.status === 'active' ? 'good' : 'bad'}>
                {t(`brands_status_${settings.data.merchant.status}`)}
              </Badge>
            </>
          ) : undefined
        }
        actions={
          <Link className="button is-ghost" to="/brands">
            {t('brands_all')}
          </Link>
        }
      />
      <nav className="brand-tabs" aria-label={t('brands_sections')}>
        {tabs.map(([name]) => (
          <button
            key={name}
            type="button"
            className={name === tab ? 'brand-tab is-current' : 'brand-tab'}
            aria-current={name === tab ? 'page' : undefined}
            onClick={() => {
              setConflict(false);
              setSearch({ tab: name }, { replace: true });
            }}
          >
            {t(`brands_tab_${name}`)}
          </button>
        ))}
      </nav>
      {isConflict ? (
        <p className="error-note" role="alert">
          {t('brands_conflict')}
        </p>
      ) : null}
      <ErrorNote error={settings.error} />
      {settings.data ? (
        // A fresh form per version read: after a save or a conflict it shows what the server holds.
        <Form
          key={`${tab}:${settings.data.version}:${settings.dataUpdatedAt}`}
          merchantId={merchantId}
          settings={settings.data}
          onConflict={() => setConflict(true)}
        />
      ) : settings.error ? null : (
        <span className="skeleton block-skeleton" />
      )}
    </>
  );
}
