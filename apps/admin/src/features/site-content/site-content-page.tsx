import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote, PageHeader, Panel } from '../../components/bits';
import { homeLanesPreviewQuery } from './api';
import { ContentList } from './content-list';
import { customerServiceView, homeLaneView, partnerView, resourceView } from './kinds';
import './site-content.css';

const tabs = ['cs', 'apps', 'partners', 'lanes'] as const;
type Tab = (typeof tabs)[number];

/**
 * The site's content around the games: customer-service channels, app download links and their QR,
 * partner logos and the home page's game lanes (with the lanes as the site receives them).
 */
export function SiteContentPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('cs');
  return (
    <>
      <PageHeader title={t('site_content_page_title')} subtitle={t('site_content_page_subtitle')} />
      <div className="content-tabs" role="tablist" aria-label={t('site_content_page_title')}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? 'content-tab is-active' : 'content-tab'}
            onClick={() => setTab(name)}
          >
            {t(`site_content_tab_${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'cs' ? <ContentList view={customerServiceView} /> : null}
        {tab === 'apps' ? <ContentList view={resourceView} /> : null}
        {tab === 'partners' ? <ContentList view={partnerView} /> : null}
        {tab === 'lanes' ? (
          <>
            <ContentList view={homeLaneView} />
            <HomeLanesPreview />
          </>
        ) : null}
      </div>
    </>
  );
}

/** The home page's lanes exactly as the member site receives them now, in either language. */
function HomeLanesPreview() {
  const { t } = useTranslation();
  const [language, setLanguage] = useState<'TH' | 'EN'>('TH');
  const preview = useQuery(homeLanesPreviewQuery(language));
  return (
    <Panel
      title={t('site_content_lane_preview')}
      actions={
        <select
          aria-label={t('site_content_preview_language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value as 'TH' | 'EN')}
        >
          <option value="TH">ไทย</option>
          <option value="EN">English</option>
        </select>
      }
    >
      <ErrorNote error={preview.error} />
      {preview.data && preview.data.lanes.length === 0 ? (
        <p className="muted">{t('site_content_lane_preview_none')}</p>
      ) : null}
      {preview.data?.lanes.map((lane) => (
        <section key={lane.code} className="lane-preview">
          <h3>{lane.title}</h3>
          <ul className="lane-preview__games">
            {lane.games.map((game) => (
              <li key={game.gameId}>
                <img src={game.thumbnailUrl} alt="" loading="lazy" />
                <span>{game.displayName}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Panel>
  );
}
