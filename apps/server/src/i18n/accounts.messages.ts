/**
 * Messages of the accounts calls of modules/identity, merged into the catalogue by messages.ts. Kept in
 * their own file so that work on different calls does not edit one file. Same keys in TH and EN.
 */
export const th = {
};

export const en: Record<keyof typeof th, string> = {
};
