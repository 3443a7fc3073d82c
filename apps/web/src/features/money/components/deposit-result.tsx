import type { Deposit, DepositMethodCode } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { useDeposit } from '../api/deposits';
import { methodNameKey } from './deposit-form';
import { CopyButton, DepositStatusBadge, formatCountdown, Money, useNow } from './money-ui';

/** How often a pending deposit is asked again: a gateway settles within seconds, people take longer. */
const pollMsByMethod: Record<DepositMethodCode, number> = { DEMOPAY: 2000, PROMPTPAY: 5000, BANK: 15_000 };

/** A gateway's refusal reason, as the server reports it. */
const gatewayFailedReason = 'gateway.failed';

function PromptPayQr({ deposit, symbol }: { deposit: Deposit; symbol: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const secondsLeft = Math.max(0, Math.ceil((deposit.expiresAt - now) / 1000));
  if (!deposit.promptPay) return null;
  return (
    <div className="money-qr">
      <div className="money-qr__frame">
        <img className="money-qr__image" src={deposit.promptPay.qrCode} alt={t('money_qr_alt')} width={220} height={220} />
      </div>
      <div className="money-qr__details">
        <p className="money-qr__amount">
          <Money amount={deposit.amount} symbol={symbol} />
        </p>
        <p className="money-qr__to">
          {t('money_qr_pay_to', { name: deposit.promptPay.accountName, target: deposit.promptPay.target })}
        </p>
        <p className={`money-countdown${secondsLeft <= 60 ? ' money-countdown--urgent' : ''}`} role="timer" aria-live="off">
          {secondsLeft > 0 ? t('money_qr_expires_in', { time: formatCountdown(secondsLeft) }) : t('money_qr_expired')}
        </p>
        <ol className="money-steps">
          <li>{t('money_qr_step_open')}</li>
          <li>{t('money_qr_step_scan')}</li>
          <li>{t('money_qr_step_wait')}</li>
        </ol>
      </div>
    </div>
  );
}

/**
 * What happens after a deposit is made, until it is settled: the QR to pay (PROMPTPAY), the pay
 * page (DEMOPAY, with a link when the browser blocked the window) or "in review" (BANK). The deposit
 * is asked again while pending; the wallet balance updates by itself through the balance stream.
 */
export function DepositResult({ depositId, method, isPopupBlocked, symbol, onAgain }: {
  depositId: number;
  method: DepositMethodCode;
  isPopupBlocked: boolean;
  symbol: string;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useDeposit(depositId, pollMsByMethod[method]);
  const deposit = query.data;
  if (!deposit) return null;

  const isPending = deposit.status === 'pending';
  const headline = {
    pending: method === 'BANK' ? 'money_deposit_result_review' : method === 'PROMPTPAY' ? 'money_deposit_result_scan' : 'money_deposit_result_pay',
    approved: 'money_deposit_result_approved',
    rejected: deposit.rejectReason === gatewayFailedReason ? 'money_deposit_result_failed' : 'money_deposit_result_rejected',
    expired: 'money_deposit_result_expired',
  }[deposit.status];

  return (
    <section className={`money-result money-result--${deposit.status}`} aria-labelledby="deposit-result-title">
      <header className="money-result__head">
        <span className="money-result__icon" aria-hidden="true">
          {deposit.status === 'approved' ? '✓' : deposit.status === 'pending' ? '…' : '!'}
        </span>
        <div>
          <h4 id="deposit-result-title" className="money-result__title" aria-live="polite">
            {t(headline, { amount: `${symbol}${formatAmount(deposit.creditAmount)}` })}
          </h4>
          <p className="money-result__sub">
            {t(methodNameKey(deposit.methodCode))} · #{deposit.depositId} · {formatDateTime(deposit.createdAt)}
          </p>
        </div>
        <DepositStatusBadge status={deposit.status} />
      </header>

      {isPending && method === 'PROMPTPAY' && <PromptPayQr deposit={deposit} symbol={symbol} />}

      {isPending && method === 'DEMOPAY' && deposit.payUrl && (
        <div className="money-gateway">
          <span className="money-gateway__pulse" aria-hidden="true" />
          <p>{isPopupBlocked ? t('money_gateway_blocked') : t('money_gateway_waiting')}</p>
          <a className="button button--primary" href={deposit.payUrl} target="_blank" rel="noopener noreferrer">
            {t('money_gateway_open')}
          </a>
        </div>
      )}

      {isPending && method === 'BANK' && deposit.bank && (
        <p className="money-note">
          {t('money_bank_in_review', {
            bank: language === 'EN' ? deposit.bank.target.bankNameEn : deposit.bank.target.bankNameTh,
            reference: deposit.bank.transferReference,
          })}
        </p>
      )}

      {deposit.status === 'rejected' && deposit.rejectReason && deposit.rejectReason !== gatewayFailedReason && (
        <p className="money-note money-note--bad">{t('money_reject_reason', { reason: deposit.rejectReason })}</p>
      )}

      <dl className="money-summary">
        <div>
          <dt>{t('money_amount')}</dt>
          <dd><Money amount={deposit.amount} symbol={symbol} /></dd>
        </div>
        <div>
          <dt>{t('money_fee')}</dt>
          <dd><Money amount={deposit.feeAmount} symbol={symbol} /></dd>
        </div>
        <div className="money-summary__total">
          <dt>{t(deposit.status === 'approved' ? 'money_credited' : 'money_you_receive')}</dt>
          <dd><Money amount={deposit.creditAmount} symbol={symbol} /></dd>
        </div>
      </dl>

      {isPending && method === 'PROMPTPAY' && deposit.promptPay && (
        <p className="money-result__payload">
          <span>{t('money_qr_payload_hint')}</span>
          <CopyButton value={deposit.promptPay.payload} label={t('money_qr_payload')} />
        </p>
      )}

      <div className="money-result__actions">
        <button type="button" className={`button ${isPending ? 'button--ghost' : 'button--primary'}`} onClick={onAgain}>
          {t('money_deposit_again')}
        </button>
      </div>
    </section>
  );
}
