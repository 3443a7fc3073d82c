import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { teamBetsQuery } from './api';
import { Empty, ErrorLine, Pager, PeriodPicker, TeamTable, formatTime, usePeriod } from './team-shared';

const size = 20;

/**
 * Team betting (TEAMBETTING3): settled bets of the team (`subordinateType` ALL) or the agent's own
 * (SELF), narrowed to one downline (team management's "game record" opens it with `subordinateName`)
 * or a game; each row names the bettor and its direct upline.
 */
export function TeamBettingPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const period = usePeriod('today');
  const [subordinateType, setType] = useState<'ALL' | 'SELF'>('ALL');
  const [subordinateName, setName] = useState(params.get('subordinateName') ?? '');
  const [gameId, setGameId] = useState('');
  const [page, setPage] = useState(1);
  const bets = useQuery(
    teamBetsQuery({
      ...period.range,
      subordinateType,
      subordinateName: subordinateType === 'ALL' ? subordinateName.trim() : '',
      gameId: gameId.trim(),
      page,
      size,
    }),
  );
  const rows = bets.data?.list ?? [];
  return (
    <div className="agent-team">
      <PeriodPicker state={period} />
      <form className="agent-team__filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="agent-form__field">
          <label htmlFor={`${id}-type`}>{t('agteam_subordinate_type')}</label>
          <select
            id={`${id}-type`}
            value={subordinateType}
            onChange={(event) => {
              setType(event.target.value as 'ALL' | 'SELF');
              setPage(1);
            }}
          >
            <option value="ALL">{t('agteam_type_all')}</option>
            <option value="SELF">{t('agteam_type_self')}</option>
          </select>
        </div>
        <div className="agent-form__field">
          <label htmlFor={`${id}-name`}>{t('agteam_downline')}</label>
          <input
            id={`${id}-name`}
            maxLength={64}
            disabled={subordinateType === 'SELF'}
            value={subordinateName}
            onChange={(event) => {
              setName(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="agent-form__field">
          <label htmlFor={`${id}-game`}>{t('agteam_game')}</label>
          <input
            id={`${id}-game`}
            maxLength={64}
            value={gameId}
            onChange={(event) => {
              setGameId(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </form>
      <ErrorLine error={bets.error} />
      <Empty shown={bets.isSuccess && rows.length === 0}>{t('agteam_no_bets')}</Empty>
      {rows.length > 0 && bets.data ? (
        <TeamTable
          caption={t('agteam_bets_caption')}
          columns={[
            { key: 'member', label: t('agteam_member') },
            { key: 'upline', label: t('agteam_direct_upline') },
            { key: 'game', label: t('agteam_game') },
            { key: 'time', label: t('agteam_time') },
            { key: 'bet', label: t('agteam_col_bet'), numeric: true },
            { key: 'validBet', label: t('agteam_col_validBet'), numeric: true },
            { key: 'win', label: t('agteam_col_win'), numeric: true },
          ]}
          rows={rows.map((row, index) => ({
            key: `${row.settleTimeInTimestamp}-${index}`,
            cells: {
              member: row.customerName,
              upline: row.directAgentName,
              game: row.gameName,
              time: formatTime(row.settleTimeInTimestamp, i18n.language),
              bet: row.betAmount,
              validBet: row.validBetAmount,
              win: row.winAmount,
            },
          }))}
          footer={{
            member: t('agteam_total'),
            bet: bets.data.footer.betAmount,
            validBet: bets.data.footer.validBetAmount,
            win: bets.data.footer.winAmount,
          }}
        />
      ) : null}
      <Pager page={page} size={size} total={bets.data?.totalElements ?? 0} onPage={setPage} />
    </div>
  );
}
