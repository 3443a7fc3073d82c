import '../register-recovery.css';
import type { Country } from '@lotus/contract';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../api/member';
import { Icon } from '../../../components/icon';
import { CountryFlag } from './country-flag';

/** spec §2: the picker closes 200 ms after focus leaves it (time for a click on an option to land). */
export const countryPickerCloseDelayMs = 200;

/** The merchant's own country, where the picker starts (spec §2; the demo brand is Thai). */
export const defaultDialingCode = '66';

/** Shown until GET /wps/system/country answers: the merchant's own country (spec §1, Thai brand). */
const fallbackCountries: Country[] = [{ countryCode: 'TH', countryDialingCode: '+66', name: 'Thailand', flag: '' }];

interface Option {
  countryCode: string;
  /** Without the plus: `66`. */
  dialingCode: string;
  name: string;
}

export interface CountryPickerProps {
  /** The dialling code without the plus, e.g. `66`. */
  value: string;
  onChange: (dialingCode: string) => void;
  /** For a `<label htmlFor>`; the trigger button gets it. */
  id?: string;
  /** Marks the trigger invalid together with the phone number it belongs to. */
  isInvalid?: boolean;
  disabled?: boolean;
}

const toOption = (country: Country): Option => ({
  countryCode: country.countryCode,
  dialingCode: country.countryDialingCode.replace(/^\+/, ''),
  name: country.name,
});

function matches(option: Option, query: string): boolean {
  const text = query.trim().toLowerCase();
  if (!text) return true;
  const digits = text.replace(/^\+/, '');
  if (/^\d+$/.test(digits)) return option.dialingCode.startsWith(digits);
  return option.name.toLowerCase().includes(text) || option.countryCode.toLowerCase() === text;
}

/**
 * The country dialling-code picker of the phone fields (spec §2): a button showing the flag and
 * code opens a searchable list of GET /wps/system/country (names in the site's language). Arrow
 * keys move, Enter picks, Escape closes; it closes 200 ms after focus leaves it. Two countries may
 * share a code (+1): the one picked is remembered so its own flag stays shown.
 */
export function CountryPicker({ value, onChange, id, isInvalid = false, disabled = false }: CountryPickerProps) {
  const { t } = useTranslation();
  const countries = useCountries(true);
  const options = (countries.data && countries.data.length > 0 ? countries.data : fallbackCountries).map(toOption);
  const [pickedCountryCode, setPickedCountryCode] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const closeTimerRef = useRef<number | null>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const selected = options.find((option) => option.dialingCode === value && option.countryCode === pickedCountryCode) ??
    options.find((option) => option.dialingCode === value) ?? { countryCode: '', dialingCode: value, name: '' };
  const filtered = options.filter((option) => matches(option, query));

  const cancelClose = () => {
    if (closeTimerRef.current !== null) window.clearTimeout(closeTimerRef.current);
    closeTimerRef.current = null;
  };
  useEffect(() => cancelClose, []);

  useEffect(() => {
    if (isOpen) searchRef.current?.focus();
  }, [isOpen]);

  useEffect(() => {
    if (isOpen) document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, activeIndex]);

  const open = () => {
    if (disabled) return;
    cancelClose();
    setQuery('');
    setActiveIndex(Math.max(0, options.indexOf(selected)));
    setIsOpen(true);
  };

  const close = (returnFocus: boolean) => {
    cancelClose();
    setIsOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const choose = (option: Option) => {
    setPickedCountryCode(option.countryCode);
    if (option.dialingCode !== value) onChange(option.dialingCode);
    close(true);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && rootRef.current?.contains(event.relatedTarget)) return;
    cancelClose();
    closeTimerRef.current = window.setTimeout(() => {
      closeTimerRef.current = null;
      setIsOpen(false);
    }, countryPickerCloseDelayMs);
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open();
    }
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = filtered.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActiveIndex((index) => (index >= last ? 0 : index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex((index) => (index <= 0 ? Math.max(last, 0) : index - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActiveIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setActiveIndex(Math.max(last, 0));
        break;
      case 'Enter': {
        // Never submits the form around it.
        event.preventDefault();
        const option = filtered[activeIndex];
        if (option) choose(option);
        break;
      }
      case 'Escape':
        // Closes the picker only, not the modal it sits in.
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
    }
  };

  return (
    <div ref={rootRef} className="country-picker" data-open={isOpen} onBlur={onBlur} onFocus={cancelClose}>
      <button
        ref={triggerRef}
        id={id}
        type="button"
        className="country-picker__trigger"
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-invalid={isInvalid}
        aria-label={t('country_picker_trigger', { name: selected.name || t('register_dialing_code'), code: value })}
        disabled={disabled}
        onClick={() => (isOpen ? close(true) : open())}
        onKeyDown={onTriggerKeyDown}
      >
        <CountryFlag countryCode={selected.countryCode} />
        <span className="country-picker__code">+{value}</span>
        <Icon name="chevron-down" size={14} className="country-picker__chevron" />
      </button>
      {isOpen && (
        // Clicks inside the panel keep the focus in the search box, so the panel stays open.
        <div
          className="country-picker__panel"
          onMouseDown={(event) => event.target !== searchRef.current && event.preventDefault()}
        >
          <div className="country-picker__search">
            <Icon name="search" size={16} />
            <input
              ref={searchRef}
              className="country-picker__search-input"
              type="search"
              role="combobox"
              aria-expanded
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={filtered[activeIndex] ? optionId(activeIndex) : undefined}
              aria-label={t('country_picker_search')}
              placeholder={t('country_picker_search')}
              autoComplete="off"
              maxLength={40}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActiveIndex(0);
              }}
              onKeyDown={onSearchKeyDown}
            />
          </div>
          <ul id={listId} className="country-picker__list" role="listbox" aria-label={t('register_dialing_code')}>
            {filtered.map((option, index) => (
              <li
                key={`${option.countryCode}-${option.dialingCode}`}
                id={optionId(index)}
                className="country-picker__option"
                role="option"
                aria-selected={option === selected}
                data-active={index === activeIndex}
                onMouseMove={() => index !== activeIndex && setActiveIndex(index)}
                onClick={() => choose(option)}
              >
                <CountryFlag countryCode={option.countryCode} />
                <span className="country-picker__name">{option.name}</span>
                <span className="country-picker__dialing">+{option.dialingCode}</span>
              </li>
            ))}
          </ul>
          {filtered.length === 0 && <p className="country-picker__empty">{t('country_picker_none')}</p>}
        </div>
      )}
    </div>
  );
}
