import '../money.css';
import type { Deposit, DepositMethodCode } from '@lotus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDepositMethods, useDepositSettings } from '../api/deposits';
import { loadMoneyCatalogue } from '../money-catalogue';
import { DepositForm } from './deposit-form';
import { DepositHistory } from './deposit-history';
import { DepositLimits } from './deposit-limits';
import { DepositResult } from './deposit-result';
import { BalanceHeader, EmptyBlock, ErrorBlock, LoadingBlock, PageTabs } from './money-ui';

await loadMoneyCatalogue();

type DepositTab = 'deposit' | 'history' | 'limits';

/**
 * depositv2 (spec §2): make a deposit by one of the merchant's channels, follow it until it is
 * settled, see past deposits (each opens like a new one: its state, a slip, questions) and set
 * one's own deposit limits.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<DepositTab>('deposit');
  const [created, setCreated] = useState<{
    depositId: number;
    method: DepositMethodCode;
    isPopupBlocked: boolean;
  } | null>(null);
  const settings = useDepositSettings();
  const methods = useDepositMethods();

  const onCreated = (deposit: Deposit, payment: { isPopupBlocked: boolean }) =>
    setCreated({ depositId: deposit.depositId, method: deposit.methodCode, isPopupBlocked: payment.isPopupBlocked });

  const symbol = settings.data?.currencySymbol ?? '';
  let content;
  if (tab === 'history') {
    content = (
      <DepositHistory
        symbol={symbol}
        onOpen={(deposit) => {
          setCreated({ depositId: deposit.depositId, method: deposit.methodCode, isPopupBlocked: false });
          setTab('deposit');
        }}
      />
    );
  } else if (tab === 'limits') content = <DepositLimits symbol={symbol} />;
  else if (settings.isPending || methods.isPending) content = <LoadingBlock />;
  else if (settings.isError || methods.isError) {
    content = (
      <ErrorBlock
        error={settings.error ?? methods.error}
        onRetry={() => {
          void settings.refetch();
          void methods.refetch();
        }}
      />
    );
  } else if (created) {
    content = (
      <DepositResult
        depositId={created.depositId}
        method={created.method}
        isPopupBlocked={created.isPopupBlocked}
        symbol={symbol}
        onAgain={() => {
          setCreated(null);
          void methods.refetch();
        }}
      />
    );
  } else if (methods.data.length === 0) content = <EmptyBlock>{t('money_deposit_no_methods')}</EmptyBlock>;
  else content = <DepositForm settings={settings.data} methods={methods.data} onCreated={onCreated} />;

  return (
    <div className="money-page">
      <div className="money-page__top">
        <BalanceHeader />
        <PageTabs<DepositTab>
          label={t('money_deposit_sections')}
          current={tab}
          onChange={setTab}
          tabs={[
            { id: 'deposit', label: t('money_tab_deposit') },
            { id: 'history', label: t('money_tab_deposit_history') },
            { id: 'limits', label: t('money_tab_limits') },
          ]}
        />
      </div>
      <div
        className="money-page__panel"
        role="tabpanel"
        aria-label={t(
          { deposit: 'money_tab_deposit', history: 'money_tab_deposit_history', limits: 'money_tab_limits' }[tab],
        )}
      >
        {content}
      </div>
    </div>
  );
}
