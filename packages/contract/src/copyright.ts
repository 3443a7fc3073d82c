// No zod here: the site's footer (on every page's first load) imports this, and a module that
// builds schemas would pull zod into the home page's entry chunk.
/**
 * The years a footer's copyright covers (spec §2 named 2019-2025 when it was written; the range moves
 * with the clock): from the brand's start year to `currentYear`, or the current year alone. The
 * caller says which clock the current year is read from.
 */
export function copyrightRange(startYear: number | null | undefined, currentYear: number): string {
  return startYear != null && startYear < currentYear ? `${startYear}-${currentYear}` : String(currentYear);
}
