import '../register-recovery.css';
import type { RegisterFieldRule } from '@lotus/contract';
import { useId, useState, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeRule } from '../register-rules';

export interface RuleFieldProps {
  id: string;
  name: string;
  label: string;
  rule: RegisterFieldRule;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  /**
   * spec §5: username and password explain their rule in a bubble while hovered or focused; the
   * other fields keep the rule's message under them.
   */
  hasHoverHint?: boolean;
  /** Drawn before the input on the same row (the dialling-code picker of a phone number). */
  prefix?: ReactNode;
  /** Overrides the rule as the required mark (a confirmation is required without a rule of its own). */
  isRequired?: boolean;
  /** False for a field that repeats another (a confirmation): no rule message under it. */
  hasRuleHint?: boolean;
  /** Defaults to the label. */
  placeholder?: string;
}

/**
 * One input under a merchant register rule: its label (with a mark when required), its message
 * under it (the error once checked, otherwise the rule with min and max), and the hover/focus hint.
 */
export function RuleField({
  id,
  name,
  label,
  rule,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete = 'off',
  inputMode,
  hasHoverHint = false,
  prefix,
  isRequired,
  hasRuleHint = true,
  placeholder,
}: RuleFieldProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [isHovered, setIsHovered] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  const ruleText = describeRule(rule, t);
  const required = isRequired ?? rule.required;
  const isHintShown = (isHovered || isFocused) && !error;
  const hasDescription = hasHoverHint ? isHintShown : hasRuleHint && !error;
  const input = (
    <input
      id={id}
      className="auth-field__input"
      name={name}
      type={type}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={rule.maxLength > 0 ? rule.maxLength : 255}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onFocus={() => setIsFocused(true)}
      onBlur={() => setIsFocused(false)}
      aria-invalid={Boolean(error)}
      aria-describedby={hasDescription ? hintId : undefined}
      aria-required={required}
      placeholder={placeholder ?? label}
    />
  );
  return (
    <div
      className={`auth-field${hasHoverHint ? ' auth-field--hinted' : ''}`}
      onMouseEnter={hasHoverHint ? () => setIsHovered(true) : undefined}
      onMouseLeave={hasHoverHint ? () => setIsHovered(false) : undefined}
    >
      <label className="auth-field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="auth-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {prefix ? (
        <div className="auth-field__row">
          {prefix}
          {input}
        </div>
      ) : (
        input
      )}
      {/*
        The bubble exists only while shown (and not while the error, which says the rule with the
        problem, is), so the rule's text is on the page once.
      */}
      {hasHoverHint
        ? isHintShown && (
            <p id={hintId} role="tooltip" className="rule-hint">
              {ruleText}
            </p>
          )
        : !error &&
          hasRuleHint && (
            <p id={hintId} className="auth-field__hint">
              {ruleText}
            </p>
          )}
      {error && <p className="auth-field__error">{error}</p>}
    </div>
  );
}
