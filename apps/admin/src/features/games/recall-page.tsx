import type { AdminRecallRound } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge, DateTime, ErrorNote, Money, PageHeader, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Icon } from '../../components/icons';
import { useSearchState } from '../../lib/use-search-state';
import { recallQuery } from './api';
import './games.css';

const filterNames = ['id'] as const;

/** One recalled round: the record, its money calls' ledger transfers, its fairness data. */
function RecalledRound({ round }: { round: AdminRecallRound }) {
  const { t } = useTranslation();
  const postingColumns: Column<AdminRecallRound['postings'][number]>[] = [
    { key: 'call', header: t('games_recall_call'), render: (row) => `${row.transactionKind} · ${row.transactionId}` },
    { key: 'transfer', header: t('games_recall_transfer'), render: (row) => `#${row.transferId} ${row.kind}` },
    { key: 'accounts', header: t('games_recall_accounts'), render: (row) => `${row.fromAccount} → ${row.toAccount}` },
    {
      key: 'amount',
      header: t('games_recall_amount'),
      isNumeric: true,
      render: (row) => <Money amount={row.amount} />,
    },
    { key: 'at', header: t('games_recall_at'), render: (row) => <DateTime value={row.at} /> },
  ];
  return (
    <Panel title={`${round.vendorCode} · ${round.roundId}`}>
      <dl className="games-recall-facts">
        <dt>{t('games_recall_member')}</dt>
        <dd>
          <Link to={`/members/${round.memberId}`}>{round.username ?? `#${round.memberId}`}</Link>
        </dd>
        <dt>{t('games_game')}</dt>
        <dd>{`${round.gameName ?? round.gameId} (${round.vassalage})`}</dd>
        <dt>{t('games_recall_status')}</dt>
        <dd>{round.status}</dd>
        <dt>{t('games_recall_stake')}</dt>
        <dd>
          <Money amount={round.stake} />
        </dd>
        <dt>{t('games_recall_payout')}</dt>
        <dd>
          <Money amount={round.payout} />
        </dd>
        <dt>{t('games_recall_first_bet')}</dt>
        <dd>
          <DateTime value={round.firstBetAt} />
        </dd>
        <dt>{t('games_recall_settled')}</dt>
        <dd>
          <DateTime value={round.settledAt} />
        </dd>
        <dt>{t('games_recall_fairness')}</dt>
        <dd>
          {round.fairnessVerified === null ? (
            <span className="muted">{t('games_recall_fairness_none')}</span>
          ) : round.fairnessVerified ? (
            <Badge tone="good">{t('games_recall_fairness_ok')}</Badge>
          ) : (
            <Badge tone="bad">{t('games_recall_fairness_bad')}</Badge>
          )}
        </dd>
      </dl>
      {round.fairness ? <pre className="games-recall-json">{JSON.stringify(round.fairness, null, 2)}</pre> : null}
      <DataTable
        caption={t('games_recall_postings')}
        columns={postingColumns}
        rows={round.postings}
        rowKey={(row) => row.transferId}
        emptyText={t('games_recall_no_postings')}
      />
    </Panel>
  );
}

/** Game recall: a round or a bet looked up by its id across vendors (`games.manage`). */
export function RecallPage() {
  const { t } = useTranslation();
  const { values, setFilters } = useSearchState(filterNames);
  const [draft, setDraft] = useState(values.id);
  const recall = useQuery(recallQuery(values.id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ id: draft.trim() });
  };
  return (
    <>
      <PageHeader
        title={t('games_recall_title')}
        subtitle={t('games_recall_subtitle')}
        actions={
          <Link className="button" to="/games">
            {t('games_vendors_title')}
          </Link>
        }
      />
      <Panel>
        <form className="filter-bar" onSubmit={submit} role="search">
          <div className="search-input">
            <Icon name="search" size={18} />
            <input
              type="search"
              aria-label={t('games_recall_id')}
              placeholder={t('games_recall_id')}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              maxLength={128}
            />
          </div>
          <button type="submit" className="button is-primary">
            {t('search')}
          </button>
        </form>
        <ErrorNote error={recall.error} />
        {recall.data && recall.data.rounds.length === 0 ? (
          <p className="muted games-panel-note">{t('games_recall_none', { id: values.id })}</p>
        ) : null}
      </Panel>
      {recall.data?.rounds.map((round) => (
        <RecalledRound key={`${round.vendorCode}-${round.roundId}-${round.memberId}`} round={round} />
      ))}
    </>
  );
}
