import type { AdminLotteryDrawRow, AdminLotteryGame } from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime, ErrorNote, Field, Money, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { showToast } from '../../components/toast';
import { formatCount } from '../../lib/format';
import { queryClient } from '../../lib/query-client';
import { useLanguage } from '@lotus/client';
import { cancelLotteryDraw, lotteryDrawsQuery, lotteryKeys } from './api';
import { DrawStatus } from './draw-status';
import { GamePicker, useGameName } from './game-picker';

/**
 * A game's draws with the brand's orders on each; a draw whose bets are closed and that is not
 * settled can be cancelled: every waiting order of the brand refunded (status 12), with a reason
 * kept in the audit log. The draw itself is shared by every brand and keeps its status.
 */
export function DrawsPanel({
  games,
  game,
  onGame,
}: {
  games: readonly AdminLotteryGame[];
  game: AdminLotteryGame;
  onGame: (gameId: number) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const nameOf = useGameName();
  const [page, setPage] = useState(1);
  const draws = useQuery(lotteryDrawsQuery(game.gameId, page));
  const [cancelling, setCancelling] = useState<AdminLotteryDrawRow | null>(null);
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    mutationFn: (draw: AdminLotteryDrawRow) =>
      cancelLotteryDraw({ gameId: game.gameId, numero: draw.numero, reason: reason.trim() }),
    onSuccess: async (result) => {
      showToast(
        t('lottery_cancelled', {
          orders: result.refundedOrders,
          amount: result.refundedAmount,
          members: result.members,
        }),
      );
      setCancelling(null);
      setReason('');
      await queryClient.invalidateQueries({ queryKey: lotteryKeys.all });
    },
  });
  const columns: Column<AdminLotteryDrawRow>[] = [
    {
      key: 'numero',
      header: t('lottery_draw'),
      render: (draw) => (
        <span className="cell-stack">
          <strong>{draw.numero}</strong>
          <DateTime value={draw.drawsAt} />
        </span>
      ),
    },
    { key: 'status', header: t('lottery_status'), render: (draw) => <DrawStatus status={draw.status} /> },
    {
      key: 'result',
      header: t('lottery_result'),
      render: (draw) =>
        draw.winningNumber ? <span className="lottery-number">{draw.winningNumber.join(' ')}</span> : '—',
    },
    {
      key: 'waiting',
      header: t('lottery_waiting'),
      isNumeric: true,
      render: (draw) => (
        <span className="cell-stack">
          <span>{formatCount(draw.waitingOrders, language)}</span>
          <Money amount={draw.waitingStake} />
        </span>
      ),
    },
    {
      key: 'refunded',
      header: t('lottery_refunded'),
      isNumeric: true,
      render: (draw) => formatCount(draw.refundedOrders, language),
    },
    {
      key: 'action',
      header: '',
      render: (draw) =>
        draw.isCancellable ? (
          <button type="button" className="button is-danger" onClick={() => setCancelling(draw)}>
            {t('lottery_cancel_draw')}
          </button>
        ) : null,
    },
  ];
  return (
    <>
      <Panel title={t('lottery_tab_draws')}>
        <div className="filter-grid">
          <GamePicker
            games={games}
            gameId={game.gameId}
            onGame={(next) => {
              setPage(1);
              onGame(next);
            }}
          />
        </div>
        <p className="muted">{t('lottery_draws_hint')}</p>
        <ErrorNote error={draws.error} />
        <DataTable
          caption={t('lottery_tab_draws')}
          columns={columns}
          rows={draws.data?.items}
          rowKey={(draw) => draw.drawId}
          isLoading={draws.isLoading}
          emptyText={t('lottery_no_draws')}
        />
        {draws.data ? <Pager page={page} pageSize={20} total={draws.data.total} onPage={setPage} /> : null}
      </Panel>
      <ConfirmDialog
        title={t('lottery_cancel_title')}
        isOpen={cancelling !== null}
        onCancel={() => {
          cancel.reset();
          setCancelling(null);
        }}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
        confirmLabel={t('lottery_cancel_draw')}
        tone="danger"
        isPending={cancel.isPending}
        isConfirmDisabled={reason.trim().length < 3}
        error={cancel.error}
      >
        {cancelling ? (
          <>
            <p>
              {t('lottery_cancel_text', {
                game: nameOf(game),
                numero: cancelling.numero,
                orders: cancelling.waitingOrders,
                amount: cancelling.waitingStake,
              })}
            </p>
            <Field label={t('lottery_reason')} hint={t('lottery_reason_hint')} htmlFor="lottery-cancel-reason">
              <textarea
                id="lottery-cancel-reason"
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </Field>
          </>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
