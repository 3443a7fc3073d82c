import type { AgentContract, AgentContractKind } from '@lotus/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A tier as typed: every value a string; rates in percent (1.2 = 1.20 %), sent as the original's fraction. */
export type TierDraft = Record<string, string>;

export const tierFieldsOf = (kind: AgentContractKind): string[] => {
  if (kind === 'dividend') return ['minimumBet', 'netLoss', 'activeMember', 'contractRate'];
  if (kind === 'realtime_salary') return ['betAmount', 'lossRate', 'winRate'];
  return ['minimumBet', 'activeMember', 'rateType', 'rate'];
};

const isRate = (field: string) => field === 'contractRate' || field === 'lossRate' || field === 'winRate';
const betField = (kind: AgentContractKind) => (kind === 'realtime_salary' ? 'betAmount' : 'minimumBet');

export function emptyTier(kind: AgentContractKind): TierDraft {
  return Object.fromEntries(tierFieldsOf(kind).map((field) => [field, field === 'rateType' ? 'P' : '']));
}

/** A signed contract's tiers as drafts (a change starts from them). */
export function draftsOf(contract: AgentContract): TierDraft[] {
  return contract.details.map((tier) => {
    const record = tier as Record<string, unknown>;
    const draft = emptyTier(contract.kind);
    for (const field of Object.keys(draft)) {
      const source = field === 'minimumBet' && record.betVolume !== undefined ? record.betVolume : record[field];
      if (source === undefined || source === null) continue;
      const isPercent = isRate(field) || (field === 'rate' && record.rateType !== 'F');
      draft[field] = isPercent ? String(Math.round(Number(source) * 1_000_000) / 10_000) : String(source);
    }
    return draft;
  });
}

/** The percent typed as the original's fraction, four decimals at most. */
export const fractionOf = (percent: string) => Math.round(Number(percent) * 100) / 10_000;

/** The tiers as the offer call wants them. */
export function tiersOfDrafts(kind: AgentContractKind, drafts: TierDraft[]): Array<Record<string, unknown>> {
  return drafts.map((draft) => {
    if (kind === 'dividend')
      return {
        minimumBet: draft.minimumBet,
        netLoss: draft.netLoss || '0',
        activeMember: Number(draft.activeMember || 0),
        contractRate: fractionOf(draft.contractRate ?? ''),
      };
    if (kind === 'realtime_salary')
      return {
        betAmount: draft.betAmount,
        lossRate: fractionOf(draft.lossRate ?? ''),
        winRate: fractionOf(draft.winRate ?? ''),
      };
    return draft.rateType === 'F'
      ? {
          minimumBet: draft.minimumBet,
          activeMember: Number(draft.activeMember || 0),
          rateType: 'F',
          amount: draft.rate,
        }
      : {
          minimumBet: draft.minimumBet,
          activeMember: Number(draft.activeMember || 0),
          rateType: 'P',
          rate: fractionOf(draft.rate ?? ''),
        };
  });
}

/** The highest rate (percent) my own contract pays, the ceiling of what I offer; null: no contract of mine. */
export function ceilingOf(own: AgentContract | undefined): Record<string, number> | null {
  if (!own) return null;
  const ceiling: Record<string, number> = {};
  for (const tier of own.details as Array<Record<string, unknown>>)
    for (const field of ['rate', 'contractRate', 'lossRate', 'winRate'])
      if (typeof tier[field] === 'number' && (field !== 'rate' || tier.rateType !== 'F'))
        ceiling[field] = Math.max(ceiling[field] ?? 0, (tier[field] as number) * 100);
  return ceiling;
}

/**
 * The rules the server enforces, checked as typed so the agent sees them at the field: every value
 * given, bets rising strictly, rates rising strictly and above zero, no rate above my own highest.
 * Answers `tiers.N.field` → message key, the server's field names.
 */
export function tierProblems(
  kind: AgentContractKind,
  drafts: TierDraft[],
  ceiling: Record<string, number> | null,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const bet = betField(kind);
  drafts.forEach((draft, index) => {
    for (const field of tierFieldsOf(kind)) {
      if (field === 'rateType' || field === 'netLoss' || field === 'activeMember') continue;
      const value = draft[field] ?? '';
      if (value.trim() === '' || !(Number(value) >= 0) || Number.isNaN(Number(value)))
        problems[`tiers.${index}.${field}`] = 'agmoney_tier_required';
      else if (field !== bet && Number(value) <= 0) problems[`tiers.${index}.${field}`] = 'agmoney_tier_zero';
    }
    if (index > 0) {
      const before = drafts[index - 1]!;
      if (Number(draft[bet]) <= Number(before[bet]) && !problems[`tiers.${index}.${bet}`])
        problems[`tiers.${index}.${bet}`] = 'agmoney_tier_rising';
      for (const field of ['rate', 'contractRate', 'lossRate', 'winRate'])
        if (field in draft && !(field === 'rate' && draft.rateType === 'F') && !problems[`tiers.${index}.${field}`])
          if (Number(draft[field]) <= Number(before[field]))
            problems[`tiers.${index}.${field}`] = 'agmoney_tier_rising';
    }
    if (ceiling)
      for (const [field, max] of Object.entries(ceiling))
        if (field in draft && !(field === 'rate' && draft.rateType === 'F') && Number(draft[field]) > max + 1e-9)
          problems[`tiers.${index}.${field}`] ??= 'agmoney_tier_above_own';
  });
  return problems;
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
  ceiling: Record<string, number> | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fields = tierFieldsOf(kind);
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
            const isPercent = isRate(field) || (field === 'rate' && draft.rateType !== 'F');
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
                {isPercent && ceiling?.[field] !== undefined ? (
                  <small className="tiers-editor__ceiling">
                    {t('agmoney_ceiling', { rate: ceiling[field]!.toFixed(2) })}
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
