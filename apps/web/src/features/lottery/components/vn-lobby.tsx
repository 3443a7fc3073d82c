import type { LotteryDrawResult, LotteryGame, LotteryOpenedNumero } from '@lotus/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LobbyCards, LobbyDrawsNotice, useLobbyDraws } from './lottery-lobby';

/** Vietnam and Bangkok keep UTC+7 all year: the provinces draw on that day. */
const vietnamOffsetMs = 7 * 3_600_000;
const dayMs = 86_400_000;
/** Today and the six days after it: every weekday once. */
const daysShown = 7;

/** The regions in the order a Vietnamese player reads them: Miền Bắc, Miền Trung, Miền Nam. */
const regionOrder = ['VN', 'VN_CENTRAL', 'VN_SOUTH'];
/** Miền Bắc draws every day (one province a day, one game here); the other provinces weekly. */
const dailyRegion = 'VN';

/** The Vietnam/Bangkok day (`YYYY-MM-DD`) of an instant. */
export function vietnamDayOf(instantMs: number): string {
  return new Date(instantMs + vietnamOffsetMs).toISOString().slice(0, 10);
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** ISO weekday, 1 Monday .. 7 Sunday, of a day. */
function weekdayOf(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

export interface VnRegion {
  code: string;
  games: LotteryGame[];
  /** The codes of the games listed by their calendar alone: no known draw or result on the day. */
  byCalendarAlone: string[];
}

/**
 * The provinces drawing on `day`, by region (north, central, south, then any other group). A province
 * draws on a day when its current draw or its latest result is on that day (so a province that has
 * drawn today stays under today with its result), or when its calendar's weekdays (`drawWeekdays`:
 * TP.HCM every Monday and Saturday) hold that day's (so one that closed today and waits for its result
 * stays too); the north every day. A province with neither a draw nor a result is not listed (nothing
 * to show or bet on yet).
 */
export function vnRegionsOn(
  day: string,
  games: LotteryGame[],
  opened: LotteryOpenedNumero[],
  latest: LotteryDrawResult[],
): VnRegion[] {
  const weekday = weekdayOf(day);
  const drawsOn = (game: LotteryGame): 'drawn' | 'calendar' | false => {
    const days = [
      opened.find((item) => item.gameCode === game.gameCode)?.drawTime,
      latest.find((item) => item.gameCode === game.gameCode)?.drawTime,
    ]
      .filter((drawTime): drawTime is number => drawTime !== undefined)
      .map(vietnamDayOf);
    if (days.length === 0) return false;
    if (days.includes(day)) return 'drawn';
    if (game.gameGroupCode === dailyRegion) return 'calendar';
    // Today too: between its close and its result, a province's current draw is already next week's
    // and its latest result last week's, yet it still draws today. A game without a weekly calendar:
    // the weekdays its known draws fell on.
    const onCalendar =
      game.drawWeekdays.length > 0
        ? game.drawWeekdays.includes(weekday)
        : days.some((drawDay) => weekdayOf(drawDay) === weekday);
    return onCalendar ? 'calendar' : false;
  };
  const regions: VnRegion[] = [];
  for (const game of games) {
    const listedBy = drawsOn(game);
    if (!listedBy) continue;
    let region = regions.find((item) => item.code === game.gameGroupCode);
    if (!region) {
      region = { code: game.gameGroupCode, games: [], byCalendarAlone: [] };
      regions.push(region);
    }
    region.games.push(game);
    if (listedBy === 'calendar') region.byCalendarAlone.push(game.gameCode);
  }
  const rank = (code: string) => (regionOrder.includes(code) ? regionOrder.indexOf(code) : regionOrder.length);
  return regions.sort((left, right) => rank(left.code) - rank(right.code));
}

/** Today's Vietnam day, turning over at its midnight while the page stays open. */
function useVietnamToday(): string {
  const [today, setToday] = useState(() => vietnamDayOf(Date.now()));
  useEffect(() => {
    const nowMs = Date.now();
    const untilMidnightMs = Date.parse(`${addDays(vietnamDayOf(nowMs), 1)}T00:00:00Z`) - vietnamOffsetMs - nowMs;
    const timer = setTimeout(() => setToday(vietnamDayOf(Date.now())), untilMidnightMs + 1_000);
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}

/**
 * /vnlottery: today's provinces first (by the Vietnam day), by region with their countdowns to close
 * and their latest results, and a day picker for the rest of the week. Each card opens its game on
 * /lottery, where its results history and prize tables are.
 */
export function VnLobby({ games }: { games: LotteryGame[] }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const today = useVietnamToday();
  const [dayOffset, setDayOffset] = useState(0);
  const { opened, latest, onPhaseReached } = useLobbyDraws();

  if (opened.isPending || latest.isPending || opened.isError)
    return <LobbyDrawsNotice opened={opened} latest={latest} />;

  const locale = i18n.language.startsWith('th') ? 'th-TH' : 'en-GB';
  const weekdayName = (day: string, width: 'short' | 'long') =>
    new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));
  const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
  const day = addDays(today, dayOffset);
  const isToday = dayOffset === 0;
  const regions = vnRegionsOn(day, games, opened.data, latest.data ?? []);
  // Listed today by its calendar alone: its draw of today closed and the next one is already open.
  const awaitingTodaysResult = new Set(isToday ? regions.flatMap((region) => region.byCalendarAlone) : []);
  const heading = isToday
    ? t('lottery_vn_today_heading', { date: dayMonth(day) })
    : t('lottery_vn_day_heading', { day: weekdayName(day, 'long'), date: dayMonth(day) });

  return (
    <div className="lottery-lobby">
      <div className="lottery-vn-days" role="group" aria-label={t('lottery_vn_days')}>
        {Array.from({ length: daysShown }, (_, offset) => {
          const shown = addDays(today, offset);
          return (
            <button
              key={shown}
              type="button"
              className="lottery-chip lottery-vn-day"
              aria-pressed={offset === dayOffset}
              aria-label={offset === 0 ? t('lottery_vn_today') : `${weekdayName(shown, 'long')} ${dayMonth(shown)}`}
              onClick={() => setDayOffset(offset)}
            >
              {offset === 0 ? t('lottery_vn_today') : weekdayName(shown, 'short')}
            </button>
          );
        })}
      </div>
      <section className="lottery-vn-day-draws" aria-labelledby={`${id}-day`}>
        <h2 id={`${id}-day`} className="lottery-vn-day-title">
          {heading}
        </h2>
        {regions.length === 0 ? (
          <p className="lottery-note">{t('lottery_vn_no_draws_day')}</p>
        ) : (
          regions.map((region) => (
            <section key={region.code} className="lottery-group" aria-labelledby={`${id}-${region.code}`}>
              <h3 id={`${id}-${region.code}`} className="lottery-group__title">
                {t(`lottery_vn_region_${region.code}`, {
                  defaultValue: t(`lottery_group_${region.code}`, { defaultValue: region.games[0]!.gameName }),
                })}
              </h3>
              <LobbyCards
                games={region.games}
                draws={{ opened, latest, onPhaseReached }}
                nameLevel="h4"
                awaitingTodaysResult={awaitingTodaysResult}
              />
            </section>
          ))
        )}
      </section>
    </div>
  );
}
