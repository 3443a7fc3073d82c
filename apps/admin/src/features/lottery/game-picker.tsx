import type { AdminLotteryGame } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { FilterField } from '../../components/bits';
import { useLanguage } from '@lotus/client';

/** The game's name in the operator's language. */
export function useGameName(): (game: Pick<AdminLotteryGame, 'nameTh' | 'nameEn'>) => string {
  const language = useLanguage();
  return (game) => (language === 'TH' ? game.nameTh : game.nameEn);
}

/** The game a tab shows: every game, the ones the platform has switched off marked. */
export function GamePicker({
  games,
  gameId,
  onGame,
}: {
  games: readonly AdminLotteryGame[];
  gameId: number;
  onGame: (gameId: number) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useGameName();
  return (
    <FilterField label={t('lottery_game')}>
      {(id) => (
        <select id={id} value={gameId} onChange={(event) => onGame(Number(event.target.value))}>
          {games.map((game) => (
            <option key={game.gameId} value={game.gameId}>
              {nameOf(game)} ({game.gameCode}){game.isGameEnabled ? '' : ` · ${t('lottery_game_off')}`}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}
