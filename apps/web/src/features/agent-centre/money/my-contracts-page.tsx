import type { AgentContract } from '@lotus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/global-loader';
import { ApiError } from '../../../lib/api-client';
import { agentMoneyKeys, answerStatus, consolidatedQuery, processContract } from './api';
import { ContractCard } from './contract-card';
import { contractsOf } from './format';

type Answer = 'accept' | 'reject' | 'keep' | 'end';

/**
 * My contracts (issue 16; the original's consolidated read and its popup): the contracts I signed with
 * my upline per kind and product, then its requests waiting for my answer: an offer (P, E) is
 * accepted or rejected, a termination request (V) kept or ended, through the kind's MCSFE_process*
 * call. An offer read with `downlineHigherRate: 'Y'` is confirmed first: accepting it ends the
 * contracts of my own downlines that pay more.
 */
export function MyContractsPage() {
  const { t } = useTranslation();
  const query = useQuery(consolidatedQuery());
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: ({ contract, answer }: { contract: AgentContract; answer: Answer }) =>
      processContract(contract, answerStatus(contract, answer)),
    onSuccess: () => {
      setDone(t('agmoney_contract_answered'));
      return queryClient.invalidateQueries({ queryKey: agentMoneyKeys.all });
    },
  });
  if (query.isPending) return <Spinner />;
  if (query.isError) return <p className="agent-form__error">{query.error.message}</p>;
  const value = query.data;
  const signed = contractsOf(
    value.dailysalinfotype,
    value.contractmrdailysalinfotype,
    value.contracthoursalinfo,
    value.realtimesalinfotype,
    value.divtypeinfo,
  );
  const requests = contractsOf(
    value.dailysalreqtype,
    value.contracthoursalreq,
    value.realtimesalreqtype,
    value.divtypereq,
  );
  const answer = (contract: AgentContract, choice: Answer) => {
    setDone(null);
    if (
      choice === 'accept' &&
      contract.downlineHigherRate === 'Y' &&
      !window.confirm(t('agmoney_downline_higher_rate'))
    )
      return;
    mutation.mutate({ contract, answer: choice });
  };
  const error = mutation.error instanceof ApiError ? mutation.error : null;
  return (
    <div className="agent-money">
      {done ? (
        <p className="agent-form__done" role="status">
          {done}
        </p>
      ) : null}
      {error ? <p className="agent-form__error">{error.message}</p> : null}
      <section aria-labelledby="agmoney-requests">
        <h3 id="agmoney-requests">{t('agmoney_requests')}</h3>
        {requests.length === 0 ? (
          <p className="agent-form__hint">{t('agmoney_requests_none')}</p>
        ) : (
          <ul className="agent-contracts">
            {requests.map((contract) => (
              <ContractCard key={contract.id} contract={contract}>
                <p className="agent-contract__request">
                  {t(contract.status === 'V' ? 'agmoney_request_termination' : 'agmoney_request_new')}
                </p>
                <div className="agent-contract__actions">
                  {contract.status === 'V' ? (
                    <>
                      <button
                        type="button"
                        className="button"
                        disabled={mutation.isPending}
                        onClick={() => answer(contract, 'keep')}
                      >
                        {t('agmoney_keep')}
                      </button>
                      <button
                        type="button"
                        className="button"
                        disabled={mutation.isPending}
                        onClick={() => answer(contract, 'end')}
                      >
                        {t('agmoney_end')}
                      </button>
                    </>
                  ) : (
                    <>
                      <button
                        type="button"
                        className="button button--primary"
                        disabled={mutation.isPending}
                        onClick={() => answer(contract, 'accept')}
                      >
                        {t('agmoney_accept')}
                      </button>
                      <button
                        type="button"
                        className="button"
                        disabled={mutation.isPending}
                        onClick={() => answer(contract, 'reject')}
                      >
                        {t('agmoney_reject')}
                      </button>
                    </>
                  )}
                </div>
              </ContractCard>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="agmoney-signed">
        <h3 id="agmoney-signed">{t('agmoney_signed')}</h3>
        {signed.length === 0 ? (
          <p className="agent-form__hint">{t('agmoney_signed_none')}</p>
        ) : (
          <ul className="agent-contracts">
            {signed.map((contract) => (
              <ContractCard key={contract.id} contract={contract} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
