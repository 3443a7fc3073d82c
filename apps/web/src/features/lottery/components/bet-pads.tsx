import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kenoMaxPicks } from '../bet-slip';

const digits = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** A row's quick picks: the digits each chooses (clear chooses none). */
const quickPicks: { key: string; digits: readonly string[] }[] = [
  { key: 'BIG', digits: ['5', '6', '7', '8', '9'] },
  { key: 'SMALL', digits: ['0', '1', '2', '3', '4'] },
  { key: 'ODD', digits: ['1', '3', '5', '7', '9'] },
  { key: 'EVEN', digits: ['0', '2', '4', '6', '8'] },
  { key: 'ALL', digits },
  { key: 'CLEAR', digits: [] },
];

const toggled = <T,>(list: readonly T[], item: T): T[] =>
  list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];

/**
 * Digit rows: one row of 0-9 per position (FAST5D), or per named row (`rowLabels`' text keys: the
 * Vietnamese đầu/đuôi's tens and units), with the row's quick picks.
 */
export function DigitPad({
  positions,
  rows,
  onChange,
  rowLabels,
}: {
  positions: number[];
  rows: string[][];
  onChange: (rows: string[][]) => void;
  rowLabels?: string[];
}) {
  const { t } = useTranslation();
  const setRow = (index: number, row: string[]) =>
    onChange(positions.map((_, at) => (at === index ? row : (rows[at] ?? []))));
  return (
    <div className="lottery-pad">
      {positions.map((position, index) => {
        const row = rows[index] ?? [];
        const rowLabel = rowLabels?.[index];
        const label = rowLabel ? t(rowLabel) : t('lottery_position', { position });
        return (
          <div key={position} className="lottery-pad__row" role="group" aria-label={label}>
            <span className="lottery-pad__label">{label}</span>
            <div className="lottery-pad__keys">
              {digits.map((digit) => (
                <button
                  key={digit}
                  type="button"
                  className="lottery-key lottery-key--ball"
                  aria-pressed={row.includes(digit)}
                  aria-label={
                    rowLabel ? t('lottery_digit_in', { digit, row: label }) : t('lottery_digit_at', { digit, position })
                  }
                  onClick={() => setRow(index, toggled(row, digit))}
                >
                  {digit}
                </button>
              ))}
            </div>
            <div className="lottery-pad__quick">
              {quickPicks.map((pick) => (
                <button
                  key={pick.key}
                  type="button"
                  className="lottery-chip lottery-chip--small"
                  aria-label={
                    rowLabel
                      ? t('lottery_quick_in', { choice: t(`lottery_quick_${pick.key}`), row: label })
                      : t('lottery_quick_at', { choice: t(`lottery_quick_${pick.key}`), position })
                  }
                  onClick={() => setRow(index, [...pick.digits])}
                >
                  {t(`lottery_quick_${pick.key}`)}
                </button>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** Choice chips (big, small, odd, even). */
export function ChoicePad({
  choices,
  picked,
  onChange,
  label,
}: {
  choices: readonly string[];
  picked: string[];
  onChange: (picked: string[]) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="lottery-pad__row" role="group" aria-label={label}>
      <span className="lottery-pad__label">{label}</span>
      <div className="lottery-pad__keys">
        {choices.map((choice) => (
          <button
            key={choice}
            type="button"
            className="lottery-chip"
            aria-pressed={picked.includes(choice)}
            onClick={() => onChange(toggled(picked, choice))}
          >
            {t(`lottery_choice_${choice}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Positions 1-5, then the choices of each. */
export function PositionChoicePad({
  choices,
  positions,
  picked,
  onChange,
}: {
  choices: readonly string[];
  positions: number[];
  picked: string[];
  onChange: (positions: number[], picked: string[]) => void;
}) {
  const { t } = useTranslation();
  const label = t('lottery_positions');
  return (
    <div className="lottery-pad">
      <div className="lottery-pad__row" role="group" aria-label={label}>
        <span className="lottery-pad__label">{label}</span>
        <div className="lottery-pad__keys">
          {[1, 2, 3, 4, 5].map((position) => (
            <button
              key={position}
              type="button"
              className="lottery-chip"
              aria-pressed={positions.includes(position)}
              onClick={() => onChange(toggled(positions, position), picked)}
            >
              {t('lottery_position', { position })}
            </button>
          ))}
        </div>
      </div>
      <ChoicePad
        choices={choices}
        picked={picked}
        label={t('lottery_choices')}
        onChange={(next) => onChange(positions, next)}
      />
    </div>
  );
}

/**
 * Numbers of `length` digits (Thai plays): typed or keyed in, then added to the list of chosen
 * numbers; a number already chosen is said so, not added twice.
 */
export function NumberPad({
  length,
  numbers,
  onChange,
}: {
  length: number;
  numbers: string[];
  onChange: (numbers: string[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const type = (next: string) => {
    setProblem(null);
    setDraft(next.replace(/[^0-9]/g, '').slice(0, length));
  };
  const add = () => {
    if (draft.length !== length) {
      setProblem(t('lottery_number_length', { count: length }));
      return;
    }
    if (numbers.includes(draft)) {
      setProblem(t('lottery_number_chosen', { number: draft }));
      return;
    }
    onChange([...numbers, draft]);
    setDraft('');
  };
  return (
    <div className="lottery-pad lottery-pad--numbers">
      <div className="lottery-entry">
        <label className="lottery-field" htmlFor={`${id}-number`}>
          <span className="lottery-field__label">{t('lottery_number_label', { count: length })}</span>
          <input
            id={`${id}-number`}
            className="auth-field__input lottery-entry__input"
            inputMode="numeric"
            autoComplete="off"
            value={draft}
            maxLength={length}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => type(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </label>
        <div className="lottery-keypad" role="group" aria-label={t('lottery_keypad')}>
          {digits.map((digit) => (
            <button key={digit} type="button" className="lottery-key" onClick={() => type(draft + digit)}>
              {digit}
            </button>
          ))}
          <button
            type="button"
            className="lottery-key"
            aria-label={t('lottery_key_delete')}
            onClick={() => type(draft.slice(0, -1))}
          >
            ⌫
          </button>
          <button type="button" className="lottery-key lottery-key--add" onClick={add}>
            {t('lottery_add_number')}
          </button>
        </div>
        {problem ? (
          <p id={`${id}-problem`} className="lottery-field__problem" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="lottery-chosen">
        <span className="lottery-pad__label">{t('lottery_chosen_numbers', { count: numbers.length })}</span>
        {numbers.length > 0 ? (
          <ul className="lottery-chosen__list">
            {numbers.map((number) => (
              <li key={number} className="lottery-chosen__item">
                <span>{number}</span>
                <button
                  type="button"
                  className="lottery-chosen__remove"
                  aria-label={t('lottery_remove_number', { number })}
                  onClick={() => onChange(numbers.filter((entry) => entry !== number))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/** Keno: the 80 numbers, 1 to 10 picked (the play is the pick of that many). */
export function KenoGrid({ picked, onChange }: { picked: string[]; onChange: (picked: string[]) => void }) {
  const { t } = useTranslation();
  const isFull = picked.length >= kenoMaxPicks;
  return (
    <div className="lottery-pad">
      <div className="lottery-pad__head">
        <span className="lottery-pad__label" role="status">
          {t('lottery_keno_picked', { count: picked.length, max: kenoMaxPicks })}
        </span>
        <button type="button" className="lottery-chip lottery-chip--small" onClick={() => onChange([])}>
          {t('lottery_quick_CLEAR')}
        </button>
      </div>
      <div className="lottery-keno" role="group" aria-label={t('lottery_keno_numbers')}>
        {Array.from({ length: 80 }, (_, index) => String(index + 1)).map((number) => {
          const isPicked = picked.includes(number);
          return (
            <button
              key={number}
              type="button"
              className="lottery-key lottery-key--keno"
              aria-pressed={isPicked}
              disabled={!isPicked && isFull}
              onClick={() => onChange(toggled(picked, number))}
            >
              {number}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/**
 * Xiên and trượt xiên: a combination of `size` distinct numbers is keyed in on the number pad, then
 * added as one line (one combination, one unit); the same set twice is said so, not added.
 */
export function ComboPad({
  size,
  length,
  combos,
  onChange,
}: {
  size: number;
  length: number;
  combos: string[][];
  onChange: (combos: string[][]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const keyOf = (numbers: readonly string[]) => [...numbers].sort().join(',');
  const pick = (numbers: string[]) => {
    setProblem(null);
    setDraft(numbers.slice(0, size));
  };
  const add = () => {
    if (draft.length !== size) {
      setProblem(t('lottery_combo_size', { count: size }));
      return;
    }
    if (combos.some((combo) => keyOf(combo) === keyOf(draft))) {
      setProblem(t('lottery_combo_chosen', { combo: draft.join('-') }));
      return;
    }
    onChange([...combos, [...draft].sort()]);
    setDraft([]);
  };
  return (
    <div className="lottery-pad">
      <NumberPad length={length} numbers={draft} onChange={pick} />
      <div className="lottery-combos">
        <span className="lottery-pad__label" role="status">
          {t('lottery_combo_progress', { count: draft.length, size })}
        </span>
        <button
          type="button"
          className="button button--secondary button--small"
          aria-describedby={problem ? `${id}-problem` : undefined}
          onClick={add}
        >
          {t('lottery_add_combo', { count: size })}
        </button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="lottery-field__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="lottery-chosen">
        <span className="lottery-pad__label">{t('lottery_chosen_combos', { count: combos.length })}</span>
        {combos.length > 0 ? (
          <ul className="lottery-chosen__list" aria-label={t('lottery_chosen_combos', { count: combos.length })}>
            {combos.map((combo) => {
              const text = combo.join('-');
              return (
                <li key={text} className="lottery-chosen__item">
                  <span>{text}</span>
                  <button
                    type="button"
                    className="lottery-chosen__remove"
                    aria-label={t('lottery_remove_combo', { combo: text })}
                    onClick={() => onChange(combos.filter((entry) => entry !== combo))}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
