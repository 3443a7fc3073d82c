import type { LotteryDrawResult, LotteryGame, LotteryOpenedNumero } from '@lotus/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLatestDraws, useOpenedNumeros } from '../api/lottery';
import type { DrawPhase } from '../countdown';
import { GameCard } from './game-card';

/** How long after a draw's time the lobby keeps re-reading the latest results for it to appear. */
const awaitDrawMs = 20_000;
const awaitDrawRereadMs = 3_000;

interface LobbyGroup {
  code: string;
  games: LotteryGame[];
}

/**
 * The games by menu group, in the catalogue's order. An official lottery (drawn elsewhere) is listed
 * only once it has a draw or a result to show: betting is not open yet, so an empty card would only
 * say "nothing here"; house games are always listed, they draw around the clock.
 */
export function groupGames(
  games: LotteryGame[],
  opened: LotteryOpenedNumero[],
  latest: LotteryDrawResult[],
): LobbyGroup[] {
  const hasDraws = (game: LotteryGame) =>
    opened.some((item) => item.gameCode === game.gameCode) || latest.some((item) => item.gameCode === game.gameCode);
  const groups: LobbyGroup[] = [];
  for (const game of games) {
    if (!game.isHouseDrawn && !hasDraws(game)) continue;
    const group = groups.find((item) => item.code === game.gameGroupCode);
    if (group) group.games.push(game);
    else groups.push({ code: game.gameGroupCode, games: [game] });
  }
  return groups;
}

/**
 * The lobby's draws: every game's current draw and latest result, the latter re-read for a while
 * once a card's draw is due (until the server has drawn it). Shared by /lottery and /vnlottery.
 */
export function useLobbyDraws() {
  const opened = useOpenedNumeros();
  const [awaitingSinceMs, setAwaitingSinceMs] = useState<number | null>(null);
  const latest = useLatestDraws(awaitingSinceMs === null ? false : awaitDrawRereadMs);

  // A draw's time came: its results are read again for a while, until the server has drawn it.
  useEffect(() => {
    if (awaitingSinceMs === null) return;
    const timer = setTimeout(() => setAwaitingSinceMs(null), awaitDrawMs);
    return () => clearTimeout(timer);
  }, [awaitingSinceMs]);

  const { refetch: refetchOpened } = opened;
  const onPhaseReached = useCallback(
    (phase: Exclude<DrawPhase, 'open'>) => {
      void refetchOpened();
      if (phase === 'due') setAwaitingSinceMs(Date.now());
    },
    [refetchOpened],
  );
  return { opened, latest, onPhaseReached };
}

/**
 * What a lobby shows until it can list its cards: a loading line until both lists are read (until
 * then an official lottery's place and a card's draw are unknown, and nothing is guessed), then, if
 * the open draws could not be read, the failure with a retry.
 */
export function LobbyDrawsNotice({ opened, latest }: Pick<ReturnType<typeof useLobbyDraws>, 'opened' | 'latest'>) {
  const { t } = useTranslation();
  if (opened.isPending || latest.isPending) return <p className="lottery-note">{t('lottery_loading')}</p>;
  return (
    <p className="lottery-note" role="alert">
      {t('lottery_load_failed')}{' '}
      <button type="button" className="lottery-link-button" onClick={() => void opened.refetch()}>
        {t('lottery_retry')}
      </button>
    </p>
  );
}

/** A group's cards, each given its game's open draw and latest result from the lobby's draws. */
export function LobbyCards({
  games,
  draws: { opened, latest, onPhaseReached },
  nameLevel,
  awaitingTodaysResult,
}: {
  games: LotteryGame[];
  draws: {
    opened: { data: LotteryOpenedNumero[]; dataUpdatedAt: number };
    latest: { data: LotteryDrawResult[] | undefined };
    onPhaseReached: (phase: Exclude<DrawPhase, 'open'>) => void;
  };
  nameLevel?: 'h3' | 'h4';
  /** The game codes whose draw of today has closed without a result yet (/vnlottery's today). */
  awaitingTodaysResult?: ReadonlySet<string>;
}) {
  return (
    <ul className="lottery-cards">
      {games.map((game) => (
        <GameCard
          key={game.gameCode}
          game={game}
          nameLevel={nameLevel}
          opened={opened.data.find((item) => item.gameCode === game.gameCode) ?? null}
          openedAtMs={opened.dataUpdatedAt}
          latest={latest.data?.find((item) => item.gameCode === game.gameCode) ?? null}
          onPhaseReached={onPhaseReached}
          awaitingTodaysResult={awaitingTodaysResult?.has(game.gameCode)}
        />
      ))}
    </ul>
  );
}

export function LotteryLobby({ games }: { games: LotteryGame[] }) {
  const { t } = useTranslation();
  const id = useId();
  const { opened, latest, onPhaseReached } = useLobbyDraws();

  if (opened.isPending || latest.isPending || opened.isError)
    return <LobbyDrawsNotice opened={opened} latest={latest} />;
  const groups = groupGames(games, opened.data, latest.data ?? []);
  return (
    <div className="lottery-lobby">
      {groups.map((group) => (
        <section key={group.code} className="lottery-group" aria-labelledby={`${id}-${group.code}`}>
          <h2 id={`${id}-${group.code}`} className="lottery-group__title">
            {t(`lottery_group_${group.code}`, { defaultValue: group.games[0]!.gameName })}
          </h2>
          <LobbyCards games={group.games} draws={{ opened, latest, onPhaseReached }} />
        </section>
      ))}
    </div>
  );
}
