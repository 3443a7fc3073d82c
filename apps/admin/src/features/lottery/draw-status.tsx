import type { AdminLotteryDrawRow } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { Badge, type Tone } from '../../components/bits';

const tones: Record<AdminLotteryDrawRow['status'], Tone> = {
  open: 'good',
  locked: 'warn',
  drawn: 'info',
  settled: 'neutral',
  cancelled: 'bad',
};

export function DrawStatus({ status }: { status: AdminLotteryDrawRow['status'] }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status]}>{t(`lottery_draw_${status}`)}</Badge>;
}

/** The order statuses (the original's codes) and their tones. */
export const orderStatuses = [2, 4, 5, 6, 8, 12] as const;
const orderTones: Record<number, Tone> = { 2: 'info', 4: 'good', 5: 'neutral', 6: 'warn', 8: 'warn', 12: 'bad' };

export function OrderStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Badge tone={orderTones[status] ?? 'neutral'}>{t(`lottery_order_${status}`)}</Badge>;
}
