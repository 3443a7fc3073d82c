import { adminAdjustmentBodySchema, type AdminMemberRow } from '@lotus/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Field, Money } from '../../components/bits';
import { Dialog } from '../../components/dialog';
import { showToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { useIdempotentMutation } from '@lotus/client';
import { queryClient } from '../../lib/query-client';
import { adjustBalance, memberKeys, memberLedgerKeys } from './api';
import { memberDeskKeys } from './desk-api';

/**
 * The contract's rules for the amount and the reason, checked as the operator types (synchronously,
 * so a message is there with the keystroke); the amount as typed, spaces around it dropped.
 */
const isAmountAccepted = (amount: string) => adminAdjustmentBodySchema.shape.amount.safeParse(amount.trim()).success;
const isReasonAccepted = (reason: string) => adminAdjustmentBodySchema.shape.reason.safeParse(reason).success;

/**
 * Credit or debit the member's main wallet with a reason. One Idempotency-Key per confirmed action
 * (the same on a retry after a lost answer), so a double click never moves money twice; a debit
 * larger than the balance is refused by the server.
 */
export function AdjustDialog({
  member,
  isOpen,
  onClose,
}: {
  member: AdminMemberRow;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [isConfirming, setConfirming] = useState(false);
  const isAmountValid = isAmountAccepted(amount);
  const isReasonValid = isReasonAccepted(reason);
  const mutation = useIdempotentMutation({
    mutationFn: (variables: { direction: 'credit' | 'debit'; amount: string; reason: string }, key: string) =>
      adjustBalance(member.id, variables, key),
    onSuccess: async (value) => {
      showToast(
        value.status === 'pending' || value.balanceAfter === null
          ? t('roles_adjust_pending')
          : t('adjust_done', { balance: formatMoney(value.balanceAfter) }),
      );
      await queryClient.invalidateQueries({ queryKey: memberLedgerKeys.of(member.id) });
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      await queryClient.invalidateQueries({ queryKey: memberDeskKeys.of(member.id) });
      close();
    },
    onError: () => setConfirming(false),
  });
  const close = () => {
    setAmount('');
    setReason('');
    setDirection('credit');
    setConfirming(false);
    mutation.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAmountValid || !isReasonValid) return;
    if (!isConfirming) {
      setConfirming(true);
      return;
    }
    mutation.mutate({ direction, amount: amount.trim(), reason: reason.trim() });
  };
  const fieldError = mutation.error instanceof ApiError ? mutation.error.field : undefined;
  return (
    <Dialog title={t('adjust_title', { username: member.username })} isOpen={isOpen} onClose={close}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="current-balance">
          <span className="muted">{t('balance_main')}</span>
          <Money amount={member.balances.main} currency={member.currency} />
        </div>
        <fieldset className="segmented" disabled={isConfirming}>
          <legend className="visually-hidden">{t('adjust_direction')}</legend>
          {(['credit', 'debit'] as const).map((value) => (
            <label key={value} className={direction === value ? `segment is-active is-${value}` : 'segment'}>
              <input
                type="radio"
                name="direction"
                value={value}
                checked={direction === value}
                onChange={() => setDirection(value)}
              />
              {t(`adjust_${value}`)}
            </label>
          ))}
        </fieldset>
        <Field
          label={t('adjust_amount', { currency: member.currency })}
          htmlFor="adjust-amount"
          error={
            amount && !isAmountValid
              ? t('adjust_amount_invalid')
              : fieldError === 'amount'
                ? mutation.error?.message
                : undefined
          }
        >
          <input
            id="adjust-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amount}
            disabled={isConfirming}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
        <Field
          label={t('adjust_reason')}
          htmlFor="adjust-reason"
          hint={t('adjust_reason_hint')}
          error={reason && !isReasonValid ? t('adjust_reason_short') : undefined}
        >
          <textarea
            id="adjust-reason"
            rows={3}
            maxLength={200}
            value={reason}
            disabled={isConfirming}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        {isConfirming && isAmountValid ? (
          <p className={`confirm-note is-${direction}`} role="status">
            {t(direction === 'credit' ? 'adjust_confirm_credit' : 'adjust_confirm_debit', {
              amount: formatMoney(amount.trim()),
              currency: member.currency,
              username: member.username,
            })}
          </p>
        ) : null}
        {fieldError === 'amount' ? null : <ErrorNote error={mutation.error} />}
        <div className="form-actions">
          <button
            type="button"
            className="button is-ghost"
            onClick={isConfirming ? () => setConfirming(false) : close}
            disabled={mutation.isPending}
          >
            {isConfirming ? t('back') : t('cancel')}
          </button>
          <button
            type="submit"
            className={direction === 'debit' ? 'button is-danger' : 'button is-primary'}
            disabled={!isAmountValid || !isReasonValid || mutation.isPending}
          >
            {mutation.isPending ? t('working') : isConfirming ? t('adjust_submit') : t('adjust_review')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
