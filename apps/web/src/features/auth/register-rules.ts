import {
  describeRegisterRuleFormat,
  findRegisterRuleBreak,
  type RegisterFieldRule,
  type RegisterRuleFormat,
} from '@lotus/contract';
import type { TFunction } from 'i18next';

/**
 * The merchant's register rule applied in the browser exactly as the server applies it
 * (apps/server/src/modules/identity/registration/register-rules.ts): both take the contract's
 * findRegisterRuleBreak verdict and word it with the same pattern texts, so a member sees the
 * server's answer before sending.
 */

/**
 * The rule's message (spec §5): the pattern's text (register_pattern_{id}, 24 of them; any other id
 * gets the general text) with min and max substituted, a single number when they are equal.
 */
export function describeRule(rule: RegisterFieldRule, t: TFunction): string {
  return wordFormat(describeRegisterRuleFormat(rule), t);
}

function wordFormat({ patternId, minimum, maximum, isExact }: RegisterRuleFormat, t: TFunction): string {
  const pattern = t(patternId === null ? 'register_pattern_other' : `register_pattern_${patternId}`);
  return isExact
    ? t('register_rule_exact', { pattern, length: minimum })
    : t('register_rule_range', { pattern, min: minimum, max: maximum });
}

/**
 * Checks one value (trimmed unless secret; '' when empty) against its rule (undefined: the merchant
 * has none, so nothing may be sent); returns the message to show or null. `label` names the field.
 */
export function checkRule(
  value: string,
  rule: RegisterFieldRule | undefined,
  label: string,
  t: TFunction,
  options: { isSecret?: boolean } = {},
): string | null {
  const ruleBreak = findRegisterRuleBreak(value, rule, options);
  if (ruleBreak === null) return null;
  switch (ruleBreak.kind) {
    case 'required':
      return t('register_required', { field: label });
    case 'disabled':
      return t('register_rule_disabled', { field: label });
    case 'unsafe':
      return t('register_unsafe', { field: label });
    case 'format':
      return wordFormat(ruleBreak, t);
  }
}

/** The confirmation of a new password: required, and the same as the password (compared untrimmed). */
export function checkConfirmation(confirmation: string, password: string, label: string, t: TFunction): string | null {
  if (!confirmation) return t('register_required', { field: label });
  if (confirmation !== password) return t('register_confirm_mismatch');
  return null;
}
