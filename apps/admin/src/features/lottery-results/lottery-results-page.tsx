import { useLanguage } from '@lotus/client';
import { adminLotteryResultEntryStatuses, type AdminLotteryResultEntryStatus } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/bits';
import { firstOfficialGameCode, resultDrawsQuery, resultEntriesQuery } from './api';
import { DayChangesPanel } from './day-changes-panel';
import { DrawsPanel } from './draws-panel';
import { EntriesPanel } from './entries-panel';
import { ImportPanel } from './import-panel';
import '../lottery/lottery.css';
import './lottery-results.css';

const tabs = ['draws', 'entries', 'import', 'days'] as const;
type Tab = (typeof tabs)[number];

/**
 * Lottery results (`lottery.results`): the official games' draws waiting for a result, the entry of a
 * result (or of a correction of a drawn or settled draw), the entries waiting for a second operator
 * (who types the result again without seeing the first: blind four eyes), CSV import, and the
 * calendars' holiday day changes (`?days=` their game). Tab, game
 * and entry status are in the URL (`?tab=`, `?game=`, `?status=`).
 */
export function LotteryResultsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'draws';
  const gameCode = params.get('game') || firstOfficialGameCode;
  const status: AdminLotteryResultEntryStatus = (adminLotteryResultEntryStatuses as readonly string[]).includes(
    params.get('status') ?? '',
  )
    ? (params.get('status') as AdminLotteryResultEntryStatus)
    : 'pending';
  const pending = useQuery(resultEntriesQuery('pending', language));
  const draws = useQuery(resultDrawsQuery(gameCode, language));
  const set = (name: string, value: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set(name, value);
      return updated;
    });
  const linkTo = (next: Tab) => {
    const updated = new URLSearchParams(params);
    updated.set('tab', next);
    return `?${updated.toString()}`;
  };
  const pendingCount = pending.data?.pending ?? 0;
  return (
    <>
      <PageHeader title={t('lottery_results_title')} subtitle={t('lottery_results_subtitle')} />
      <nav className="member-tabs lottery-tabs" aria-label={t('lottery_results_title')}>
        {tabs.map((item) => (
          <Link
            key={item}
            to={linkTo(item)}
            className={item === tab ? 'member-tab is-active' : 'member-tab'}
            aria-current={item === tab ? 'page' : undefined}
          >
            {item === 'days' ? t('lottery_days_tab') : t(`lottery_results_tab_${item}`)}
            {item === 'entries' && pendingCount > 0 ? <span className="results-count"> {pendingCount}</span> : null}
          </Link>
        ))}
      </nav>
      {tab === 'draws' ? <DrawsPanel gameCode={gameCode} onGame={(next) => set('game', next)} /> : null}
      {tab === 'entries' ? <EntriesPanel status={status} onStatus={(next) => set('status', next)} /> : null}
      {tab === 'import' ? <ImportPanel games={draws.data?.games ?? []} /> : null}
      {tab === 'days' ? (
        <DayChangesPanel gameCode={params.get('days') ?? ''} onGame={(next) => set('days', next)} />
      ) : null}
    </>
  );
}
