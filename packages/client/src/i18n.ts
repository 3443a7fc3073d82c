import type { Language } from '@lotus/contract';
import i18next, { type InitOptions, type Resource } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

/** TH (the default) and EN, one flat key set in both (npm run i18n:check). */
export const supportedLanguages: readonly Language[] = ['TH', 'EN'];

/** The wire and the session spell languages TH/EN; i18next gets the lower-case BCP 47 codes. */
export const toI18nCode = (language: Language): string => language.toLowerCase();

const fromI18nCode = (code: string): Language => (code === 'en' ? 'EN' : 'TH');

/** The language on screen, outside React. */
export function currentLanguage(): Language {
  return fromI18nCode(i18next.language);
}

/** The language on screen in the wire's spelling; re-renders when it changes. */
export function useLanguage(): Language {
  return fromI18nCode(useTranslation().i18n.language);
}

/** The page's `lang`, so screen readers and fonts follow a switch. */
export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = toI18nCode(language);
}

/**
 * Starts i18next for React with the apps' shared settings: flat keys (the spec's keys such as
 * `in_sure_logout` have no dots or namespaces), no fallback language (both catalogues hold every
 * key), no HTML escaping (React escapes).
 */
export async function startI18n(language: Language, resources: Resource, options?: InitOptions) {
  await i18next.use(initReactI18next).init({
    resources,
    lng: toI18nCode(language),
    fallbackLng: false,
    supportedLngs: ['th', 'en'],
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    ...options,
  });
  return i18next;
}
