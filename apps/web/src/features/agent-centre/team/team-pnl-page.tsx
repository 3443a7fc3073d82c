import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teamPnlQuery } from './api';
import { Empty, ErrorLine, Pager, PeriodPicker, TeamTable, usePeriod } from './team-shared';

const size = 20;
const figures = [
  'deposit',
  'withdrawal',
  'bet',
  'validBet',
  'win',
  'rebate',
  'salary',
  'promotion',
  'fees',
  'profitAndLoss',
] as const;

/** Team P&L (AGETEAMPNL3): per member of the team and the totals, over a period. */
export function TeamPnlPage() {
  const { t } = useTranslation();
  const id = useId();
  const period = usePeriod('month');
  const [subordinateName, setName] = useState('');
  const [page, setPage] = useState(1);
  const pnl = useQuery(teamPnlQuery({ ...period.range, subordinateName: subordinateName.trim(), page, size }));
  const rows = pnl.data?.list ?? [];
  const columns = [
    { key: 'username', label: t('agteam_member') },
    ...figures.map((key) => ({ key, label: t(`agteam_col_${key}`), numeric: true })),
  ];
  return (
    <div className="agent-team">
      <PeriodPicker state={period} />
      <form className="agent-team__filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="agent-form__field">
          <label htmlFor={`${id}-name`}>{t('agteam_downline')}</label>
          <input
            id={`${id}-name`}
            maxLength={64}
            value={subordinateName}
            onChange={(event) => {
              setName(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </form>
      <p className="agent-form__hint">{t('agteam_pnl_rule')}</p>
      <ErrorLine error={pnl.error} />
      <Empty shown={pnl.isSuccess && rows.length === 0}>{t('agteam_none')}</Empty>
      {rows.length > 0 && pnl.data ? (
        <TeamTable
          caption={t('agteam_pnl_caption')}
          columns={columns}
          rows={rows.map((row) => ({ key: row.id, cells: { ...row } }))}
          footer={{ username: t('agteam_total'), ...pnl.data.footer }}
        />
      ) : null}
      <Pager page={page} size={size} total={pnl.data?.totalElements ?? 0} onPage={setPage} />
    </div>
  );
}
