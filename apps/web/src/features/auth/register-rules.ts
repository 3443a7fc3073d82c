import { controlCharacterPattern, matchesRulePattern, unsafeTextPattern, type RegisterFieldRule } from '@lotus/contract';
import type { TFunction } from 'i18next';

/**
 * The merchant's register rule applied in the browser exactly as the server applies it
 * (apps/server/src/modules/identity/register-rules.ts; both read patterns through the contract's
 * matchesRulePattern), so a member sees the problem before sending.
 */

/** What an enabled rule with maxLength 0 allows: the contract's own cap. */
const uncappedMaxLength = 255;
/** Pattern messages the catalogue holds (register_pattern_{id}); others use a general text. */
const knownPatternIds = new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);


/**
 * The rule's message (spec §5): the pattern's text with min and max substituted, a single number
 * when they are equal.
 */
export function describeRule(rule: RegisterFieldRule, t: TFunction): string {
  const pattern = t(knownPatternIds.has(rule.patternId) ? `register_pattern_${rule.patternId}` : 'register_pattern_other');
  const maximum = rule.maxLength > 0 ? rule.maxLength : uncappedMaxLength;
  if (rule.minLength === maximum) return t('register_rule_exact', { pattern, length: maximum });
  if (rule.minLength === 0 && rule.maxLength === 0) return pattern;
  return t('register_rule_range', { pattern, min: rule.minLength, max: maximum });
}

/**
 * Checks one value (trimmed unless secret) against its rule; returns the message to show or null.
 * `label` names the field in the "required" message.
 */
export function checkRule(value: string, rule: RegisterFieldRule, label: string, t: TFunction, options: { isSecret?: boolean } = {}): string | null {
  if (value === '') return rule.required ? t('register_required', { field: label }) : null;
  if ((options.isSecret ? controlCharacterPattern : unsafeTextPattern).test(value)) return t('register_unsafe', { field: label });
  const maximum = rule.maxLength > 0 ? rule.maxLength : uncappedMaxLength;
  const length = [...value].length;
  if (length < rule.minLength || length > maximum || !matchesRulePattern(rule.acceptedPattern, value)) return describeRule(rule, t);
  return null;
}
