/**
 * Contact details as member info shows them: enough for the member to recognise their own, not
 * enough for someone looking over a shoulder (or at a leaked response) to use them.
 */

/** `+66 81****678`: the first two and last three digits of the national number. Short numbers keep only the last two. */
export function maskMobile(dialingCode: string, nationalNumber: string): string {
  const digits = nationalNumber;
  const masked =
    digits.length >= 7
      ? `${digits.slice(0, 2)}${'*'.repeat(digits.length - 5)}${digits.slice(-3)}`
      : `${'*'.repeat(Math.max(digits.length - 2, 1))}${digits.slice(-2)}`;
  return `+${dialingCode} ${masked}`;
}

/**
 * `so****@example.com`: the first two characters of the local part (one when it is that short),
 * then always four stars, so the mask does not tell the local part's length.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '****';
  const local = [...email.slice(0, at)];
  const shown = local.length > 2 ? local.slice(0, 2).join('') : local.slice(0, 1).join('');
  return `${shown}****${email.slice(at)}`;
}
