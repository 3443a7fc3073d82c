import './money.css';
import { StatementsPage } from './statements-page';

export { DownlineContractsPage } from './downline-contracts-page';
export { IncomePage } from './income-page';
export { MyContractsPage } from './my-contracts-page';
export { LuckyBagPage, TransferHistoryPage, TransferPage, TransferUplinePage } from './transfer-pages';

/** The record pages of each kind (the original's DIVIDEND, DAYSAL, DAYSALMR, HOURSAL3, RTSALARY3). */
export const DividendPage = () => <StatementsPage kind="dividend" />;
export const DailySalaryPage = () => <StatementsPage kind="daily_salary" />;
export const MrDailySalaryPage = () => <StatementsPage kind="mr_daily_salary" />;
export const HourSalaryPage = () => <StatementsPage kind="hourly_salary" />;
export const RealtimeSalaryPage = () => <StatementsPage kind="realtime_salary" />;
