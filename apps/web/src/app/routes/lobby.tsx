import { useLocation } from 'react-router';
import { GameLobby } from '../../features/games/components/game-lobby';
import { paths, type LobbyKey } from '../../config/paths';

const isLobbyKey = (value: string): value is LobbyKey => (paths.lobby.keys as readonly string[]).includes(value);

export function Component() {
  const key = useLocation().pathname.slice(1);
  return <GameLobby key={key} lobbyKey={isLobbyKey(key) ? key : 'rng'} />;
}
