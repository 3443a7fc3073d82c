import {
  emptyTier,
  isRateField,
  tierFieldsOf,
  tierProblems as sharedTierProblems,
  type Ceiling,
  type TierDraft,
} from '@lotus/client';
import type { AgentContractKind } from '@lotus/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The tiers' pure rules (fields per kind, drafts, the offer body, the checks) are @lotus/client's
 * `contract-tiers.ts`, shared with the back-office's offer form; this file draws them.
 */
export {
  ceilingOf,
  draftsOf,
  emptyTier,
  fractionOf,
  offerRequestOf,
  tierFieldsOf,
  tiersOfDrafts,
  type TierDraft,
} from '@lotus/client';

/** The shared checks, each problem as this page's message key (`agmoney_tier_rising`, ...). */
export function tierProblems(
  kind: AgentContractKind,
  drafts: TierDraft[],
  ceiling: Ceiling | null,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(sharedTierProblems(kind, drafts, ceiling)).map(([key, code]) => [key, `agmoney_tier_${code}`]),
  );
}

/** Rows of tier inputs; `errors` by `tiers.N.field` (the client's checks and the server's refusal). */
export function TiersEditor({
  kind,
  drafts,
  onChange,
  errors,
  ceiling,
}: {
  kind: AgentContractKind;
  drafts: TierDraft[];
  onChange: (drafts: TierDraft[]) => void;
  errors: Record<string, string>;
  ceiling: Ceiling | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fields = tierFieldsOf(kind);
  // A real-time tier shows my own rate at its bet size; the other kinds my highest.
  const ceilingAt = (draft: TierDraft) =>
    ceiling?.atBet && draft.betAmount ? (ceiling.atBet(Number(draft.betAmount)) ?? undefined) : ceiling?.flat;
  const set = (index: number, field: string, value: string) =>
    onChange(drafts.map((draft, at) => (at === index ? { ...draft, [field]: value } : draft)));
  return (
    <fieldset className="tiers-editor">
      <legend>{t('agmoney_tiers')}</legend>
      {drafts.map((draft, index) => (
        <div key={index} className="tiers-editor__row" data-testid="tier-row">
          <span className="tiers-editor__index">{t('agmoney_tier_n', { n: index + 1 })}</span>
          {fields.map((field) => {
            const key = `tiers.${index}.${field}`;
            const inputId = `${id}-${index}-${field}`;
            const isPercent = isRateField(field) || (field === 'rate' && draft.rateType !== 'F');
            const label =
              field === 'rate' && draft.rateType === 'F'
                ? t('agmoney_col_amount')
                : t(`agmoney_col_${field}`) + (isPercent ? ' (%)' : '');
            return (
              <div key={field} className="agent-form__field">
                <label htmlFor={inputId}>{label}</label>
                {field === 'rateType' ? (
                  <select
                    id={inputId}
                    value={draft.rateType}
                    onChange={(event) => set(index, field, event.target.value)}
                  >
                    <option value="P">{t('agmoney_rate_type_P')}</option>
                    <option value="F">{t('agmoney_rate_type_F')}</option>
                  </select>
                ) : (
                  <input
                    id={inputId}
                    inputMode="decimal"
                    value={draft[field] ?? ''}
                    aria-invalid={errors[key] !== undefined}
                    onChange={(event) => set(index, field, event.target.value)}
                  />
                )}
                {isPercent && ceilingAt(draft)?.[field] !== undefined ? (
                  <small className="tiers-editor__ceiling">
                    {t('agmoney_ceiling', { rate: ceilingAt(draft)![field]!.toFixed(2) })}
                  </small>
                ) : null}
                {errors[key] ? (
                  <p className="agent-form__error" data-testid={`error-${key}`}>
                    {errors[key]!.startsWith('agmoney_') ? t(errors[key]!) : errors[key]}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
      <div className="agent-contract__actions">
        {drafts.length < 10 ? (
          <button type="button" className="button" onClick={() => onChange([...drafts, emptyTier(kind)])}>
            {t('agmoney_tier_add')}
          </button>
        ) : null}
        {drafts.length > 1 ? (
          <button type="button" className="button" onClick={() => onChange(drafts.slice(0, -1))}>
            {t('agmoney_tier_remove')}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
