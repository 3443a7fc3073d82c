import {
  adminLotteryErrorCodes,
  adminLotteryOverLimitModes,
  setRefusalFieldError,
  type AdminLotteryGame,
  type AdminLotterySetting,
  type AdminLotterySettingRequest,
} from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge, ErrorNote, Field, Money, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { queryClient } from '../../lib/query-client';
import { lotteryKeys, saveLotterySetting } from './api';
import { useGameName } from './game-picker';

const amountPattern = /^\d{1,13}(\.\d{1,2})?$/;

/** The form's values (text as typed); the order of the limits is checked here and again by the server. */
function formSchema(t: TFunction) {
  const amount = z
    .string()
    .regex(amountPattern, t('lottery_amount_rule'))
    .refine((text) => Number(text) > 0, t('lottery_amount_rule'));
  const optionalAmount = z.union([z.literal(''), amount]);
  const whole = (min: number, max: number) =>
    z.coerce
      .number<string>({ error: t('lottery_whole_rule', { min, max }) })
      .int(t('lottery_whole_rule', { min, max }))
      .min(min, t('lottery_whole_rule', { min, max }))
      .max(max, t('lottery_whole_rule', { min, max }));
  return z
    .object({
      enabled: z.boolean(),
      minStakePerUnit: amount,
      maxOrderAmount: amount,
      maxMemberDrawAmount: amount,
      maxMultiple: whole(1, 100_000),
      minSeries: whole(1, 2000),
      maxSeries: whole(1, 2000),
      maxNumberPayout: optionalAmount,
      overLimitMode: z.enum(adminLotteryOverLimitModes),
      maxProfit: optionalAmount,
      allowCancel: z.boolean(),
      cancelFeeBps: whole(0, 10_000),
    })
    .superRefine((values, context) => {
      if (Number(values.minStakePerUnit) > Number(values.maxOrderAmount))
        context.addIssue({ code: 'custom', path: ['maxOrderAmount'], message: t('lottery_order_below_stake') });
      if (Number(values.maxOrderAmount) > Number(values.maxMemberDrawAmount))
        context.addIssue({ code: 'custom', path: ['maxMemberDrawAmount'], message: t('lottery_draw_below_order') });
      if (values.minSeries > values.maxSeries)
        context.addIssue({ code: 'custom', path: ['maxSeries'], message: t('lottery_series_below_min') });
    });
}
type FormInput = z.input<ReturnType<typeof formSchema>>;
type FormValues = z.output<ReturnType<typeof formSchema>>;

function toForm(setting: AdminLotterySetting): FormInput {
  return {
    enabled: setting.enabled,
    minStakePerUnit: setting.minStakePerUnit,
    maxOrderAmount: setting.maxOrderAmount,
    maxMemberDrawAmount: setting.maxMemberDrawAmount,
    maxMultiple: String(setting.maxMultiple),
    minSeries: String(setting.minSeries),
    maxSeries: String(setting.maxSeries),
    maxNumberPayout: setting.maxNumberPayout ?? '',
    overLimitMode: setting.overLimitMode,
    maxProfit: setting.maxProfit ?? '',
    allowCancel: setting.allowCancel,
    cancelFeeBps: String(setting.cancelFeeBps),
  };
}

function toRequest(values: FormValues, version: number): AdminLotterySettingRequest {
  return {
    ...values,
    maxNumberPayout: values.maxNumberPayout === '' ? null : values.maxNumberPayout,
    maxProfit: values.maxProfit === '' ? null : values.maxProfit,
    version,
  };
}

/** Percent of a fee in basis points, as shown (250 → "2.5 %"). */
export const feePercent = (bps: number) => `${bps / 100} %`;

/** The games with the brand's setting of each; Edit opens the setting's form. */
export function GamesPanel({ games, isLoading }: { games: AdminLotteryGame[] | undefined; isLoading: boolean }) {
  const { t } = useTranslation();
  const nameOf = useGameName();
  const [editing, setEditing] = useState<AdminLotteryGame | null>(null);
  const columns: Column<AdminLotteryGame>[] = [
    {
      key: 'game',
      header: t('lottery_game'),
      render: (game) => (
        <span className="cell-stack">
          <strong>{nameOf(game)}</strong>
          <span className="muted">
            {game.gameCode} · {t(`lottery_kind_${game.kind}`)}
          </span>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('lottery_status'),
      render: (game) =>
        !game.isGameEnabled ? (
          <Badge>{t('lottery_game_off')}</Badge>
        ) : game.setting.enabled ? (
          <Badge tone="good">{t('lottery_sold')}</Badge>
        ) : (
          <Badge tone="warn">{t('lottery_not_sold')}</Badge>
        ),
    },
    {
      key: 'stakes',
      header: t('lottery_stakes'),
      render: (game) => (
        <span className="cell-stack">
          <span>
            <Money amount={game.setting.minStakePerUnit} /> – <Money amount={game.setting.maxOrderAmount} />
          </span>
          <span className="muted">
            {t('lottery_per_member_draw')} <Money amount={game.setting.maxMemberDrawAmount} />
          </span>
        </span>
      ),
    },
    {
      key: 'numberLimit',
      header: t('lottery_number_limit'),
      render: (game) => (
        <span className="cell-stack">
          {game.setting.maxNumberPayout ? <Money amount={game.setting.maxNumberPayout} /> : t('lottery_no_limit')}
          <span className="muted">{t(`lottery_mode_${game.setting.overLimitMode}`)}</span>
        </span>
      ),
    },
    {
      key: 'profit',
      header: t('lottery_max_profit'),
      render: (game) => (game.setting.maxProfit ? <Money amount={game.setting.maxProfit} /> : t('lottery_no_limit')),
    },
    {
      key: 'cancel',
      header: t('lottery_cancel_rule'),
      render: (game) =>
        game.setting.allowCancel ? feePercent(game.setting.cancelFeeBps) : <Badge>{t('lottery_cancel_off')}</Badge>,
    },
    {
      key: 'edit',
      header: '',
      render: (game) => (
        <button type="button" className="button is-ghost" onClick={() => setEditing(game)}>
          {t('lottery_edit')}
        </button>
      ),
    },
  ];
  return (
    <Panel title={t('lottery_tab_games')}>
      <p className="muted">{t('lottery_games_hint')}</p>
      <DataTable
        caption={t('lottery_tab_games')}
        columns={columns}
        rows={games}
        rowKey={(game) => String(game.gameId)}
        isLoading={isLoading}
      />
      {editing ? (
        <Dialog
          title={t('lottery_edit_title', { game: nameOf(editing) })}
          isOpen
          isWide
          onClose={() => setEditing(null)}
        >
          <SettingForm game={editing} onDone={() => setEditing(null)} />
        </Dialog>
      ) : null}
    </Panel>
  );
}

function SettingForm({ game, onDone }: { game: AdminLotteryGame; onDone: () => void }) {
  const { t } = useTranslation();
  const schema = useMemo(() => formSchema(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: toForm(game.setting) });
  const save = useMutation({
    mutationFn: (values: FormValues) => saveLotterySetting(game.gameId, toRequest(values, game.setting.version)),
    onSuccess: async () => {
      showToast(t('lottery_setting_saved'));
      await queryClient.invalidateQueries({ queryKey: lotteryKeys.all });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errorCode === adminLotteryErrorCodes.settingStale)
        void queryClient.invalidateQueries({ queryKey: lotteryKeys.all });
      setRefusalFieldError(error, setError, [
        'minStakePerUnit',
        'maxOrderAmount',
        'maxMemberDrawAmount',
        'maxMultiple',
        'minSeries',
        'maxSeries',
        'maxNumberPayout',
        'maxProfit',
        'cancelFeeBps',
      ] as const);
    },
  });
  const text = (name: keyof FormInput, labelKey: string, hintKey?: string) => (
    <Field
      label={t(labelKey)}
      hint={hintKey ? t(hintKey) : undefined}
      htmlFor={`lottery-${name}`}
      error={errors[name]?.message}
    >
      <input id={`lottery-${name}`} inputMode="decimal" autoComplete="off" {...register(name)} />
    </Field>
  );
  return (
    <form className="form lottery-setting-form" noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
      <label className="switch">
        <input type="checkbox" {...register('enabled')} />
        <span>{t('lottery_enabled')}</span>
      </label>
      <div className="lottery-form-grid">
        {text('minStakePerUnit', 'lottery_min_stake')}
        {text('maxOrderAmount', 'lottery_max_order')}
        {text('maxMemberDrawAmount', 'lottery_max_member_draw')}
        {text('maxMultiple', 'lottery_max_multiple')}
        {text('minSeries', 'lottery_min_series')}
        {text('maxSeries', 'lottery_max_series')}
        {text('maxNumberPayout', 'lottery_number_limit', 'lottery_empty_no_limit')}
        <Field label={t('lottery_over_limit')} htmlFor="lottery-overLimitMode">
          <select id="lottery-overLimitMode" {...register('overLimitMode')}>
            {adminLotteryOverLimitModes.map((mode) => (
              <option key={mode} value={mode}>
                {t(`lottery_mode_${mode}`)}
              </option>
            ))}
          </select>
        </Field>
        {text('maxProfit', 'lottery_max_profit', 'lottery_empty_no_limit')}
        {text('cancelFeeBps', 'lottery_cancel_fee_bps', 'lottery_cancel_fee_hint')}
      </div>
      <label className="switch">
        <input type="checkbox" {...register('allowCancel')} />
        <span>{t('lottery_allow_cancel')}</span>
      </label>
      <ErrorNote error={save.error} />
      <div className="form-actions">
        <button type="button" className="button is-ghost" onClick={onDone}>
          {t('cancel')}
        </button>
        <button type="submit" className="button is-primary" disabled={save.isPending}>
          {t('lottery_save')}
        </button>
      </div>
    </form>
  );
}
