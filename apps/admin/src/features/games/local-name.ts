/** A vendor's or game's name in the back-office's language (i18next's `th` or `en`). */
export function localName(language: string, names: { nameTh: string; nameEn: string }): string {
  return language.startsWith('th') ? names.nameTh : names.nameEn;
}
