import { GameFrame } from '../../features/games/components/game-frame';

export function Component() {
  return <GameFrame />;
}
