import '../../styles/pages.css';
import { LotteryPage } from '../../features/lottery/components/lottery-page';

/** /vnlottery: the Vietnamese games (`/lgw/vn/games/game_menu`), each opening its game on /lottery. */
export function Component() {
  return (
    <div className="page">
      <LotteryPage lobby="vn" />
    </div>
  );
}
