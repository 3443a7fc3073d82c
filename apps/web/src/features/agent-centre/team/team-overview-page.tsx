import type { TeamOverview } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teamOverviewQuery } from './api';
import { ErrorLine, PeriodPicker, usePeriod } from './team-shared';

type Series = 'deposit' | 'withdrawal' | 'bet' | 'validBet' | 'win';
const seriesKeys: Series[] = ['deposit', 'withdrawal', 'bet', 'validBet', 'win'];

/**
 * Team overview (AGEINFO3): today's counts of the team, the period's totals and a chart of one figure
 * a day. The chart is a hand-drawn SVG of bars (no chart library: one series of at most 92 bars).
 */
export function TeamOverviewPage() {
  const { t } = useTranslation();
  const period = usePeriod('week');
  const overview = useQuery(teamOverviewQuery(period.range));
  const data = overview.data;
  return (
    <div className="agent-team">
      <ErrorLine error={overview.error} />
      {data ? (
        <dl className="agent-team__stats" aria-label={t('agteam_today')}>
          <Stat label={t('agteam_team_size')} value={data.teamSize} />
          <Stat label={t('agteam_direct_count')} value={data.directCount} />
          <Stat label={t('agteam_today_logins')} value={data.todayLogins} />
          <Stat label={t('agteam_today_registrations')} value={data.todayRegistrations} />
          <Stat label={t('agteam_today_first_deposits')} value={data.todayFirstDeposits} />
          <Stat label={t('agteam_today_first_bets')} value={data.todayFirstBets} />
          <Stat label={t('agteam_online')} value={data.online} />
          <Stat label={t('agteam_team_balance')} value={data.teamBalance} />
        </dl>
      ) : null}
      <h3 className="agent-team__heading">{t('agteam_period_totals')}</h3>
      <PeriodPicker state={period} />
      {data ? (
        <>
          <dl className="agent-team__stats agent-team__stats--money" aria-label={t('agteam_period_totals')}>
            {seriesKeys.map((key) => (
              <Stat key={key} label={t(`agteam_col_${key}`)} value={data.totals[key]} />
            ))}
          </dl>
          <DailyChart days={data.days} />
        </>
      ) : null}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="agent-team__stat">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function DailyChart({ days }: { days: TeamOverview['days'] }) {
  const { t } = useTranslation();
  const [series, setSeries] = useState<Series>('bet');
  const values = days.map((day) => Number(day[series]));
  const max = Math.max(1, ...values);
  const width = 600;
  const height = 180;
  const slot = width / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  return (
    <figure className="agent-team__chart">
      <div className="agent-team__tabs" role="group" aria-label={t('agteam_chart_series')}>
        {seriesKeys.map((key) => (
          <button
            key={key}
            type="button"
            className="agent-team__tab"
            aria-pressed={series === key}
            onClick={() => setSeries(key)}
          >
            {t(`agteam_col_${key}`)}
          </button>
        ))}
      </div>
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        role="img"
        aria-label={t('agteam_chart_label', { series: t(`agteam_col_${series}`) })}
        preserveAspectRatio="none"
      >
        <line x1="0" y1={height} x2={width} y2={height} className="agent-team__axis" />
        {days.map((day, index) => {
          const value = values[index]!;
          const h = (value / max) * (height - 10);
          return (
            <rect
              key={day.day}
              x={index * slot + (slot - bar) / 2}
              y={height - h}
              width={bar}
              height={h}
              className="agent-team__bar"
            >
              <title>{`${day.day}: ${day[series]}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="agent-team__chart-caption">
        <span>{days[0]?.day}</span>
        <span>{t('agteam_chart_max', { value: max.toFixed(2) })}</span>
        <span>{days[days.length - 1]?.day}</span>
      </figcaption>
    </figure>
  );
}
