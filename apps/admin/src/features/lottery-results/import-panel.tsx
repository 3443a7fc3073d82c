import {
  adminLotteryResultErrorCodes,
  maxResultImportChars,
  type AdminLotteryResultDraws,
  type AdminLotteryResultImport,
} from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, ErrorNote, Field, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { importResults, refreshResults } from './api';
import { importColumns } from './result-inputs';

type Line = AdminLotteryResultImport['lines'][number];
const outcomeTones = { entered: 'info', confirmed: 'good', refused: 'bad' } as const;

/** The problems of a refused file (400 `lottery.result.import.invalid`, `value.lines`), one per line. */
function lineProblems(error: unknown): { line: number; problem: string }[] {
  if (!(error instanceof ApiError) || error.errorCode !== adminLotteryResultErrorCodes.importInvalid) return [];
  const lines = (error.value as { lines?: unknown } | null)?.lines;
  return Array.isArray(lines)
    ? lines.filter(
        (item): item is { line: number; problem: string } =>
          typeof item === 'object' &&
          item !== null &&
          typeof item.line === 'number' &&
          typeof item.problem === 'string',
      )
    : [];
}

/**
 * Results from a CSV file (picked or pasted): each line becomes a pending entry, or confirms another
 * operator's pending entry of the same draw when the values agree (the second operator imports the
 * same results from their own source). A file with an unreadable line is refused whole, each
 * problem listed by line; a line the server cannot take (a mismatch, a draw not due) is reported.
 */
export function ImportPanel({ games }: { games: AdminLotteryResultDraws['games'] }) {
  const { t } = useTranslation();
  const fileId = useId();
  const [csv, setCsv] = useState('');
  const send = useMutation({
    mutationFn: () => importResults(csv),
    onSuccess: async (result) => {
      const count = (outcome: Line['outcome']) => result.lines.filter((line) => line.outcome === outcome).length;
      showToast(
        t('lottery_results_imported', {
          entered: count('entered'),
          confirmed: count('confirmed'),
          refused: count('refused'),
        }),
      );
      await refreshResults();
    },
  });
  const problems = lineProblems(send.error);
  const columns: Column<Line>[] = [
    { key: 'line', header: t('lottery_results_line'), isNumeric: true, render: (line) => line.line },
    { key: 'game', header: t('lottery_results_game'), render: (line) => line.gameCode },
    { key: 'numero', header: t('lottery_results_draw'), render: (line) => line.numero },
    {
      key: 'outcome',
      header: t('lottery_results_outcome'),
      render: (line) => (
        <span className="cell-stack">
          <Badge tone={outcomeTones[line.outcome]}>{t(`lottery_results_outcome_${line.outcome}`)}</Badge>
          {line.errorCode ? (
            <span className="muted">
              {t(`lottery_results_code_${line.errorCode.replace(/\./g, '_')}`, line.errorCode)}
            </span>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <Panel title={t('lottery_results_tab_import')} className="results-panel">
      <p className="muted">{t('lottery_results_import_hint')}</p>
      <dl className="results-columns">
        {[...new Map(games.map((game) => [game.family, game])).values()].map((game) => (
          <div key={game.family}>
            <dt>
              {games
                .filter((item) => item.family === game.family)
                .map((item) => item.gameCode)
                .join(', ')}
            </dt>
            <dd>
              <code>gameCode,numero,{importColumns(game.family).join(',')}</code>
            </dd>
          </div>
        ))}
      </dl>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (csv.trim() !== '') send.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={fileId}>{t('lottery_results_file')}</label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void file.text().then((text) => setCsv(text));
            }}
          />
        </div>
        <Field label={t('lottery_results_csv')} hint={t('lottery_results_csv_hint')} htmlFor="results-csv">
          <textarea
            id="results-csv"
            className="results-csv"
            rows={8}
            spellCheck={false}
            maxLength={maxResultImportChars}
            placeholder="HANOI,20261127,123,45"
            value={csv}
            onChange={(event) => setCsv(event.target.value)}
          />
        </Field>
        <ErrorNote error={send.error} />
        {problems.length > 0 ? (
          <ul className="results-problems" aria-label={t('lottery_results_problems')}>
            {problems.map((item, index) => (
              <li key={`${item.line}-${index}`}>
                <strong>{t('lottery_results_line_n', { line: item.line })}</strong> {item.problem}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button is-primary" disabled={send.isPending || csv.trim() === ''}>
            {send.isPending ? t('working') : t('lottery_results_import')}
          </button>
        </div>
      </form>
      {send.data ? (
        <DataTable
          caption={t('lottery_results_import_outcome')}
          columns={columns}
          rows={send.data.lines}
          rowKey={(line) => String(line.line)}
          emptyText={t('lottery_results_import_empty')}
        />
      ) : null}
    </Panel>
  );
}
