import { useLanguage } from '@lotus/client';
import type { AdminLotteryResultDraws, OfficialLotteryFamily } from '@lotus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, FilterField, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { DrawStatus } from '../lottery/draw-status';
import { enterResult, refreshResults, resultDrawsQuery } from './api';
import { ResultEntryForm } from './result-entry-form';
import { ResultNumbers } from './result-numbers';

type Draw = AdminLotteryResultDraws['draws'][number];

/** What an operator may do with a draw: enter its result once due, correct it once it has one. */
function actionOf(draw: Draw, nowMs: number): 'enter' | 'correct' | null {
  if (draw.hasPendingEntry || draw.status === 'cancelled') return null;
  if (draw.status === 'drawn' || draw.status === 'settled') return 'correct';
  return draw.drawTime <= nowMs ? 'enter' : null;
}

/**
 * An official game's draws around now: the coming ones, and the due ones waiting for a result (open
 * or locked past their time), drawn, settled or cancelled. A due draw takes a first entry; a draw
 * with a result takes a correction (its wins are settled again). A draw whose entry waits for the
 * second operator says so and is confirmed from the Pending tab.
 */
export function DrawsPanel({ gameCode, onGame }: { gameCode: string; onGame: (gameCode: string) => void }) {
  const { t } = useTranslation();
  const draws = useQuery(resultDrawsQuery(gameCode, useLanguage()));
  const [entering, setEntering] = useState<{ draw: Draw; purpose: 'enter' | 'correct' } | null>(null);
  const games = draws.data?.games ?? [];
  const game = games.find((item) => item.gameCode === gameCode);
  // Due as of the list's reading (read again every 30 s), so a render never asks the clock.
  const nowMs = draws.dataUpdatedAt;
  const columns: Column<Draw>[] = [
    {
      key: 'numero',
      header: t('lottery_results_draw'),
      render: (draw) => (
        <span className="cell-stack">
          <strong>{draw.numero}</strong>
          <DateTime value={draw.drawTime} />
        </span>
      ),
    },
    {
      key: 'status',
      header: t('lottery_results_status'),
      render: (draw) => (
        <span className="cell-stack">
          <DrawStatus status={draw.status} />
          {draw.hasPendingEntry ? <Badge tone="warn">{t('lottery_results_awaiting_second')}</Badge> : null}
          {!draw.hasPendingEntry && actionOf(draw, nowMs) === 'enter' ? (
            <Badge tone="bad">{t('lottery_results_needs_result')}</Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: 'result',
      header: t('lottery_results_result'),
      className: 'results-cell',
      render: (draw) => (draw.result ? <ResultNumbers result={draw.result} /> : '—'),
    },
    {
      key: 'action',
      header: '',
      render: (draw) => {
        const action = actionOf(draw, nowMs);
        if (!action) return null;
        return (
          <button
            type="button"
            className={action === 'enter' ? 'button is-primary' : 'button is-ghost'}
            onClick={() => setEntering({ draw, purpose: action })}
          >
            {t(action === 'enter' ? 'lottery_results_enter' : 'lottery_results_correct')}
          </button>
        );
      },
    },
  ];
  return (
    <Panel title={t('lottery_results_tab_draws')} className="results-panel">
      <div className="filter-grid">
        <FilterField label={t('lottery_results_game')}>
          {(id) => (
            <select id={id} value={gameCode} onChange={(event) => onGame(event.target.value)}>
              {(games.length > 0 ? games : [{ gameCode, gameName: gameCode }]).map((item) => (
                <option key={item.gameCode} value={item.gameCode}>
                  {item.gameName} ({item.gameCode})
                </option>
              ))}
            </select>
          )}
        </FilterField>
      </div>
      <p className="muted">{t('lottery_results_draws_hint')}</p>
      <ErrorNote error={draws.error} />
      <DataTable
        caption={t('lottery_results_tab_draws')}
        columns={columns}
        rows={draws.data?.draws}
        rowKey={(draw) => draw.numero}
        isLoading={draws.isLoading}
        emptyText={t('lottery_results_no_draws')}
      />
      {entering && game ? (
        <EntryDialog
          gameCode={gameCode}
          gameName={game.gameName}
          family={game.family}
          draw={entering.draw}
          isCorrection={entering.purpose === 'correct'}
          onClose={() => setEntering(null)}
        />
      ) : null}
    </Panel>
  );
}

function EntryDialog({
  gameCode,
  gameName,
  family,
  draw,
  isCorrection,
  onClose,
}: {
  gameCode: string;
  gameName: string;
  family: OfficialLotteryFamily;
  draw: Draw;
  isCorrection: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = t(isCorrection ? 'lottery_results_correct_title' : 'lottery_results_enter_title', {
    game: gameName,
    numero: draw.numero,
  });
  return (
    <Dialog title={title} isOpen isWide onClose={onClose}>
      <ResultEntryForm
        gameCode={gameCode}
        family={family}
        idPrefix="result-entry"
        submitLabel={t(isCorrection ? 'lottery_results_submit_correction' : 'lottery_results_submit')}
        submit={(given) => enterResult({ gameCode, numero: draw.numero, ...given })}
        onDone={() => {
          showToast(t('lottery_results_entered', { numero: draw.numero }));
          void refreshResults();
          onClose();
        }}
        onCancel={onClose}
      >
        {isCorrection && draw.result ? (
          <div className="results-warning" role="note">
            <strong>{t('lottery_results_correction_label')}</strong>
            <p>
              {t(draw.status === 'settled' ? 'lottery_results_correction_settled' : 'lottery_results_correction_drawn')}
            </p>
            <p>
              {t('lottery_results_current')} <ResultNumbers result={draw.result} />
            </p>
          </div>
        ) : null}
        <p className="muted">{t('lottery_results_four_eyes_hint')}</p>
      </ResultEntryForm>
    </Dialog>
  );
}
