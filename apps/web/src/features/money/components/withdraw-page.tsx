import '../money.css';
import type { Withdrawal } from '@lotus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import {
  usePaymentConfirmations,
  usePaymentPasswordStatus,
  useWithdrawAccountInfo,
  useWithdrawSettings,
} from '../api/withdrawals';
import { loadMoneyCatalogue } from '../money-catalogue';
import { BankAccounts } from './bank-accounts';
import { BonusTurnoverNotice } from './bonus-turnover-notice';
import { BalanceHeader, ErrorBlock, LoadingBlock, Money, PageTabs, WithdrawalStatusBadge } from './money-ui';
import { PaymentPasswordForm } from './payment-password';
import { WithdrawForm } from './withdraw-form';
import { PaymentConfirmations, WithdrawalList } from './withdrawal-list';

await loadMoneyCatalogue();

type WithdrawTab = 'withdraw' | 'records' | 'accounts' | 'password';

function WithdrawDone({
  withdrawal,
  symbol,
  onRecords,
  onAgain,
}: {
  withdrawal: Withdrawal;
  symbol: string;
  onRecords: () => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="money-result money-result--pending" aria-labelledby="withdraw-done-title">
      <header className="money-result__head">
        <span className="money-result__icon" aria-hidden="true">
          ✓
        </span>
        <div>
          <h4 id="withdraw-done-title" className="money-result__title" aria-live="polite">
            {t('money_withdraw_done', { amount: `${symbol}${formatAmount(withdrawal.amount)}` })}
          </h4>
          <p className="money-result__sub">
            {withdrawal.bankName} · {withdrawal.accountNumber} · #{withdrawal.withdrawalId}
          </p>
        </div>
        <WithdrawalStatusBadge status={withdrawal.status} />
      </header>
      <p className="money-note">{t('money_withdraw_done_note')}</p>
      <dl className="money-summary">
        <div>
          <dt>{t('money_fee')}</dt>
          <dd>
            <Money amount={withdrawal.feeAmount} symbol={symbol} />
          </dd>
        </div>
        <div className="money-summary__total">
          <dt>{t('money_arrives')}</dt>
          <dd>
            <Money amount={withdrawal.payoutAmount} symbol={symbol} />
          </dd>
        </div>
      </dl>
      <div className="money-result__actions">
        <button type="button" className="button button--ghost" onClick={onAgain}>
          {t('money_withdraw_again')}
        </button>
        <button type="button" className="button button--primary" onClick={onRecords}>
          {t('money_withdraw_see_records')}
        </button>
      </div>
    </section>
  );
}

/**
 * withdraw (spec §2): the payment password when there is none, bound bank accounts, the withdraw
 * form, and the member's withdrawals with "received" / "not received" for paid ones (spec §4).
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<WithdrawTab>('withdraw');
  const [done, setDone] = useState<Withdrawal | null>(null);
  const settings = useWithdrawSettings();
  const info = useWithdrawAccountInfo();
  const pinStatus = usePaymentPasswordStatus();
  const confirmations = usePaymentConfirmations();
  const symbol = settings.data?.currencySymbol ?? '';
  const awaiting = confirmations.data?.content.length ?? 0;

  let content;
  if (tab === 'records') content = <WithdrawalList symbol={symbol} />;
  else if (settings.isPending || info.isPending || pinStatus.isPending) content = <LoadingBlock />;
  else if (settings.isError || info.isError || pinStatus.isError) {
    content = (
      <ErrorBlock
        error={settings.error ?? info.error ?? pinStatus.error}
        onRetry={() => {
          void settings.refetch();
          void info.refetch();
          void pinStatus.refetch();
        }}
      />
    );
  } else if (tab === 'password') content = <PaymentPasswordForm status={pinStatus.data} />;
  else if (tab === 'accounts')
    content = <BankAccounts info={info.data} pinStatus={pinStatus.data} onNeedPin={() => setTab('password')} />;
  else if (done)
    content = (
      <WithdrawDone
        withdrawal={done}
        symbol={symbol}
        onAgain={() => setDone(null)}
        onRecords={() => {
          setDone(null);
          setTab('records');
        }}
      />
    );
  else if (!pinStatus.data.hasPaymentPassword) {
    content = (
      <>
        <div className="money-callout">
          <p className="money-callout__title">{t('money_step_pin_title')}</p>
          <p>{t('money_step_pin')}</p>
        </div>
        <PaymentPasswordForm status={pinStatus.data} />
      </>
    );
  } else if (info.data.content.length === 0) {
    content = (
      <>
        <div className="money-callout">
          <p className="money-callout__title">{t('money_step_account_title')}</p>
          <p>{t('money_step_account')}</p>
        </div>
        <BankAccounts info={info.data} pinStatus={pinStatus.data} onNeedPin={() => setTab('password')} />
      </>
    );
  } else {
    content = (
      <>
        <PaymentConfirmations symbol={symbol} />
        <BonusTurnoverNotice symbol={symbol} />
        <WithdrawForm settings={settings.data} info={info.data} pinStatus={pinStatus.data} onDone={setDone} />
      </>
    );
  }

  const tabLabels: Record<WithdrawTab, string> = {
    withdraw: t('money_tab_withdraw'),
    records: t('money_tab_withdrawals'),
    accounts: t('money_tab_accounts'),
    password: t('money_tab_pin'),
  };
  return (
    <div className="money-page">
      <div className="money-page__top">
        <BalanceHeader />
        <PageTabs<WithdrawTab>
          label={t('money_withdraw_sections')}
          current={tab}
          onChange={setTab}
          tabs={[
            { id: 'withdraw', label: tabLabels.withdraw },
            { id: 'records', label: tabLabels.records, badge: awaiting },
            { id: 'accounts', label: tabLabels.accounts },
            { id: 'password', label: tabLabels.password },
          ]}
        />
      </div>
      <div className="money-page__panel" role="tabpanel" aria-label={tabLabels[tab]}>
        {content}
      </div>
    </div>
  );
}
