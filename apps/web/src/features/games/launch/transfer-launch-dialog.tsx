import '../../auth/auth.css';
import '../games.css';
import { formatMinorUnits, parseAmount } from '@lotus/contract';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useWhitelabel } from '../../../api/whitelabel';
import { Modal } from '../../../components/modal';
import { formatAmount } from '../../../lib/format';
import { addFieldIssues, useZodForm } from '../../../lib/forms';
import { openModal } from '../../../stores/modal-store';
import { loadGamesCatalogue } from '../games-catalogue';
import type { TransferMove, TransferWallet } from './transfer-move';

// The dialog's texts are in the games catalogue; the header can launch before any game page loaded it.
await loadGamesCatalogue();

type Choice = 'all' | 'amount' | 'none';

/** Minor units of a wire amount from the server (always well formed). */
const minorOf = (amount: string): bigint => parseAmount(amount) ?? 0n;

/** The typed amount as a wire amount, or the catalogue key of what is wrong with it. */
function checkTypedAmount(text: string, main: bigint): { wire: string } | { problem: string } {
  const typed = text.replace(/[\s,]/g, '');
  if (typed === '') return { problem: 'launch_transfer_amount_required' };
  const minor = parseAmount(typed);
  if (minor === null) return { problem: 'launch_transfer_amount_format' };
  if (minor === 0n) return { problem: 'launch_transfer_amount_required' };
  if (minor > main) return { problem: 'launch_transfer_amount_above_main' };
  return { wire: formatMinorUnits(minor) };
}

/** The amount to move: typed, well formed, above 0 and at most the main wallet (`mainText` worded in the messages). */
function transferAmountFormSchema(t: TFunction, main: bigint, mainText: string) {
  return z.object({ amount: z.string() }).superRefine((values, context) => {
    const checked = checkTypedAmount(values.amount, main);
    addFieldIssues(context, { amount: 'problem' in checked ? t(checked.problem, { amount: mainText }) : null });
  });
}

/**
 * Launching a transfer-mode game (as the original): the main wallet and the game's own wallet, and what
 * to move in before playing: all of the main wallet (the default), an amount, or nothing when the game's
 * wallet already holds money. The money comes back to the main wallet when the member leaves the game.
 * With nothing anywhere, a deposit is offered instead of a launch that could only say "balance too low".
 */
export function TransferLaunchDialog({
  wallet,
  gameName,
  onClose,
  onConfirm,
}: {
  wallet: TransferWallet;
  gameName: string | null;
  onClose: () => void;
  onConfirm: (move: TransferMove) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { data: whitelabel } = useWhitelabel();
  const main = minorOf(wallet.main);
  const inGame = minorOf(wallet.inGame);
  const [choice, setChoice] = useState<Choice>(main > 0n ? 'all' : 'none');
  const money = (amount: string) => `${wallet.symbol}${formatAmount(amount)}`;
  const amountSchema = useMemo(
    () => transferAmountFormSchema(t, main, `${wallet.symbol}${formatAmount(wallet.main)}`),
    [t, main, wallet.symbol, wallet.main],
  );
  const {
    register,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useZodForm(amountSchema, { defaultValues: { amount: '' } });
  const problem = errors.amount?.message;
  const vendor = wallet.vendorName;
  const title = gameName
    ? t('launch_transfer_title', { game: gameName })
    : t('launch_transfer_title_vendor', { vendor });
  const isEmpty = main === 0n && inGame === 0n;
  // Deposits live in the member centre; a merchant without it has no deposit page to offer (spec §2).
  const canOfferDeposit = whitelabel?.switches.memberCentre !== false;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (choice === 'all') return onConfirm({ kind: 'all' });
    if (choice === 'none') return onConfirm({ kind: 'none' });
    // Read synchronously (the schema itself, not react-hook-form's asynchronous check), so the
    // message is there as the button is pressed.
    const checked = amountSchema.safeParse(getValues());
    if (!checked.success) {
      setError('amount', { type: 'rule', message: checked.error.issues[0]!.message });
      document.getElementById(`${id}-amount`)?.focus();
      return;
    }
    const typed = checkTypedAmount(checked.data.amount, main);
    if ('wire' in typed) onConfirm({ kind: 'amount', amount: typed.wire });
  };

  const balances = (
    <dl className="transfer-launch__balances">
      <div className="transfer-launch__balance">
        <dt>{t('launch_transfer_main')}</dt>
        <dd>{money(wallet.main)}</dd>
      </div>
      <div className="transfer-launch__balance">
        <dt>{t('launch_transfer_game_wallet', { vendor })}</dt>
        <dd>{money(wallet.inGame)}</dd>
      </div>
    </dl>
  );

  if (isEmpty) {
    return (
      <Modal title={title} onClose={onClose} size="small" className="launch-dialog transfer-launch">
        {balances}
        <p className="notice-modal__message" data-problem="empty">
          {t('launch_transfer_empty')}
        </p>
        <div className="notice-modal__actions transfer-launch__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('common_cancel')}
          </button>
          {canOfferDeposit && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                onClose();
                openModal({ kind: 'memberCentre', page: 'depositv2' });
              }}
            >
              {t('launch_deposit')}
            </button>
          )}
        </div>
      </Modal>
    );
  }

  const option = (value: Choice, label: string) => (
    <label className="transfer-launch__option">
      <input
        type="radio"
        name={`${id}-choice`}
        value={value}
        checked={choice === value}
        onChange={() => {
          setChoice(value);
          clearErrors('amount');
        }}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <Modal title={title} onClose={onClose} size="small" className="launch-dialog transfer-launch">
      {balances}
      <p className="transfer-launch__note">{t('launch_transfer_note', { vendor })}</p>
      <form noValidate onSubmit={onSubmit} aria-label={title}>
        {main > 0n && (
          <fieldset className="transfer-launch__choices">
            <legend className="transfer-launch__legend">{t('launch_transfer_how')}</legend>
            {option('all', t('launch_transfer_all', { amount: money(wallet.main) }))}
            {option('amount', t('launch_transfer_amount'))}
            {inGame > 0n && option('none', t('launch_transfer_none', { amount: money(wallet.inGame) }))}
          </fieldset>
        )}
        {main === 0n && (
          <p className="transfer-launch__note">
            {t('launch_transfer_game_only', { amount: money(wallet.inGame), vendor })}
          </p>
        )}
        {choice === 'amount' && (
          <div className="auth-field transfer-launch__field">
            <label className="auth-field__label" htmlFor={`${id}-amount`}>
              {t('launch_transfer_amount_label', { vendor })}
            </label>
            <div className="transfer-launch__input">
              <span className="transfer-launch__symbol" aria-hidden="true">
                {wallet.symbol}
              </span>
              <input
                id={`${id}-amount`}
                className="auth-field__input"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                autoFocus
                {...register('amount', { onChange: () => clearErrors('amount') })}
                aria-invalid={Boolean(problem)}
                aria-describedby={`${id}-amount-note`}
              />
            </div>
            {problem ? (
              <p id={`${id}-amount-note`} className="auth-field__error" role="alert">
                {problem}
              </p>
            ) : (
              <p id={`${id}-amount-note`} className="auth-field__hint">
                {t('launch_transfer_amount_hint', { amount: money(wallet.main) })}
              </p>
            )}
          </div>
        )}
        <div className="notice-modal__actions transfer-launch__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('common_cancel')}
          </button>
          <button type="submit" className="button button--primary">
            {choice === 'none' ? t('launch_transfer_play') : t('launch_transfer_move_play')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
