import {
  signedStockIndexFields,
  stockIndexFields,
  type AdminLotteryResultEntry,
  type OfficialLotteryFamily,
  type OfficialLotteryResult,
  type StockIndexValues,
} from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Field } from '../../components/bits';
import type { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { placeResultRefusal, ResultForm, ResultFormFooter, type ResultFormProps } from './result-form';
import { ResultNumbers } from './result-numbers';

/** A result as sent: its numbers, or a stock game's index values (the server derives the numbers). */
export type GivenResult = { result: OfficialLotteryResult } | { indexValues: StockIndexValues };

/**
 * The result form of a draw, for a first entry, a correction or the blind confirmation. A stock-index
 * game (contract stockIndexFields) offers two ways: the index values as published (the default: SET,
 * SET50 and SET's change; or the close and the change), or the digits. Index values go to the server
 * as typed; it derives 3 top and 2 bottom with @lotus/fair and the form shows them only once it has
 * answered (this app computes no result). Other games: the digits form (ResultForm).
 */
export function ResultEntryForm({
  gameCode,
  family,
  submit,
  children,
  ...form
}: ResultFormProps<GivenResult, AdminLotteryResultEntry> & { gameCode: string; family: OfficialLotteryFamily }) {
  const { t } = useTranslation();
  const fields = stockIndexFields[gameCode];
  const [mode, setMode] = useState<'index' | 'digits'>('index');
  const name = useId();
  // Only a stock-index game has the choice; the others are typed as digits alone.
  const modes = fields && (
    <fieldset className="results-mode">
      <legend>{t('lottery_stock_mode')}</legend>
      {(['index', 'digits'] as const).map((item) => (
        <label key={item} className="results-mode-option">
          <input type="radio" name={name} value={item} checked={mode === item} onChange={() => setMode(item)} />{' '}
          {t(`lottery_stock_mode_${item}`)}
        </label>
      ))}
    </fieldset>
  );
  return !fields || mode === 'digits' ? (
    <ResultForm family={family} submit={(result) => submit({ result })} {...form}>
      {children}
      {modes}
    </ResultForm>
  ) : (
    <IndexValuesForm fields={fields} submit={(indexValues) => submit({ indexValues })} {...form}>
      {children}
      {modes}
    </IndexValuesForm>
  );
}

function indexSchema(t: TFunction, fields: readonly string[]) {
  return z.object(
    Object.fromEntries(
      fields.map((field) => [
        field,
        z
          .string()
          .trim()
          .regex(
            signedStockIndexFields.includes(field as never) ? /^[+-]?[0-9]+\.[0-9]{2}$/ : /^[0-9]+\.[0-9]{2}$/,
            t(
              signedStockIndexFields.includes(field as never)
                ? 'lottery_stock_signed_rule'
                : 'lottery_stock_value_rule',
            ),
          ),
      ]),
    ),
  );
}

/**
 * The index values of one draw. Only their form is checked here (two decimals, a sign on a change
 * only), as the contract checks it; the digits come from the server's answer. A refusal naming a value
 * (`indexValues.close`) goes under its input; a mismatch with the first entry marks the values that
 * make the differing digits (`value.indexFields`).
 */
function IndexValuesForm({
  fields,
  idPrefix,
  submitLabel,
  submit,
  onDone,
  onCancel,
  children,
}: ResultFormProps<StockIndexValues, AdminLotteryResultEntry> & { fields: readonly string[] }) {
  const { t } = useTranslation();
  const schema = useMemo(() => indexSchema(t, fields), [t, fields]);
  const [isPlaced, setPlaced] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: Object.fromEntries(fields.map((field) => [field, ''])) });
  const refusalFields = Object.fromEntries(fields.map((field) => [`indexValues.${field}`, field]));
  const save = useMutation({
    mutationFn: (values: Record<string, string>) => submit(values as StockIndexValues),
    onMutate: () => setPlaced(false),
    onError: (error) => {
      // A mismatch names the values that make the differing digits (there is no one input to blame).
      const differingOf = (mismatch: ApiError) => {
        const differing = (mismatch.value as { indexFields?: unknown } | null)?.indexFields;
        return Array.isArray(differing) ? differing : [];
      };
      setPlaced(
        placeResultRefusal(error, { setError, refusalFields, differingOf, differsText: t('lottery_results_differs') }),
      );
    },
  });
  const answer = save.data;
  if (answer?.result)
    return (
      <div className="results-derived" role="status">
        <p>{t('lottery_stock_derived')}</p>
        <p className="results-derived-numbers">
          <ResultNumbers result={answer.result} />
        </p>
        <div className="form-actions">
          <button type="button" className="button is-primary" onClick={onDone}>
            {t('lottery_stock_done')}
          </button>
        </div>
      </div>
    );
  return (
    <form className="form results-form" noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
      {children}
      <fieldset className="results-tier">
        <legend>{t('lottery_stock_values')}</legend>
        <div className="results-tier-inputs">
          {fields.map((field) => (
            <Field
              key={field}
              label={t(`lottery_stock_field_${field}`)}
              htmlFor={`${idPrefix}-${field}`}
              error={errors[field]?.message}
            >
              <input
                id={`${idPrefix}-${field}`}
                className="results-digits"
                inputMode="decimal"
                autoComplete="off"
                maxLength={12}
                size={11}
                placeholder={signedStockIndexFields.includes(field as never) ? '-12.34' : '1234.56'}
                {...register(field)}
              />
            </Field>
          ))}
        </div>
      </fieldset>
      <p className="muted">{t('lottery_stock_hint')}</p>
      <ResultFormFooter
        error={isPlaced ? null : save.error}
        isPending={save.isPending}
        submitLabel={submitLabel}
        onCancel={onCancel}
      />
    </form>
  );
}
