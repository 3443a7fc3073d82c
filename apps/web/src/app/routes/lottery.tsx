import '../../styles/pages.css';
import { LotteryPage } from '../../features/lottery/components/lottery-page';

/** /lottery: the lottery's draws and results (issue 18), open to everyone. */
export function Component() {
  return (
    <div className="page">
      <LotteryPage />
    </div>
  );
}
