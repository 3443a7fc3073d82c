import {
  contractProductTypes,
  dividendPeriods,
  hourlyFrequencies,
  type AgentContract,
  type AgentContractKind,
  type OfferContractRequest,
} from '@lotus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/global-loader';
import { ApiError } from '../../../lib/api-client';
import {
  agentMoneyKeys,
  consolidatedQuery,
  downlineContractsQuery,
  offerContract,
  subordinatesQuery,
  terminateContract,
} from './api';
import { ContractCard } from './contract-card';
import { contractsOf, formatTime } from './format';
import {
  ceilingOf,
  draftsOf,
  emptyTier,
  offerRequestOf,
  tierProblems,
  TiersEditor,
  type TierDraft,
} from './tiers-editor';

const kinds: AgentContractKind[] = ['daily_salary', 'mr_daily_salary', 'hourly_salary', 'realtime_salary', 'dividend'];
const carryModes = ['none', 'loss', 'loss_monthly', 'pnl'] as const;

interface Draft {
  kind: AgentContractKind;
  productType: string;
  period: string;
  carryForward: (typeof carryModes)[number];
  tiers: TierDraft[];
}

const defaultPeriod = (kind: AgentContractKind) => (kind === 'dividend' ? 'W' : kind === 'hourly_salary' ? 'H' : '');

/**
 * Downline contracts (issue 16, the upline's side): a direct downline agent's contracts with me and
 * their history; an offer or a change (kind, product, period, tiers that must rise, my own rates as
 * the ceiling), and a termination request for a signed one. The server's refusal naming a tier
 * (`tiers.2.rate`) shows under that field.
 */
export function DownlineContractsPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [downlineId, setDownlineId] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A rule broken by a value typed shows at once; an empty field only once the offer was tried.
  const [isTried, setIsTried] = useState(false);
  const downlines = useQuery(subordinatesQuery({ subordinateType: 'DIRECT', agentsOnly: '1', size: 200 }));
  const contracts = useQuery(downlineContractsQuery(downlineId));
  const mine = useQuery(consolidatedQuery());
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: agentMoneyKeys.all });
  const offer = useMutation({
    mutationFn: (request: OfferContractRequest) => offerContract(request),
    onSuccess: () => {
      setDraft(null);
      setDone(t('agmoney_offer_sent'));
      return refresh();
    },
  });
  const terminate = useMutation({
    mutationFn: (contractId: string) => terminateContract(contractId),
    onSuccess: () => {
      setDone(t('agmoney_termination_sent'));
      return refresh();
    },
  });

  const myContracts = mine.data
    ? contractsOf(
        mine.data.dailysalinfotype,
        mine.data.contractmrdailysalinfotype,
        mine.data.contracthoursalinfo,
        mine.data.realtimesalinfotype,
        mine.data.divtypeinfo,
      )
    : [];
  const own = draft
    ? myContracts.find(
        (contract) =>
          contract.kind === draft.kind &&
          contract.productType === draft.productType &&
          contract.computationPeriod === draft.period,
      )
    : undefined;
  const ceiling = ceilingOf(own);
  const local = draft ? tierProblems(draft.kind, draft.tiers, ceiling) : {};
  const serverError = offer.error instanceof ApiError ? offer.error : null;
  const typed = (key: string) => {
    const [, index, field] = key.split('.');
    return (draft?.tiers[Number(index)]?.[field!] ?? '').trim() !== '';
  };
  const errors: Record<string, string> = Object.fromEntries(
    Object.entries(local).filter(([key]) => isTried || typed(key)),
  );
  if (serverError?.field?.startsWith('tiers.')) errors[serverError.field] = serverError.message;

  const startOffer = (from?: AgentContract) => {
    setDone(null);
    setIsTried(false);
    offer.reset();
    setDraft(
      from
        ? {
            kind: from.kind,
            productType: from.productType,
            period: from.computationPeriod,
            carryForward: from.carryForward ?? 'none',
            tiers: draftsOf(from),
          }
        : {
            kind: 'daily_salary',
            productType: 'LIVE',
            period: '',
            carryForward: 'none',
            tiers: [emptyTier('daily_salary')],
          },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsTried(true);
    if (!draft || Object.keys(local).length > 0) return;
    offer.mutate(offerRequestOf(downlineId, draft));
  };

  if (downlines.isPending) return <Spinner />;
  const list = downlines.data?.list ?? [];
  return (
    <div className="agent-money">
      <div className="agent-form__field agent-money__picker">
        <label htmlFor={`${id}-downline`}>{t('agmoney_downline')}</label>
        <select
          id={`${id}-downline`}
          value={downlineId}
          onChange={(event) => {
            setDownlineId(event.target.value);
            setDraft(null);
            setDone(null);
          }}
        >
          <option value="">{t('agmoney_downline_choose')}</option>
          {list.map((downline) => (
            <option key={downline.customerId} value={String(downline.customerId)}>
              {downline.customerName}
            </option>
          ))}
        </select>
        {list.length === 0 ? <p className="agent-form__hint">{t('agmoney_downline_none')}</p> : null}
      </div>
      {done ? (
        <p className="agent-form__done" role="status">
          {done}
        </p>
      ) : null}
      {terminate.error ? <p className="agent-form__error">{terminate.error.message}</p> : null}
      {downlineId === '' ? null : contracts.isPending ? (
        <Spinner />
      ) : (
        <>
          {draft ? null : (
            <button type="button" className="button button--primary" onClick={() => startOffer()}>
              {t('agmoney_offer_new')}
            </button>
          )}
          {draft ? (
            <form className="agent-form agent-money__offer" onSubmit={submit} noValidate>
              <h3>{t('agmoney_offer_title')}</h3>
              <div className="agent-money__offer-fields">
                <div className="agent-form__field">
                  <label htmlFor={`${id}-kind`}>{t('agmoney_kind')}</label>
                  <select
                    id={`${id}-kind`}
                    value={draft.kind}
                    onChange={(event) => {
                      const kind = event.target.value as AgentContractKind;
                      setDraft({
                        ...draft,
                        kind,
                        productType: kind === 'realtime_salary' ? 'LOTT' : draft.productType,
                        period: defaultPeriod(kind),
                        tiers: [emptyTier(kind)],
                      });
                    }}
                  >
                    {kinds.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`agmoney_kind_${kind}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="agent-form__field">
                  <label htmlFor={`${id}-product`}>{t('agmoney_product')}</label>
                  <select
                    id={`${id}-product`}
                    value={draft.productType}
                    disabled={draft.kind === 'realtime_salary'}
                    onChange={(event) => setDraft({ ...draft, productType: event.target.value })}
                  >
                    {contractProductTypes.map((product) => (
                      <option key={product} value={product}>
                        {t(`agmoney_product_${product}`)}
                      </option>
                    ))}
                  </select>
                </div>
                {draft.kind === 'dividend' || draft.kind === 'hourly_salary' ? (
                  <div className="agent-form__field">
                    <label htmlFor={`${id}-period`}>{t('agmoney_period')}</label>
                    <select
                      id={`${id}-period`}
                      value={draft.period}
                      onChange={(event) => setDraft({ ...draft, period: event.target.value })}
                    >
                      {(draft.kind === 'dividend' ? dividendPeriods : hourlyFrequencies).map((period) => (
                        <option key={period} value={period}>
                          {t(`agmoney_period_${period}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
                {draft.kind === 'dividend' ? (
                  <div className="agent-form__field">
                    <label htmlFor={`${id}-carry`}>{t('agmoney_carry')}</label>
                    <select
                      id={`${id}-carry`}
                      value={draft.carryForward}
                      onChange={(event) =>
                        setDraft({ ...draft, carryForward: event.target.value as Draft['carryForward'] })
                      }
                    >
                      {carryModes.map((mode) => (
                        <option key={mode} value={mode}>
                          {t(`agmoney_carry_${mode}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                ) : null}
              </div>
              {own ? (
                <details className="agent-money__own">
                  <summary>{t('agmoney_own_rates')}</summary>
                  <ul className="agent-contracts">
                    <ContractCard contract={own} />
                  </ul>
                </details>
              ) : (
                <p className="agent-form__error">{t('agmoney_own_none')}</p>
              )}
              <TiersEditor
                kind={draft.kind}
                drafts={draft.tiers}
                onChange={(tiers) => setDraft({ ...draft, tiers })}
                errors={errors}
                ceiling={ceiling}
              />
              {serverError && !serverError.field?.startsWith('tiers.') ? (
                <p className="agent-form__error">{serverError.message}</p>
              ) : null}
              <div className="agent-contract__actions">
                <button type="submit" className="button button--primary" disabled={offer.isPending}>
                  {t('agmoney_offer_send')}
                </button>
                <button type="button" className="button" onClick={() => setDraft(null)}>
                  {t('agmoney_cancel')}
                </button>
              </div>
            </form>
          ) : null}
          <h3>{t('agmoney_downline_contracts')}</h3>
          {(contracts.data?.list ?? []).length === 0 ? (
            <p className="agent-form__hint">{t('agmoney_downline_contracts_none')}</p>
          ) : (
            <ul className="agent-contracts">
              {contracts.data!.list.map((contract) => (
                <ContractCard key={contract.id} contract={contract}>
                  <details className="agent-contract__history">
                    <summary>{t('agmoney_history')}</summary>
                    <ol>
                      {contract.history.map((event, index) => (
                        <li key={index}>
                          {formatTime(event.time, i18n.language)} ·{' '}
                          {event.fromStatus ? t(`agmoney_status_${event.fromStatus}`) : '–'} →{' '}
                          {t(`agmoney_status_${event.toStatus}`)} ({t(`agmoney_actor_${event.actor}`)})
                        </li>
                      ))}
                    </ol>
                  </details>
                  {contract.status === 'A' ? (
                    <div className="agent-contract__actions">
                      <button type="button" className="button" onClick={() => startOffer(contract)}>
                        {t('agmoney_modify')}
                      </button>
                      <button
                        type="button"
                        className="button"
                        disabled={terminate.isPending}
                        onClick={() => {
                          if (window.confirm(t('agmoney_terminate_confirm'))) terminate.mutate(contract.contractId);
                        }}
                      >
                        {t('agmoney_terminate')}
                      </button>
                    </div>
                  ) : null}
                </ContractCard>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
