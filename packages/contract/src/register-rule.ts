/**
 * How a registration rule's text checks are read, shared by the server (which enforces them) and
 * the site (which explains them before sending), so the two can never disagree.
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
