import '../../styles/pages.css';
import { LotteryPage } from '../../features/lottery/components/lottery-page';

/** /seaLottery: the SEA prize mode's games (Hanoi, stock indices, Yee-Kee), each opening on /lottery. */
export function Component() {
  return (
    <div className="page">
      <LotteryPage lobby="sea" />
    </div>
  );
}
