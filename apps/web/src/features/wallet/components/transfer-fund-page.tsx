import '../../money/money.css';
import '../wallet.css';
import { errorCodes, launchErrorCodes, setRefusalFieldError, type WalletTransferResult } from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useGameMenus } from '../../../api/game-menus';
import { useWalletBalance } from '../../../api/wallet';
import { ApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { ErrorBlock, LoadingBlock, messageOf, Money, StatusBadge } from '../../money/components/money-ui';
import { loadMoneyCatalogue } from '../../money/money-catalogue';
import { checkAmount, toMinor } from '../../money/money-rules';
import { useMerchantWallet, useRefreshBalances, useWalletReturn, useWalletTransfer } from '../api/transfer-wallet';
import { loadWalletCatalogue } from '../wallet-catalogue';

// Its own texts, and the money pages' (the amount rules and the page states are theirs).
await Promise.all([loadWalletCatalogue(), loadMoneyCatalogue()]);

/** The main wallet's accountTypeId in GET /wps/v2/wallets/balance. */
const mainAccountTypeId = 0;

/** No amount rule above the source balance: 13 digits is the most the contract accepts. */
const largestAmount = '9999999999999.99';

/**
 * A PENDING transfer waits for the reconcile job, which asks the vendor every minute about transfers
 * older than 30 s: it has settled within about 90 s, so the balances are read again on that rhythm.
 */
const pendingRefreshDelaysMs = [15_000, 45_000, 95_000];

type Direction = 'IN' | 'OUT';

interface VendorWallet {
  vassalage: string;
  name: string;
  /** What the vendor's wallet holds, `"0.00"` when the balance answer does not list it (it never held money). */
  balance: string;
}

/** A vendor's name as the lobby shows it; the wallet's own name when the menus do not list the vendor. */
function useVendorNames(): (vassalage: string, fallback: string) => string {
  const menus = useGameMenus().data ?? [];
  return (vassalage, fallback) =>
    menus.flatMap((menu) => menu.vendors).find((vendor) => vendor.vassalage === vassalage)?.displayName ?? fallback;
}

/** Reads the balances again a few times after a PENDING answer, until the vendor has had time to settle it. */
function useRefreshWhilePending(results: WalletTransferResult[] | null): void {
  const refreshBalances = useRefreshBalances();
  const isPending = results?.some((result) => result.status === 'PENDING') ?? false;
  useEffect(() => {
    if (!isPending) return;
    const timers = pendingRefreshDelaysMs.map((delayMs) => window.setTimeout(() => void refreshBalances(), delayMs));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
    // A new answer (another object) starts the rhythm again; refreshBalances is stable.
  }, [results, isPending, refreshBalances]);
}

const statusTones = { SUCCESS: 'good', FAILED: 'bad', PENDING: 'pending' } as const;

/** One transfer's outcome, in words that say where the money is now. */
function TransferOutcome({
  result,
  vendorName,
  symbol,
}: {
  result: WalletTransferResult;
  vendorName: string;
  symbol: string;
}) {
  const { t } = useTranslation();
  const values = { amount: `${symbol}${formatAmount(result.amount)}`, vendor: vendorName };
  let text: string;
  if (result.status === 'SUCCESS')
    text = result.direction === 'IN' ? t('wallet_result_in_success', values) : t('wallet_result_out_success', values);
  else if (result.status === 'FAILED') text = t('wallet_result_failed', values);
  else text = t('wallet_result_pending', values);
  const statusText = {
    SUCCESS: t('wallet_status_success'),
    FAILED: t('wallet_status_failed'),
    PENDING: t('wallet_status_pending'),
  }[result.status];
  return (
    <div className={`wallet-outcome wallet-outcome--${statusTones[result.status]}`}>
      <StatusBadge tone={statusTones[result.status]}>{statusText}</StatusBadge>
      <p>{text}</p>
    </div>
  );
}

/** The refusal's own words for the amount field, when it is about the amount; null otherwise. */
function amountProblemOf(
  failure: unknown,
  symbol: string,
  t: (key: string, values: Record<string, string>) => string,
): string | null {
  if (!(failure instanceof ApiError)) return null;
  if (failure.errorCode === launchErrorCodes.transferBalanceNotEnough) {
    const available = (failure.value as { available?: unknown } | null)?.available;
    return typeof available === 'string'
      ? t('wallet_amount_above_source', { left: `${symbol}${formatAmount(available)}` })
      : failure.message;
  }
  // The only field a member types is the amount; the server's message names the field it refused.
  if (failure.errorCode === errorCodes.validation) return failure.message;
  return null;
}

/** The amount typed: a positive decimal, at most what the source wallet holds (said with the currency). */
function transferFormSchema(t: TFunction, sourceBalance: string, symbol: string) {
  return z.object({ amount: z.string() }).superRefine((values, context) => {
    const amount = checkTransferAmount(values.amount, sourceBalance);
    addFieldIssues(context, {
      amount: amount.ok
        ? null
        : // The rule's value is the bare amount; the wallet's text shows it with the currency.
          amount.problem.key === 'wallet_amount_above_source'
          ? t(amount.problem.key, { left: `${symbol}${formatAmount(sourceBalance)}` })
          : t(amount.problem.key, amount.problem.values),
    });
  });
}

function checkTransferAmount(text: string, sourceBalance: string) {
  return checkAmount(text, {
    minAmount: '0.01',
    maxAmount: largestAmount,
    leftAmount: { amount: sourceBalance, key: 'wallet_amount_above_source' },
  });
}

/** A vendor's wallet: its balance, and moving money in (from the main wallet) or out (back to it). */
function VendorWalletCard({
  vendor,
  mainBalance,
  symbol,
}: {
  vendor: VendorWallet;
  mainBalance: string;
  symbol: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [direction, setDirection] = useState<Direction | null>(null);
  const [error, setError] = useState('');
  const [results, setResults] = useState<WalletTransferResult[] | null>(null);
  const transfer = useWalletTransfer();
  useRefreshWhilePending(results);

  const sourceBalance = direction === 'OUT' ? vendor.balance : mainBalance;
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    clearErrors,
    formState: { errors },
  } = useZodForm(
    useMemo(() => transferFormSchema(t, sourceBalance, symbol), [t, sourceBalance, symbol]),
    // As before: the message stays until the amount changes or the next try.
    { defaultValues: { amount: '' }, reValidateMode: 'onSubmit' },
  );
  const amountError = errors.amount?.message;

  const choose = (next: Direction) => {
    setDirection((current) => (current === next ? null : next));
    reset();
    setError('');
  };

  const send = async (request: { amount: string } | { all: true }) => {
    if (!direction || transfer.isPending) return;
    setError('');
    clearErrors('amount');
    try {
      const result = await transfer.mutateAsync({ vassalage: vendor.vassalage, direction, ...request });
      setResults([result]);
      reset();
    } catch (failure) {
      if (setRefusalFieldError(failure, setFieldError, ['amount'])) return;
      const amountProblem = amountProblemOf(failure, symbol, t);
      if (amountProblem) setFieldError('amount', { type: 'server', message: amountProblem });
      else setError(messageOf(failure, t('error_network')));
    }
  };

  const onSubmit = ({ amount }: { amount: string }) => {
    const checked = checkTransferAmount(amount, sourceBalance);
    if (checked.ok) void send({ amount: checked.wire });
  };

  const headingId = `${id}-name`;
  return (
    <li className="wallet-vendor" aria-labelledby={headingId}>
      <div className="wallet-vendor__head">
        <span id={headingId} className="wallet-vendor__name">
          {vendor.name}
        </span>
        <Money amount={vendor.balance} symbol={symbol} className="wallet-vendor__balance" />
      </div>
      <div className="wallet-vendor__actions">
        <button
          type="button"
          className="money-chip wallet-vendor__toggle"
          aria-pressed={direction === 'IN'}
          aria-controls={`${id}-form`}
          onClick={() => choose('IN')}
        >
          {t('wallet_transfer_in')}
        </button>
        <button
          type="button"
          className="money-chip wallet-vendor__toggle"
          aria-pressed={direction === 'OUT'}
          aria-controls={`${id}-form`}
          onClick={() => choose('OUT')}
        >
          {t('wallet_transfer_out')}
        </button>
      </div>
      {direction && (
        <form
          id={`${id}-form`}
          className="wallet-vendor__form"
          noValidate
          aria-label={
            direction === 'IN'
              ? t('wallet_form_in', { vendor: vendor.name })
              : t('wallet_form_out', { vendor: vendor.name })
          }
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        >
          <div className="auth-field">
            <label className="auth-field__label" htmlFor={`${id}-amount`}>
              {direction === 'IN'
                ? t('wallet_amount_in', { vendor: vendor.name })
                : t('wallet_amount_out', { vendor: vendor.name })}
            </label>
            <div className="money-amount-input">
              <span className="money-amount-input__symbol" aria-hidden="true">
                {symbol}
              </span>
              <input
                id={`${id}-amount`}
                className="auth-field__input money-amount-input__field"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                {...register('amount', { onChange: () => clearErrors('amount') })}
                aria-invalid={Boolean(amountError)}
                aria-describedby={`${id}-source`}
              />
            </div>
            <p id={`${id}-source`} className="auth-field__hint">
              {t(direction === 'IN' ? 'wallet_source_main' : 'wallet_source_vendor', {
                amount: `${symbol}${formatAmount(sourceBalance)}`,
                vendor: vendor.name,
              })}
            </p>
            {amountError && <p className="auth-field__error">{amountError}</p>}
          </div>
          <div className="wallet-vendor__submit">
            <button
              type="submit"
              className="button button--primary"
              disabled={transfer.isPending}
              aria-busy={transfer.isPending}
            >
              {transfer.isPending
                ? t('money_sending')
                : direction === 'IN'
                  ? t('wallet_transfer_in')
                  : t('wallet_transfer_out')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={transfer.isPending || toMinor(sourceBalance) === 0n}
              onClick={() => void send({ all: true })}
            >
              {t('wallet_transfer_all', { amount: `${symbol}${formatAmount(sourceBalance)}` })}
            </button>
          </div>
          {error && (
            <p className="auth-form__error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
      <div aria-live="polite">
        {results?.map((result) => (
          <TransferOutcome key={result.transferId} result={result} vendorName={vendor.name} symbol={symbol} />
        ))}
      </div>
    </li>
  );
}

/** "Return all to main wallet": every vendor wallet out at once, each outcome listed. */
function ReturnAll({ nameOf, symbol }: { nameOf: (vassalage: string) => string; symbol: string }) {
  const { t } = useTranslation();
  const walletReturn = useWalletReturn();
  const [results, setResults] = useState<WalletTransferResult[] | null>(null);
  const [error, setError] = useState('');
  useRefreshWhilePending(results);

  const onReturn = async () => {
    if (walletReturn.isPending) return;
    setError('');
    try {
      setResults((await walletReturn.mutateAsync()).transfers);
    } catch (failure) {
      setError(messageOf(failure, t('error_network')));
    }
  };

  return (
    <div className="wallet-return">
      <button
        type="button"
        className="button button--primary"
        disabled={walletReturn.isPending}
        aria-busy={walletReturn.isPending}
        onClick={() => void onReturn()}
      >
        {walletReturn.isPending ? t('money_sending') : t('wallet_return_all')}
      </button>
      {error && (
        <p className="auth-form__error" role="alert">
          {error}
        </p>
      )}
      <div aria-live="polite" className="wallet-return__results">
        {results?.length === 0 && <p className="money-note">{t('wallet_return_nothing')}</p>}
        {results?.map((result) => (
          <TransferOutcome
            key={result.transferId}
            result={result}
            vendorName={nameOf(result.vassalage)}
            symbol={symbol}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * transferFund, "my wallet" (spec §2): the main wallet and each transfer-mode vendor's wallet, with
 * money moved between them (GCS_walletTransfer) and every vendor wallet brought back at once
 * (GCS_walletReturn). Seamless vendors play from the main wallet and have no wallet here.
 */
export function TransferFundPage() {
  const { t } = useTranslation();
  const balance = useWalletBalance();
  const merchantWallet = useMerchantWallet();
  const nameOf = useVendorNames();

  if (balance.isPending || merchantWallet.isPending) return <LoadingBlock />;
  if (balance.isError || merchantWallet.isError) {
    return (
      <ErrorBlock
        error={balance.error ?? merchantWallet.error}
        onRetry={() => {
          void balance.refetch();
          void merchantWallet.refetch();
        }}
      />
    );
  }

  const symbol = balance.data.currencySymbol;
  const walletOf = (accountTypeId: number) =>
    balance.data.balance.find((wallet) => wallet.accountTypeId === accountTypeId)?.availBalance ?? '0.00';
  const mainBalance = walletOf(mainAccountTypeId);
  const transferVendors = merchantWallet.data.vendors.filter((vendor) => !vendor.isSingle);
  const vendors: VendorWallet[] = transferVendors.map((vendor) => ({
    vassalage: vendor.vassalage,
    name: nameOf(vendor.vassalage, vendor.accountTypeName),
    balance: walletOf(vendor.accountTypeId),
  }));
  const nameOfVassalage = (vassalage: string) =>
    vendors.find((vendor) => vendor.vassalage === vassalage)?.name ?? vassalage;

  return (
    <div className="money-page wallet-page">
      <section className="wallet-main" aria-label={t('wallet_main')}>
        <div className="wallet-main__balance">
          <span className="money-balance__label">{t('wallet_main')}</span>
          <span className="money-balance__amount" aria-live="polite">{`${symbol}${formatAmount(mainBalance)}`}</span>
        </div>
        {vendors.length > 0 && <ReturnAll nameOf={nameOfVassalage} symbol={symbol} />}
      </section>
      {vendors.length === 0 ? (
        <div className="money-callout">
          <p className="money-callout__title">{t('wallet_single_title')}</p>
          <p>{t('wallet_single')}</p>
        </div>
      ) : (
        <>
          <p className="money-note">{t('wallet_vendors_note')}</p>
          <ul className="wallet-vendors" aria-label={t('wallet_vendors')}>
            {vendors.map((vendor) => (
              <VendorWalletCard key={vendor.vassalage} vendor={vendor} mainBalance={mainBalance} symbol={symbol} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
