import '../../auth/auth.css';
import '../fair.css';
import { formatMinorUnits } from '@lotus/contract';
import {
  SLOT_LINES,
  type BaccaratOutcome,
  type Card,
  type SlotRound,
  type SlotSpin,
  type SlotSymbol,
} from '@lotus/fair';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatAmount } from '../../../lib/format';
import { loadFairCatalogue } from '../fair-catalogue';
import {
  formFromQuery,
  isCompleteLink,
  queryOfForm,
  verifyRound,
  type FairGame,
  type VerifiedRound,
  type VerifyField,
  type VerifyForm,
} from '../verify-round';

await loadFairCatalogue();

const symbolKeys: Record<SlotSymbol, string> = {
  WILD: 'fair_symbol_wild',
  SCATTER: 'fair_symbol_scatter',
  LOTUS: 'fair_symbol_lotus',
  DRAGON: 'fair_symbol_dragon',
  TIGER: 'fair_symbol_tiger',
  ELEPHANT: 'fair_symbol_elephant',
  A: 'fair_symbol_a',
  K: 'fair_symbol_k',
  Q: 'fair_symbol_q',
  J: 'fair_symbol_j',
};

const suitGlyphs: Record<Card['suit'], string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const courtRanks: Record<number, string> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };

/** "Q♠", "10♣": a card as printed on it. */
function cardLabel(card: Card): string {
  return `${courtRanks[card.rank] ?? String(card.rank)}${suitGlyphs[card.suit]}`;
}

/** Minor units as the site writes money ("42.00"). */
const minorAmount = (minor: number) => formatAmount(formatMinorUnits(BigInt(minor)));

/** The cells a spin's wins are made of, `reel:row`: the first `count` reels of each winning line, and paying scatters. */
function winningCells(spin: SlotSpin): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lineWins) {
    const rows = SLOT_LINES[win.line - 1]!;
    for (let reel = 0; reel < win.count; reel += 1) cells.add(`${reel}:${rows[reel]}`);
  }
  if (spin.scatterWinMinor > 0) {
    spin.grid.forEach((column, reel) =>
      column.forEach((symbol, row) => symbol === 'SCATTER' && cells.add(`${reel}:${row}`)),
    );
  }
  return cells;
}

/** The 5x3 window, drawn row by row as it looks on the reels; winning cells are marked. */
function SlotGrid({ spin, label }: { spin: SlotSpin; label: string }) {
  const { t } = useTranslation();
  const cells = winningCells(spin);
  const rows = [0, 1, 2];
  return (
    <table className="fair-grid" aria-label={label}>
      <tbody>
        {rows.map((row) => (
          <tr key={row}>
            {spin.grid.map((column, reel) => {
              const symbol = column[row]!;
              const isWinning = cells.has(`${reel}:${row}`);
              return (
                <td key={reel} className="fair-grid__cell" data-symbol={symbol} data-winning={isWinning || undefined}>
                  {t(symbolKeys[symbol])}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function SpinWins({ spin }: { spin: SlotSpin }) {
  const { t } = useTranslation();
  if (spin.lineWins.length === 0 && spin.scatterWinMinor === 0)
    return <p className="fair-note">{t('fair_slot_no_win')}</p>;
  return (
    <ul className="fair-wins">
      {spin.lineWins.map((win) => (
        <li key={win.line}>
          {t('fair_slot_line_win', {
            line: win.line,
            count: win.count,
            symbol: t(symbolKeys[win.symbol]),
            amount: minorAmount(win.winMinor),
          })}
        </li>
      ))}
      {spin.scatterWinMinor > 0 && (
        <li>{t('fair_slot_scatter_win', { count: spin.scatterCount, amount: minorAmount(spin.scatterWinMinor) })}</li>
      )}
    </ul>
  );
}

function SlotResult({ round }: { round: SlotRound }) {
  const { t } = useTranslation();
  return (
    <div className="fair-result__body">
      <SlotGrid spin={round} label={t('fair_slot_grid')} />
      <SpinWins spin={round} />
      <dl className="fair-figures">
        <div>
          <dt>{t('fair_slot_stops')}</dt>
          <dd>{round.stops.join(', ')}</dd>
        </div>
        <div>
          <dt>{t('fair_slot_total_bet')}</dt>
          <dd>{minorAmount(round.totalBetMinor)}</dd>
        </div>
        <div>
          <dt>{t('fair_slot_free_spins')}</dt>
          <dd>{round.freeSpins.length}</dd>
        </div>
        <div className="fair-figures__total">
          <dt>{t('fair_slot_total_win')}</dt>
          <dd>{minorAmount(round.totalWinMinor)}</dd>
        </div>
      </dl>
      {round.freeSpins.length > 0 && (
        <details className="fair-free-spins">
          <summary>{t('fair_slot_free_spins_show', { count: round.freeSpins.length })}</summary>
          <ol>
            {round.freeSpins.map((spin, index) => (
              <li key={index}>
                <p className="fair-free-spins__title">
                  {t('fair_slot_free_spin', { number: index + 1, amount: minorAmount(spin.winMinor) })}
                </p>
                <SlotGrid spin={spin} label={t('fair_slot_free_spin_grid', { number: index + 1 })} />
                <SpinWins spin={spin} />
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}

function Hand({ title, cards, total }: { title: string; cards: Card[]; total: number }) {
  const { t } = useTranslation();
  return (
    <div className="fair-hand">
      <p className="fair-hand__title">{title}</p>
      <ul className="fair-hand__cards" aria-label={title}>
        {cards.map((card, index) => (
          <li key={index} className="fair-card" data-red={card.suit === 'H' || card.suit === 'D' || undefined}>
            {cardLabel(card)}
          </li>
        ))}
      </ul>
      <p className="fair-hand__total">{t('fair_baccarat_total', { total })}</p>
    </div>
  );
}

function BaccaratResult({ hand }: { hand: BaccaratOutcome }) {
  const { t } = useTranslation();
  const resultText = {
    PLAYER: t('fair_baccarat_player_wins'),
    BANKER: t('fair_baccarat_banker_wins'),
    TIE: t('fair_baccarat_tie'),
  }[hand.result];
  return (
    <div className="fair-result__body">
      <div className="fair-hands">
        <Hand title={t('fair_baccarat_player')} cards={hand.playerCards} total={hand.playerTotal} />
        <Hand title={t('fair_baccarat_banker')} cards={hand.bankerCards} total={hand.bankerTotal} />
      </div>
      <p className="fair-outcome" data-result={hand.result}>
        {resultText}
      </p>
      {(hand.playerPair || hand.bankerPair) && (
        <p className="fair-note">
          {[hand.playerPair && t('fair_baccarat_player_pair'), hand.bankerPair && t('fair_baccarat_banker_pair')]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
    </div>
  );
}

function Commitment({ round }: { round: VerifiedRound }) {
  const { t } = useTranslation();
  return (
    <div className="fair-commitment">
      <p className="fair-commitment__label">{t('fair_computed_hash')}</p>
      <code className="fair-code">{round.computedHash}</code>
      {round.isCommitmentKept === true && (
        <p className="fair-check fair-check--good">
          <span aria-hidden="true">✓ </span>
          {t('fair_hash_match')}
        </p>
      )}
      {round.isCommitmentKept === false && (
        <p className="fair-check fair-check--bad" role="alert">
          <span aria-hidden="true">✗ </span>
          {t('fair_hash_mismatch')}
        </p>
      )}
      {round.isCommitmentKept === null && <p className="fair-note">{t('fair_hash_not_checked')}</p>}
    </div>
  );
}

/** A field of the form; its problem, if any, under it. */
function Field({
  field,
  label,
  hint,
  value,
  problem,
  onChange,
  isMonospace = false,
  inputMode,
}: {
  field: VerifyField;
  label: string;
  hint?: string;
  value: string;
  problem: string;
  onChange: (field: VerifyField, value: string) => void;
  isMonospace?: boolean;
  inputMode?: 'numeric';
}) {
  const id = useId();
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={field}
        className={`auth-field__input${isMonospace ? ' fair-mono' : ''}`}
        value={value}
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(field, event.target.value)}
        aria-invalid={Boolean(problem)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </p>
      )}
      {problem && <p className="auth-field__error">{problem}</p>}
    </div>
  );
}

interface Verified {
  game: FairGame;
  round: VerifiedRound;
}

function firstState(query: URLSearchParams): {
  form: VerifyForm;
  problems: Partial<Record<VerifyField, string>>;
  verified: Verified | null;
} {
  const form = formFromQuery(query);
  const check = isCompleteLink(query) ? verifyRound(form) : null;
  return {
    form,
    problems: check && !check.ok ? check.problems : {},
    verified: check?.ok ? { game: form.game, round: check.round } : null,
  };
}

/**
 * /fair, "verify a round": the house games' rounds recomputed in the browser from the revealed
 * server seed, the client seed and the nonce, with packages/fair (the code the games run). A link
 * may prefill it; a link with the seeds and nonce is verified at once.
 */
export function FairVerifier() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  // A link that names a whole round is verified on arrival.
  const [arrival] = useState(() => firstState(searchParams));
  const [form, setForm] = useState<VerifyForm>(arrival.form);
  const [problems, setProblems] = useState<Partial<Record<VerifyField, string>>>(arrival.problems);
  const [verified, setVerified] = useState<Verified | null>(arrival.verified);
  const resultRef = useRef<HTMLElement>(null);

  const verify = (current: VerifyForm) => {
    const check = verifyRound(current);
    if (!check.ok) {
      setProblems(check.problems);
      setVerified(null);
      return;
    }
    setProblems({});
    setVerified({ game: current.game, round: check.round });
    // The address becomes a link to this round, to share or to come back to.
    setSearchParams(queryOfForm(current), { replace: true });
  };

  useEffect(() => {
    if (verified) resultRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [verified]);

  const onChange = (field: VerifyField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify(form);
  };
  const problemOf = (field: VerifyField) => (problems[field] ? t(problems[field]) : '');
  const games: [FairGame, string][] = [
    ['slot', t('fair_game_slot')],
    ['baccarat', t('fair_game_baccarat')],
  ];

  return (
    <div className="fair">
      <section className="fair-card-box fair-how" aria-labelledby="fair-how-title">
        <h2 id="fair-how-title" className="fair-heading">
          {t('fair_how_title')}
        </h2>
        <ol className="fair-steps">
          <li>
            <strong>{t('fair_how_commit_title')}</strong> {t('fair_how_commit')}
          </li>
          <li>
            <strong>{t('fair_how_client_title')}</strong> {t('fair_how_client')}
          </li>
          <li>
            <strong>{t('fair_how_nonce_title')}</strong> {t('fair_how_nonce')}
          </li>
          <li>
            <strong>{t('fair_how_reveal_title')}</strong> {t('fair_how_reveal')}
          </li>
        </ol>
      </section>

      <form className="fair-card-box fair-form" onSubmit={onSubmit} noValidate aria-label={t('fair_form')}>
        <fieldset className="fair-games">
          <legend className="auth-field__label">{t('fair_game')}</legend>
          {games.map(([game, label]) => (
            <label key={game} className="fair-game" data-selected={form.game === game}>
              <input
                type="radio"
                className="visually-hidden"
                name="game"
                checked={form.game === game}
                onChange={() => setForm((current) => ({ ...current, game }))}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="fair-form__grid">
          <Field
            field="serverSeed"
            label={t('fair_server_seed')}
            hint={t('fair_server_seed_hint')}
            value={form.serverSeed}
            problem={problemOf('serverSeed')}
            onChange={onChange}
            isMonospace
          />
          <Field
            field="serverSeedHash"
            label={t('fair_server_seed_hash')}
            hint={t('fair_server_seed_hash_hint')}
            value={form.serverSeedHash}
            problem={problemOf('serverSeedHash')}
            onChange={onChange}
            isMonospace
          />
          <Field
            field="clientSeed"
            label={t('fair_client_seed')}
            value={form.clientSeed}
            problem={problemOf('clientSeed')}
            onChange={onChange}
            isMonospace
          />
          <Field
            field="nonce"
            label={t('fair_nonce')}
            value={form.nonce}
            problem={problemOf('nonce')}
            onChange={onChange}
            inputMode="numeric"
          />
          {form.game === 'slot' && (
            <Field
              field="betPerLineMinor"
              label={t('fair_bet_per_line')}
              hint={t('fair_bet_per_line_hint')}
              value={form.betPerLineMinor}
              problem={problemOf('betPerLineMinor')}
              onChange={onChange}
              inputMode="numeric"
            />
          )}
        </div>
        <button type="submit" className="button button--primary button--large fair-form__submit">
          {t('fair_verify')}
        </button>
      </form>

      {verified && (
        <section
          ref={resultRef}
          className="fair-card-box fair-result"
          aria-labelledby="fair-result-title"
          aria-live="polite"
        >
          <h2 id="fair-result-title" className="fair-heading">
            {t(verified.game === 'slot' ? 'fair_result_slot' : 'fair_result_baccarat', {
              nonce: verified.round.seeds.nonce,
            })}
          </h2>
          <Commitment round={verified.round} />
          {verified.round.outcome.game === 'slot' ? (
            <SlotResult round={verified.round.outcome.round} />
          ) : (
            <BaccaratResult hand={verified.round.outcome.hand} />
          )}
        </section>
      )}
    </div>
  );
}
