import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { teamTransactionsQuery } from './api';
import { Empty, ErrorLine, Pager, PeriodPicker, TeamTable, formatTime, usePeriod } from './team-shared';

const size = 20;
/** Ledger kinds with a name in the catalogue; any other shows as it is. */
const knownKinds = new Set([
  'deposit',
  'deposit.fee',
  'withdrawal.hold',
  'withdrawal.payout',
  'withdrawal.fee',
  'withdrawal.release',
  'adjustment',
  'vendor.bet',
  'vendor.win',
  'vendor.rollback',
  'vendor.result',
  'wallet.transfer.in',
  'wallet.transfer.out',
  'wallet.transfer.returned',
  'agent.transfer.downline',
  'agent.transfer.luckybag',
  'agent.transfer.upline',
  'agent.daily_salary',
]);

/** Downline transactions (AGEDOWNTRANS3): one downline's money movements, named by its account. */
export function TeamTransactionsPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const period = usePeriod('week');
  const [draft, setDraft] = useState('');
  const [subordinateName, setName] = useState('');
  const [page, setPage] = useState(1);
  const moves = useQuery(teamTransactionsQuery({ ...period.range, subordinateName, page, size }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setName(draft.trim());
    setPage(1);
  };
  const rows = moves.data?.list ?? [];
  return (
    <div className="agent-team">
      <PeriodPicker state={period} />
      <form className="agent-team__filters" role="search" onSubmit={submit}>
        <div className="agent-form__field">
          <label htmlFor={`${id}-name`}>{t('agteam_downline')}</label>
          <input id={`${id}-name`} maxLength={64} value={draft} onChange={(event) => setDraft(event.target.value)} />
        </div>
        <button type="submit" className="agent-team__submit">
          {t('agteam_search')}
        </button>
      </form>
      <Empty shown={subordinateName === ''}>{t('agteam_pick_downline')}</Empty>
      <ErrorLine error={moves.error} />
      <Empty shown={moves.isSuccess && rows.length === 0}>{t('agteam_none')}</Empty>
      {rows.length > 0 ? (
        <TeamTable
          caption={t('agteam_transactions_caption', { username: moves.data?.username ?? '' })}
          columns={[
            { key: 'time', label: t('agteam_time') },
            { key: 'kind', label: t('agteam_tx_kind') },
            { key: 'amount', label: t('agteam_amount'), numeric: true },
            { key: 'balance', label: t('agteam_balance_after'), numeric: true },
          ]}
          rows={rows.map((row) => ({
            key: row.id,
            cells: {
              time: formatTime(row.time, i18n.language),
              kind: knownKinds.has(row.kind) ? t(`agteam_tx_${row.kind.replace(/\./g, '_')}`) : row.kind,
              amount: row.amount,
              balance: row.balanceAfter ?? '',
            },
          }))}
        />
      ) : null}
      <Pager page={page} size={size} total={moves.data?.totalElements ?? 0} onPage={setPage} />
    </div>
  );
}
