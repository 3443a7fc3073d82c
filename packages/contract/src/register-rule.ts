import { isRegisterPatternId, type RegisterPatternId } from './register-patterns.ts';
import type { RegisterFieldRule } from './site.ts';

export * from './register-patterns.ts';

/**
 * How a registration rule is read, shared by the server (which enforces it) and the site (which
 * explains it before sending): both take the verdict of `findRegisterRuleBreak` and only word it,
 * so the two can never disagree.
 */

/** Text fields refuse control characters and angle brackets (no markup in names or handles). */
export const unsafeTextPattern = /[\p{Cc}<>]/u;
/** Secrets (passwords) may hold any printable character, but never control characters. */
export const controlCharacterPattern = /\p{Cc}/u;

const compiledPatterns = new Map<string, RegExp | null>();

/**
 * The rule's pattern matched against the whole value. Operators write patterns with or without
 * `^...$`; wrapping makes both mean "the whole value". '*' (or empty) means any text. A pattern
 * that does not compile refuses everything: a broken rule must not let anything through.
 */
export function matchesRulePattern(source: string, value: string): boolean {
  if (source === '*' || source === '') return true;
  let pattern = compiledPatterns.get(source);
  if (pattern === undefined) {
    try {
      pattern = new RegExp(`^(?:${source})$`, 'u');
    } catch {
      try {
        pattern = new RegExp(`^(?:${source})$`);
      } catch {
        pattern = null;
      }
    }
    compiledPatterns.set(source, pattern);
  }
  return pattern !== null && pattern.test(value);
}

/** What an enabled rule with maxLength 0 allows: the register request's own cap on a text field. */
export const uncappedRuleMaxLength = 255;

/**
 * What a rule's message says (spec §5): the pattern text (null: the general text, for an id without
 * a message of its own) and the lengths in characters, a single number when min equals max.
 */
export interface RegisterRuleFormat {
  patternId: RegisterPatternId | null;
  minimum: number;
  maximum: number;
  isExact: boolean;
}

export function describeRegisterRuleFormat(rule: RegisterFieldRule): RegisterRuleFormat {
  const maximum = rule.maxLength > 0 ? rule.maxLength : uncappedRuleMaxLength;
  return {
    patternId: isRegisterPatternId(rule.patternId) ? rule.patternId : null,
    minimum: rule.minLength,
    maximum,
    isExact: rule.minLength === maximum,
  };
}

/** Why a value breaks its rule; `format` covers length and pattern alike, as one message explains both. */
export type RegisterRuleBreak =
  { kind: 'required' } | { kind: 'disabled' } | { kind: 'unsafe' } | ({ kind: 'format' } & RegisterRuleFormat);

/**
 * Checks `value` (trimmed unless secret; undefined or '' when not sent) against `rule` (undefined
 * when the merchant has none for the field, which reads as disabled). A disabled field must be
 * absent; a required one present; a present one free of control characters (and, outside secrets,
 * of `<` `>`), within the lengths counted in characters (a Thai letter or an emoji is one, not its
 * UTF-8 or UTF-16 size) and matching the pattern.
 */
export function findRegisterRuleBreak(
  value: string | undefined,
  rule: RegisterFieldRule | undefined,
  options: { isSecret?: boolean } = {},
): RegisterRuleBreak | null {
  const isPresent = value !== undefined && value !== '';
  const isEnabled = rule?.enabled === true;
  if (!isPresent) return isEnabled && rule.required ? { kind: 'required' } : null;
  if (!isEnabled) return { kind: 'disabled' };
  if ((options.isSecret ? controlCharacterPattern : unsafeTextPattern).test(value)) return { kind: 'unsafe' };
  const format = describeRegisterRuleFormat(rule);
  const length = [...value].length;
  if (length < format.minimum || length > format.maximum || !matchesRulePattern(rule.acceptedPattern, value))
    return { kind: 'format', ...format };
  return null;
}
