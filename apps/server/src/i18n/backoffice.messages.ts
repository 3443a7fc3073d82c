/**
 * Messages of the backoffice calls, merged into the catalogue by messages.ts. Kept in their own file so
 * that work on different modules does not edit one file. Same keys in TH and EN.
 */
export const th = {
};

export const en: Record<keyof typeof th, string> = {
};
