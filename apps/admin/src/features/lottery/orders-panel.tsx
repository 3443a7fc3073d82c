import type { AdminLotteryGame, AdminLotteryOrderRow } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime, ErrorNote, FilterField, Money, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Pager } from '../../components/pager';
import { dayStartMs } from '../../lib/format';
import { useSearchState } from '../../lib/use-search-state';
import { lotteryOrderQuery, lotteryOrdersQuery } from './api';
import { OrderStatus, orderStatuses } from './draw-status';
import { useGameName } from './game-picker';

const filterNames = ['username', 'orderGame', 'numero', 'status', 'orderNo', 'from', 'to'] as const;
type Filters = Record<(typeof filterNames)[number], string>;
const emptyFilters: Filters = { username: '', orderGame: '', numero: '', status: '', orderNo: '', from: '', to: '' };
const pageSize = 20;

/** The brand's lottery orders: by member, game, draw, status, order number and day; a row opens its detail. */
export function OrdersPanel({ games }: { games: readonly AdminLotteryGame[] }) {
  const { t } = useTranslation();
  const nameOf = useGameName();
  const { values, page, setFilters, setPage } = useSearchState(filterNames);
  const [draft, setDraft] = useState<Filters>(values);
  const [openId, setOpenId] = useState<string | null>(null);
  const fromMs = values.from ? dayStartMs(values.from) : null;
  const toMs = values.to ? dayStartMs(values.to) : null;
  const list = useQuery(
    lotteryOrdersQuery({
      page,
      pageSize,
      username: values.username || undefined,
      gameId: values.orderGame || undefined,
      numero: values.numero || undefined,
      status: values.status || undefined,
      orderNo: values.orderNo || undefined,
      from: fromMs ?? undefined,
      to: toMs === null ? undefined : toMs + 86_400_000,
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ ...draft, numero: draft.numero.trim().toUpperCase(), orderNo: draft.orderNo.trim() });
  };
  const input = (name: keyof Filters, labelKey: string, type = 'text') => (
    <FilterField label={t(labelKey)}>
      {(id) => (
        <input
          id={id}
          type={type}
          value={draft[name]}
          onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
          autoComplete="off"
          maxLength={64}
        />
      )}
    </FilterField>
  );
  const columns: Column<AdminLotteryOrderRow>[] = [
    {
      key: 'order',
      header: t('lottery_order_no'),
      render: (row) => (
        <span className="cell-stack">
          <strong>{row.orderNo}</strong>
          <DateTime value={row.createdAt} />
        </span>
      ),
    },
    { key: 'member', header: t('lottery_member'), render: (row) => row.username },
    {
      key: 'game',
      header: t('lottery_game'),
      render: (row) => (
        <span className="cell-stack">
          <span>{nameOf({ nameTh: row.gameNameTh, nameEn: row.gameNameEn })}</span>
          <span className="muted">{row.numero}</span>
        </span>
      ),
    },
    {
      key: 'bet',
      header: t('lottery_bet'),
      render: (row) => (
        <span className="cell-stack">
          <span>{row.playCode}</span>
          <span className="muted lottery-content">{row.betContent}</span>
        </span>
      ),
    },
    { key: 'amount', header: t('lottery_stake'), isNumeric: true, render: (row) => <Money amount={row.betAmount} /> },
    {
      key: 'win',
      header: t('lottery_win'),
      isNumeric: true,
      render: (row) => (row.winAmount === null ? <span className="muted">—</span> : <Money amount={row.winAmount} />),
    },
    { key: 'status', header: t('lottery_status'), render: (row) => <OrderStatus status={row.status} /> },
  ];
  return (
    <Panel title={t('lottery_tab_orders')}>
      <form className="filter-grid" onSubmit={submit}>
        {input('username', 'lottery_member')}
        <FilterField label={t('lottery_game')}>
          {(id) => (
            <select
              id={id}
              value={draft.orderGame}
              onChange={(event) => setDraft((current) => ({ ...current, orderGame: event.target.value }))}
            >
              <option value="">{t('lottery_all')}</option>
              {games.map((game) => (
                <option key={game.gameId} value={game.gameId}>
                  {nameOf(game)}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        {input('numero', 'lottery_draw')}
        <FilterField label={t('lottery_status')}>
          {(id) => (
            <select
              id={id}
              value={draft.status}
              onChange={(event) => setDraft((current) => ({ ...current, status: event.target.value }))}
            >
              <option value="">{t('lottery_all')}</option>
              {orderStatuses.map((status) => (
                <option key={status} value={status}>
                  {t(`lottery_order_${status}`)}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        {input('orderNo', 'lottery_order_no')}
        {input('from', 'lottery_from', 'date')}
        {input('to', 'lottery_to', 'date')}
        <div className="filter-actions">
          <button type="submit" className="button is-primary">
            {t('filter_apply')}
          </button>
          <button
            type="button"
            className="button is-ghost"
            onClick={() => {
              setDraft(emptyFilters);
              setFilters(emptyFilters);
            }}
          >
            {t('filter_clear')}
          </button>
        </div>
      </form>
      <ErrorNote error={list.error} />
      <DataTable
        caption={t('lottery_tab_orders')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.orderId}
        isLoading={list.isLoading}
        emptyText={t('lottery_no_orders')}
        onRowClick={(row) => setOpenId(row.orderId)}
      />
      {list.data ? <Pager page={page} pageSize={pageSize} total={list.data.total} onPage={setPage} /> : null}
      {openId ? <OrderDialog orderId={openId} onClose={() => setOpenId(null)} /> : null}
    </Panel>
  );
}

function OrderDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const nameOf = useGameName();
  const order = useQuery(lotteryOrderQuery(orderId));
  const data = order.data;
  return (
    <Dialog
      title={data ? t('lottery_order_title', { orderNo: data.orderNo }) : t('lottery_order')}
      isOpen
      onClose={onClose}
    >
      <ErrorNote error={order.error} />
      {data ? (
        <dl className="detail-list">
          <div>
            <dt>{t('lottery_member')}</dt>
            <dd>{data.username}</dd>
          </div>
          <div>
            <dt>{t('lottery_game')}</dt>
            <dd>
              {nameOf({ nameTh: data.gameNameTh, nameEn: data.gameNameEn })} · {data.numero}
            </dd>
          </div>
          <div>
            <dt>{t('lottery_bet')}</dt>
            <dd>
              {data.playCode}: <span className="lottery-content">{data.betContent}</span>
            </dd>
          </div>
          <div>
            <dt>{t('lottery_pricing')}</dt>
            <dd>
              {t('lottery_pricing_text', {
                units: data.betNum,
                stake: data.stakePerUnit,
                multiple: data.multiple,
                series: data.series,
              })}
            </dd>
          </div>
          <div>
            <dt>{t('lottery_stake')}</dt>
            <dd>
              <Money amount={data.betAmount} />
            </dd>
          </div>
          <div>
            <dt>{t('lottery_win')}</dt>
            <dd>{data.winAmount === null ? '—' : <Money amount={data.winAmount} />}</dd>
          </div>
          {data.fee !== '0.00' ? (
            <div>
              <dt>{t('lottery_fee')}</dt>
              <dd>
                <Money amount={data.fee} />
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('lottery_status')}</dt>
            <dd>
              <OrderStatus status={data.status} />
            </dd>
          </div>
          {data.reducedNumbers.length > 0 ? (
            <div>
              <dt>{t('lottery_reduced')}</dt>
              <dd>{data.reducedNumbers.join(', ')}</dd>
            </div>
          ) : null}
          {data.chaseNo ? (
            <div>
              <dt>{t('lottery_chase')}</dt>
              <dd>
                {data.chaseStatus ? `${data.chaseNo} · ${t(`lottery_chase_status_${data.chaseStatus}`)}` : data.chaseNo}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('lottery_draws_at')}</dt>
            <dd>
              <DateTime value={data.drawsAt} />
            </dd>
          </div>
          <div>
            <dt>{t('lottery_result')}</dt>
            <dd>{data.winningNumber ? data.winningNumber.join(' ') : '—'}</dd>
          </div>
          <div>
            <dt>{t('lottery_settled_at')}</dt>
            <dd>
              <DateTime value={data.settledAt ?? data.cancelledAt} />
            </dd>
          </div>
        </dl>
      ) : null}
    </Dialog>
  );
}
