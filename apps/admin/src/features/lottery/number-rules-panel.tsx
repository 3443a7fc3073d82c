import {
  setRefusalFieldError,
  type AdminLotteryGame,
  type AdminLotteryNumberRule,
  type AdminLotteryNumberRuleRequest,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge, DateTime, ErrorNote, Field, Money, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { showToast } from '../../components/toast';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { createNumberRule, deleteNumberRule, lotteryKeys, numberRulesQuery } from './api';
import { GamePicker } from './game-picker';

function formSchema(t: TFunction, numberPlays: readonly string[]) {
  return z
    .object({
      playCode: z.string().refine((code) => numberPlays.includes(code), t('lottery_play_rule')),
      number: z.string().regex(/^[0-9]{1,6}$/, t('lottery_number_rule')),
      kind: z.enum(['closed', 'limit']),
      maxPayout: z.string(),
      numero: z.union([z.literal(''), z.string().regex(/^[0-9]{8}(-[0-9A-Z]{2,5})?$/, t('lottery_numero_rule'))]),
    })
    .superRefine((values, context) => {
      if (values.kind === 'limit' && !/^\d{1,13}(\.\d{1,2})?$/.test(values.maxPayout))
        context.addIssue({ code: 'custom', path: ['maxPayout'], message: t('lottery_amount_rule') });
    });
}
type FormValues = z.output<ReturnType<typeof formSchema>>;

function toRequest(values: FormValues): AdminLotteryNumberRuleRequest {
  return {
    playCode: values.playCode,
    number: values.number,
    closed: values.kind === 'closed',
    maxPayout: values.kind === 'closed' ? null : values.maxPayout,
    numero: values.numero === '' ? null : values.numero,
  };
}

/**
 * Blocked numbers of a game: a number of a number play closed to bets, or given its own payout limit,
 * for every draw or one draw. Bets placed after the change meet it; bets already taken stay.
 */
export function NumberRulesPanel({
  games,
  game,
  onGame,
}: {
  games: readonly AdminLotteryGame[];
  game: AdminLotteryGame;
  onGame: (gameId: number) => void;
}) {
  const { t } = useTranslation();
  const rules = useQuery(numberRulesQuery(game.gameId));
  const [removing, setRemoving] = useState<AdminLotteryNumberRule | null>(null);
  const numberPlays = game.plays.filter((play) => play.isNumberPlay).map((play) => play.playCode);
  const remove = useMutation({
    mutationFn: (rule: AdminLotteryNumberRule) => deleteNumberRule(rule.ruleId),
    onSuccess: async () => {
      showToast(t('lottery_rule_removed'));
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: lotteryKeys.of('rules', game.gameId) });
    },
  });
  const columns: Column<AdminLotteryNumberRule>[] = [
    { key: 'play', header: t('lottery_play'), render: (rule) => rule.playCode },
    {
      key: 'number',
      header: t('lottery_number'),
      render: (rule) => <strong className="lottery-number">{rule.number}</strong>,
    },
    {
      key: 'rule',
      header: t('lottery_rule'),
      render: (rule) =>
        rule.closed ? (
          <Badge tone="bad">{t('lottery_closed')}</Badge>
        ) : (
          <span>
            {t('lottery_limit')} <Money amount={rule.maxPayout ?? '0.00'} />
          </span>
        ),
    },
    { key: 'draw', header: t('lottery_draw'), render: (rule) => rule.numero ?? t('lottery_every_draw') },
    { key: 'created', header: t('lottery_created'), render: (rule) => <DateTime value={rule.createdAt} /> },
    {
      key: 'remove',
      header: '',
      render: (rule) => (
        <button type="button" className="button is-ghost" onClick={() => setRemoving(rule)}>
          {t('lottery_remove')}
        </button>
      ),
    },
  ];
  return (
    <>
      <Panel title={t('lottery_tab_numbers')}>
        <div className="filter-grid">
          <GamePicker games={games} gameId={game.gameId} onGame={onGame} />
        </div>
        <p className="muted">{t('lottery_numbers_hint')}</p>
        {numberPlays.length > 0 ? (
          <RuleForm key={game.gameId} gameId={game.gameId} numberPlays={numberPlays} />
        ) : (
          <p className="muted">{t('lottery_no_number_plays')}</p>
        )}
        <ErrorNote error={rules.error} />
        <DataTable
          caption={t('lottery_tab_numbers')}
          columns={columns}
          rows={rules.data?.items}
          rowKey={(rule) => rule.ruleId}
          isLoading={rules.isLoading}
          emptyText={t('lottery_no_rules')}
        />
      </Panel>
      <ConfirmDialog
        title={t('lottery_remove_title')}
        isOpen={removing !== null}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={() => removing && remove.mutate(removing)}
        confirmLabel={t('lottery_remove')}
        tone="danger"
        isPending={remove.isPending}
        error={remove.error}
      >
        {removing ? (
          <p>
            {t('lottery_remove_text', {
              play: removing.playCode,
              number: removing.number,
              draw: removing.numero ?? t('lottery_every_draw'),
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function RuleForm({ gameId, numberPlays }: { gameId: number; numberPlays: readonly string[] }) {
  const { t } = useTranslation();
  const schema = useMemo(() => formSchema(t, numberPlays), [t, numberPlays]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useZodForm(schema, {
    defaultValues: { playCode: numberPlays[0] ?? '', number: '', kind: 'closed', maxPayout: '', numero: '' },
  });
  const add = useMutation({
    mutationFn: (values: FormValues) => createNumberRule(gameId, toRequest(values)),
    onSuccess: async (rule) => {
      showToast(t('lottery_rule_added', { number: rule.number }));
      reset({ ...watch(), number: '' });
      await queryClient.invalidateQueries({ queryKey: lotteryKeys.of('rules', gameId) });
    },
    onError: (error) => setRefusalFieldError(error, setError, ['playCode', 'number', 'maxPayout', 'numero'] as const),
  });
  const isLimit = watch('kind') === 'limit';
  return (
    <form className="lottery-rule-form" noValidate onSubmit={handleSubmit((values) => add.mutate(values))}>
      <Field label={t('lottery_play')} htmlFor="rule-play" error={errors.playCode?.message}>
        <select id="rule-play" {...register('playCode')}>
          {numberPlays.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('lottery_number')} htmlFor="rule-number" error={errors.number?.message}>
        <input id="rule-number" inputMode="numeric" autoComplete="off" maxLength={6} {...register('number')} />
      </Field>
      <Field label={t('lottery_rule')} htmlFor="rule-kind">
        <select id="rule-kind" {...register('kind')}>
          <option value="closed">{t('lottery_closed')}</option>
          <option value="limit">{t('lottery_own_limit')}</option>
        </select>
      </Field>
      {isLimit ? (
        <Field label={t('lottery_limit')} htmlFor="rule-limit" error={errors.maxPayout?.message}>
          <input id="rule-limit" inputMode="decimal" autoComplete="off" {...register('maxPayout')} />
        </Field>
      ) : null}
      <Field
        label={t('lottery_draw')}
        hint={t('lottery_draw_hint')}
        htmlFor="rule-numero"
        error={errors.numero?.message}
      >
        <input id="rule-numero" autoComplete="off" placeholder="20261127-0841" {...register('numero')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="button is-primary" disabled={add.isPending}>
          {t('lottery_add_rule')}
        </button>
      </div>
      <ErrorNote error={add.error && !errors.number && !errors.numero && !errors.playCode ? add.error : null} />
    </form>
  );
}
