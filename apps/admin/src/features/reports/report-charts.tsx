import type { DailySummaryReport } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '../../lib/format';

/**
 * Daily GGR (bars) and active players (line) over the range: what an operator would rather look at
 * than read. GGR is drawn from the report's exact strings converted only for plotting.
 */
export function DailyCharts({ days }: { days: DailySummaryReport['days'] }) {
  const { t } = useTranslation();
  const points = days.map((day) => ({
    day: day.day.slice(5),
    ggr: Number(day.ggr),
    players: day.activePlayers,
  }));
  return (
    <div className="report-charts">
      <figure className="report-chart">
        <figcaption>{t('reports_chart_ggr')}</figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tick={{ fontSize: 11 }} minTickGap={12} />
            <YAxis
              tick={{ fontSize: 11 }}
              width={64}
              tickFormatter={(value: number) => formatMoney(value.toFixed(0) + '.00').slice(0, -3)}
            />
            <Tooltip formatter={(value) => formatMoney(Number(value).toFixed(2))} />
            <Bar dataKey="ggr" name={t('reports_ggr')} fill="#2f6fde" />
          </ComposedChart>
        </ResponsiveContainer>
      </figure>
      <figure className="report-chart">
        <figcaption>{t('reports_chart_players')}</figcaption>
        <ResponsiveContainer width="100%" height={220}>
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tick={{ fontSize: 11 }} minTickGap={12} />
            <YAxis tick={{ fontSize: 11 }} width={48} allowDecimals={false} />
            <Tooltip />
            <Line
              type="monotone"
              dataKey="players"
              name={t('reports_active_players')}
              stroke="#16a34a"
              strokeWidth={2}
              dot={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
