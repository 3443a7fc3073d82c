/**
 * Messages of the game calls (catalogue, launch, vendor wallet), merged into the catalogue by
 * messages.ts. Same keys in TH and EN.
 */
export const th = {
};

export const en: Record<keyof typeof th, string> = {
};
