import {
  findRegisterRuleBreak,
  unsafeTextPattern,
  type RegisterFieldName,
  type RegisterFieldRule,
  type RegisterPatternId,
} from '@lotus/contract';

/**
 * The merchant's register rules (spec §3, §5) applied to one submitted field. Pure: the verdict is
 * the contract's (the site reaches the same one before sending); this only picks the message. The
 * route turns a violation into a 400 naming the field.
 */
export interface RuleViolation {
  field: string;
  messageKey:
    | 'register.field.required'
    | 'register.field.disabled'
    | 'register.field.unsafe'
    | 'register.field.invalid'
    | 'register.field.invalid.exact'
    | `register.field.invalid.${RegisterPatternId}`
    | `register.field.invalid.exact.${RegisterPatternId}`;
  params: Record<string, string | number>;
}

export function isUnsafeText(value: string): boolean {
  return unsafeTextPattern.test(value);
}

/**
 * Checks `value` (already trimmed unless secret; undefined or '' when not sent) against `rule`. A
 * length or pattern break is one message: the pattern's text in the member's language with the
 * rule's min and max (one number when they are equal), since either fix is explained by both. The
 * pattern text is chosen by the key (`register.field.invalid.{patternId}`) because a message's
 * parameters are substituted as they are, not translated.
 */
export function checkRegisterField(
  field: RegisterFieldName,
  value: string | undefined,
  rule: RegisterFieldRule | undefined,
  options: { isSecret?: boolean } = {},
): RuleViolation | null {
  const ruleBreak = findRegisterRuleBreak(value, rule, options);
  if (ruleBreak === null) return null;
  switch (ruleBreak.kind) {
    case 'required':
      return { field, messageKey: 'register.field.required', params: { field } };
    case 'disabled':
      return { field, messageKey: 'register.field.disabled', params: { field } };
    case 'unsafe':
      return { field, messageKey: 'register.field.unsafe', params: { field } };
    case 'format': {
      const { patternId, minimum, maximum, isExact } = ruleBreak;
      if (isExact) {
        const messageKey =
          patternId === null ? 'register.field.invalid.exact' : (`register.field.invalid.exact.${patternId}` as const);
        return { field, messageKey, params: { field, length: minimum } };
      }
      const messageKey =
        patternId === null ? 'register.field.invalid' : (`register.field.invalid.${patternId}` as const);
      return { field, messageKey, params: { field, minimum, maximum } };
    }
  }
}
