import {
  emptyTier,
  isRateField,
  offerRequestOf,
  tierFieldsOf,
  tierProblems,
  type OfferDraft,
  type TierDraft,
} from '@lotus/client';
import { agentContractKinds, contractProductTypes, dividendPeriods, type AgentContractKind } from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Field } from '../../components/bits';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { offerTopContract, searchMembers } from './api';

const carryModes = ['none', 'loss', 'loss_monthly', 'pnl'] as const;
const defaultPeriod = (kind: AgentContractKind) => (kind === 'dividend' ? 'W' : kind === 'hourly_salary' ? 'H' : '');
/** Real-time salary is for lottery only (the contract's schema says so too). */
const productsOf = (kind: AgentContractKind) => (kind === 'realtime_salary' ? ['LOTT'] : contractProductTypes);

const draftOf = (kind: AgentContractKind, productType = 'LIVE'): OfferDraft => ({
  kind,
  productType: kind === 'realtime_salary' ? 'LOTT' : productType,
  period: defaultPeriod(kind),
  carryForward: 'none',
  tiers: [emptyTier(kind)],
});

/**
 * Offer a top agent the brand's contract of any kind (or a change to its signed one): daily, claimed
 * daily and hourly salaries (team valid bet, active members, a percent or a fixed amount; hourly with
 * its frequency), dividends (period D/W/H/M, carry-forward, tiers with net loss) and real-time salary
 * (single bet, rates when the player loses and wins). The tiers are checked as typed with the site's
 * own rules (@lotus/client `tierProblems`, no ceiling: the brand's contract is capped by nothing); the
 * server checks them again and its refusal naming `tiers.N.field` shows under that field.
 */
export function OfferDialog({
  isOpen,
  onClose,
  onOffered,
}: {
  isOpen: boolean;
  onClose: () => void;
  onOffered: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [draft, setDraft] = useState<OfferDraft>(() => draftOf('daily_salary'));
  const [notFound, setNotFound] = useState(false);
  // A rule broken by a value typed shows at once; an empty field only once the offer was tried.
  const [isTried, setTried] = useState(false);
  const problems = tierProblems(draft.kind, draft.tiers, null);
  const mutation = useMutation({
    mutationFn: async () => {
      const found = await searchMembers(username.trim());
      const agent = found.items.find((row) => row.username.toLowerCase() === username.trim().toLowerCase());
      if (!agent) {
        setNotFound(true);
        return null;
      }
      return offerTopContract(offerRequestOf(agent.id, draft));
    },
    onSuccess: async (saved) => {
      if (!saved) return;
      showToast(t('agents_offered_toast', { username: username.trim() }));
      await onOffered();
      close();
    },
  });
  const close = () => {
    mutation.reset();
    setNotFound(false);
    setTried(false);
    setUsername('');
    setDraft(draftOf('daily_salary'));
    onClose();
  };
  const serverError = mutation.error instanceof ApiError ? mutation.error : null;
  const serverTierField = serverError?.field?.startsWith('tiers.') ? serverError.field : null;
  const errorOf = (index: number, field: string): string | undefined => {
    const key = `tiers.${index}.${field}`;
    if (serverTierField === key) return serverError!.message;
    const problem = problems[key];
    const isTyped = (draft.tiers[index]?.[field] ?? '').trim() !== '';
    return problem && (isTried || isTyped) ? t(`agents_tier_problem_${problem}`) : undefined;
  };
  const setTiers = (tiers: TierDraft[]) => {
    // A refusal named a tier as it was; once the tiers change it no longer applies.
    if (serverTierField) mutation.reset();
    setDraft({ ...draft, tiers });
  };
  const setTier = (index: number, field: string, value: string) =>
    setTiers(draft.tiers.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)));
  const labelOf = (tier: TierDraft, field: string, index: number): string => {
    if (field === 'rate') return tier.rateType === 'F' ? t('agents_tier_amount') : t('agents_tier_rate');
    if (field === 'minimumBet') return t('agents_tier_bet', { n: index + 1 });
    if (field === 'betAmount') return t('agents_tier_single_bet', { n: index + 1 });
    return t(`agents_tier_field_${field}`);
  };
  return (
    <Dialog title={t('agents_offer_title')} isOpen={isOpen} onClose={close} isWide>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          setNotFound(false);
          if (Object.keys(problems).length > 0) return;
          mutation.mutate();
        }}
      >
        <p className="muted">{t('agents_offer_text')}</p>
        <Field
          label={t('agents_offer_agent')}
          htmlFor="agents-offer-agent"
          error={notFound ? t('agents_offer_agent_unknown') : undefined}
        >
          <input
            id="agents-offer-agent"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            maxLength={64}
            autoComplete="off"
          />
        </Field>
        <div className="agents-tier">
          <Field label={t('agents_kind')} htmlFor="agents-offer-kind">
            <select
              id="agents-offer-kind"
              value={draft.kind}
              onChange={(event) => {
                mutation.reset();
                setTried(false);
                setDraft(draftOf(event.target.value as AgentContractKind, draft.productType));
              }}
            >
              {agentContractKinds.map((option) => (
                <option key={option} value={option}>
                  {t(`agents_kind_${option}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('agents_product')} htmlFor="agents-offer-product">
            <select
              id="agents-offer-product"
              value={draft.productType}
              onChange={(event) => setDraft({ ...draft, productType: event.target.value })}
            >
              {productsOf(draft.kind).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </Field>
          {draft.kind === 'hourly_salary' ? (
            <Field label={t('agents_frequency')} htmlFor="agents-offer-frequency">
              <select
                id="agents-offer-frequency"
                value={draft.period}
                onChange={(event) => setDraft({ ...draft, period: event.target.value })}
              >
                <option value="H">{t('agents_frequency_H')}</option>
                <option value="BH">{t('agents_frequency_BH')}</option>
              </select>
            </Field>
          ) : null}
          {draft.kind === 'dividend' ? (
            <>
              <Field label={t('agents_computation_period')} htmlFor="agents-offer-period">
                <select
                  id="agents-offer-period"
                  value={draft.period}
                  onChange={(event) => setDraft({ ...draft, period: event.target.value })}
                >
                  {dividendPeriods.map((period) => (
                    <option key={period} value={period}>
                      {t(`agents_computation_period_${period}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('agents_carry')} htmlFor="agents-offer-carry">
                <select
                  id="agents-offer-carry"
                  value={draft.carryForward}
                  onChange={(event) =>
                    setDraft({ ...draft, carryForward: event.target.value as OfferDraft['carryForward'] })
                  }
                >
                  {carryModes.map((mode) => (
                    <option key={mode} value={mode}>
                      {t(`agents_carry_${mode}`)}
                    </option>
                  ))}
                </select>
              </Field>
            </>
          ) : null}
        </div>
        <p className="muted">{t(`agents_tiers_rule_${draft.kind}`)}</p>
        <fieldset className="agents-tiers">
          <legend>{t('agents_tiers')}</legend>
          {draft.tiers.map((tier, index) => (
            <div key={index} className="agents-tier" data-testid="offer-tier">
              {tierFieldsOf(draft.kind).map((field) => {
                const id = `agents-tier-${field}-${index}`;
                if (field === 'rateType')
                  return (
                    <Field key={field} label={t('agents_tier_type')} htmlFor={id}>
                      <select
                        id={id}
                        value={tier.rateType}
                        onChange={(event) => setTier(index, field, event.target.value)}
                      >
                        <option value="P">{t('agents_tier_percent')}</option>
                        <option value="F">{t('agents_tier_fixed')}</option>
                      </select>
                    </Field>
                  );
                const error = errorOf(index, field);
                return (
                  <Field key={field} label={labelOf(tier, field, index)} htmlFor={id} error={error}>
                    <input
                      id={id}
                      inputMode={field === 'activeMember' ? 'numeric' : 'decimal'}
                      value={tier[field] ?? ''}
                      aria-invalid={error !== undefined}
                      placeholder={isRateField(field) ? '%' : field === 'netLoss' ? '0' : undefined}
                      onChange={(event) => setTier(index, field, event.target.value)}
                    />
                  </Field>
                );
              })}
            </div>
          ))}
          <div className="row-actions">
            <button
              type="button"
              className="button is-small"
              disabled={draft.tiers.length >= 10}
              onClick={() => setTiers([...draft.tiers, emptyTier(draft.kind)])}
            >
              {t('agents_tier_add')}
            </button>
            <button
              type="button"
              className="button is-ghost is-small"
              disabled={draft.tiers.length <= 1}
              onClick={() => setTiers(draft.tiers.slice(0, -1))}
            >
              {t('agents_tier_remove')}
            </button>
          </div>
        </fieldset>
        {isTried && Object.keys(problems).length > 0 ? (
          <p className="error-note" role="alert">
            {t('agents_tiers_fix')}
          </p>
        ) : null}
        <ErrorNote error={serverTierField ? null : mutation.error} />
        <div className="form-actions">
          <button type="button" className="button is-ghost" onClick={close}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className="button is-primary"
            disabled={mutation.isPending || username.trim().length < 2}
          >
            {mutation.isPending ? t('working') : t('agents_offer_send')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
