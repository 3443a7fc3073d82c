import {
  adminLotteryResultErrorCodes,
  setRefusalFieldError,
  type OfficialLotteryFamily,
  type OfficialLotteryResult,
} from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorNote, Field } from '../../components/bits';
import { ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms';
import { refusalFields, resultGroups, resultInputs, toResult, type ResultInput } from './result-inputs';

/** Each input exactly its count of digits, as the contract's officialLotteryResultSchema requires. */
function formSchema(t: TFunction, family: OfficialLotteryFamily) {
  return z.object(
    Object.fromEntries(
      resultInputs(family).map((input) => [
        input.key,
        z
          .string()
          .trim()
          .regex(new RegExp(`^[0-9]{${input.digits}}$`), t('lottery_results_digits_rule', { count: input.digits })),
      ]),
    ),
  );
}

/** The label of an input: its part, and its place when the part has several numbers. */
export function inputLabel(t: TFunction, part: string, input: Pick<ResultInput, 'index' | 'count'>): string {
  const name = t(`lottery_results_part_${part}`);
  return input.count === 1 ? name : t('lottery_results_part_nth', { part: name, n: input.index + 1 });
}

/**
 * The result of one draw typed in, one input per number, laid out as the official sheet (the Thai
 * government's first prize, front and back threes and last two; the northern Vietnamese tiers). Used
 * for a first entry, a correction and the blind confirmation (always empty: the confirmer types the
 * result again from the official source). Lengths are checked here as the server checks them; a
 * refusal naming a part (`result.front3.1`) goes under that input, and a mismatch marks every
 * differing input.
 */
export function ResultForm({
  family,
  idPrefix,
  submitLabel,
  submit,
  onDone,
  onCancel,
  children,
}: ResultFormProps<OfficialLotteryResult> & { family: OfficialLotteryFamily }) {
  const { t } = useTranslation();
  const schema = useMemo(() => formSchema(t, family), [t, family]);
  const groups = resultGroups(family);
  const [isPlaced, setPlaced] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(schema, {
    defaultValues: Object.fromEntries(resultInputs(family).map((input) => [input.key, ''])),
  });
  const save = useMutation({
    mutationFn: (values: Record<string, string>) => submit(toResult(family, values)),
    onMutate: () => setPlaced(false),
    onSuccess: onDone,
    onError: (error) => {
      const fields = refusalFields(family);
      // A mismatch names every differing input; a refusal of the first entry's value names one.
      const differingOf = (mismatch: ApiError) => {
        const differing = (mismatch.value as { fields?: unknown } | null)?.fields;
        return Array.isArray(differing) ? differing : [mismatch.field];
      };
      setPlaced(
        placeResultRefusal(error, {
          setError,
          refusalFields: fields,
          differingOf,
          differsText: t('lottery_results_differs'),
        }),
      );
    },
  });
  return (
    <form className="form results-form" noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
      {children}
      <div className={family === 'VN_NORTH' || family === 'VN_SOUTH' ? 'results-tiers is-vn' : 'results-tiers'}>
        {groups.map(({ part, inputs }) => (
          <fieldset key={part} className="results-tier">
            {/* A part of one number is named by its input's label alone. */}
            <legend className={inputs.length === 1 ? 'visually-hidden' : undefined}>
              {t(`lottery_results_part_${part}`)}
            </legend>
            <div className="results-tier-inputs">
              {inputs.map((input) => (
                <Field
                  key={input.key}
                  label={
                    input.count === 1 ? inputLabel(t, part, input) : t('lottery_results_nth', { n: input.index + 1 })
                  }
                  htmlFor={`${idPrefix}-${input.key}`}
                  error={errors[input.key]?.message}
                >
                  <input
                    id={`${idPrefix}-${input.key}`}
                    className="results-digits"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={input.digits}
                    size={input.digits + 1}
                    placeholder={'0'.repeat(input.digits)}
                    aria-label={inputLabel(t, part, input)}
                    {...register(input.key)}
                  />
                </Field>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <ResultFormFooter
        error={isPlaced ? null : save.error}
        isPending={save.isPending}
        submitLabel={submitLabel}
        onCancel={onCancel}
      />
    </form>
  );
}

/** What a result form takes from the panel that opens it; `Given` is what it sends. */
export interface ResultFormProps<Given, Answer = unknown> {
  idPrefix: string;
  submitLabel: string;
  submit: (given: Given) => Promise<Answer>;
  onDone: () => void;
  onCancel: () => void;
  /** Above the inputs: what the operator is entering (the draw, the first entry to confirm). */
  children?: React.ReactNode;
}

/**
 * Where a refused result goes, the same for the digits and the index values: a mismatch with the
 * first entry marks each differing input (`differingOf` reads them from the refusal) and leaves the
 * refusal itself above the buttons, since it says what to do (check the source, or reject the first
 * entry); any other refusal naming an input goes under it. True when it went under an input, so the
 * note above the buttons does not say it again.
 */
export function placeResultRefusal<Name extends string>(
  error: Error,
  {
    setError,
    refusalFields,
    differingOf,
    differsText,
  }: {
    setError: (name: Name, error: { type: string; message: string }) => void;
    refusalFields: Readonly<Partial<Record<string, Name>>>;
    differingOf: (mismatch: ApiError) => unknown[];
    differsText: string;
  },
): boolean {
  if (!(error instanceof ApiError && error.errorCode === adminLotteryResultErrorCodes.mismatch))
    return setRefusalFieldError(error, setError, refusalFields);
  for (const field of differingOf(error)) {
    const name = typeof field === 'string' ? refusalFields[field] : undefined;
    if (name !== undefined) setError(name, { type: 'server', message: differsText });
  }
  return false;
}

/** A result form's refusal note and its Cancel and submit buttons. */
export function ResultFormFooter({
  error,
  isPending,
  submitLabel,
  onCancel,
}: {
  error: unknown;
  isPending: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ErrorNote error={error} />
      <div className="form-actions">
        <button type="button" className="button is-ghost" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="submit" className="button is-primary" disabled={isPending} aria-busy={isPending}>
          {isPending ? t('working') : submitLabel}
        </button>
      </div>
    </>
  );
}
