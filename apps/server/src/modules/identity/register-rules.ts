import { controlCharacterPattern, matchesRulePattern, unsafeTextPattern, type RegisterFieldName, type RegisterFieldRule } from '@lotus/contract';

/**
 * The merchant's register rules (spec §3, §5) applied to one submitted field. Pure: the route turns
 * a violation into a 400 naming the field, with the rule's min and max in the message.
 */
export interface RuleViolation {
  field: string;
  messageKey:
    | 'register.field.required'
    | 'register.field.disabled'
    | 'register.field.unsafe'
    | 'register.field.invalid'
    | 'register.field.invalid.exact';
  params: Record<string, string | number>;
}


/** What an enabled rule with maxLength 0 allows: the contract's own cap. */
const uncappedMaxLength = 255;

export function isUnsafeText(value: string): boolean {
  return unsafeTextPattern.test(value);
}

/**
 * Checks `value` (already trimmed; undefined or '' when not sent) against `rule`. A disabled field
 * must be absent or empty; a required one present; a present one free of control characters and
 * HTML, within the lengths (in characters, not bytes) and matching the pattern.
 */
export function checkRegisterField(
  field: RegisterFieldName,
  value: string | undefined,
  rule: RegisterFieldRule | undefined,
  options: { isSecret?: boolean } = {},
): RuleViolation | null {
  const isPresent = value !== undefined && value !== '';
  const isEnabled = rule?.enabled === true;
  if (!isPresent) return isEnabled && rule.required ? { field, messageKey: 'register.field.required', params: { field } } : null;
  if (!isEnabled) return { field, messageKey: 'register.field.disabled', params: { field } };
  const unsafe = options.isSecret ? controlCharacterPattern : unsafeTextPattern;
  if (unsafe.test(value)) return { field, messageKey: 'register.field.unsafe', params: { field } };
  const minimum = rule.minLength;
  const maximum = rule.maxLength > 0 ? rule.maxLength : uncappedMaxLength;
  const length = [...value].length;
  if (length < minimum || length > maximum || !matchesRulePattern(rule.acceptedPattern, value)) {
    return minimum === maximum
      ? { field, messageKey: 'register.field.invalid.exact', params: { field, length: minimum } }
      : { field, messageKey: 'register.field.invalid', params: { field, minimum, maximum } };
  }
  return null;
}
