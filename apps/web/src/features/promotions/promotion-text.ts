/**
 * A plain-text excerpt of operator HTML for promotion cards. DOMParser builds an inert document:
 * nothing in it runs or loads, and only its text is used.
 */
export function excerptOfHtml(html: string, maxLength = 140): string {
  // Block ends become spaces first, so "<p>a</p><p>b</p>" reads "a b" rather than "ab".
  const spaced = html.replace(/<\/(p|li|div|h[1-6])>|<br\s*\/?>/gi, ' $&');
  const text = (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}
