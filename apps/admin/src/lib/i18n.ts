import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import th from '../locales/th.json';
import { setApiLanguage } from './api-client';
import { session, type Language } from './session';

/**
 * TH (default) and EN with one flat key set (npm run i18n:check). The back-office is small and used
 * all day, so both catalogues ship in the bundle and a switch is instant.
 */
export const supportedLanguages: readonly Language[] = ['TH', 'EN'];

export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'EN' : 'TH';
}

function apply(language: Language): void {
  setApiLanguage(language);
  document.documentElement.lang = language.toLowerCase();
}

export async function initI18n(): Promise<typeof i18next> {
  const language = session.getLanguage() ?? 'TH';
  apply(language);
  await i18next.use(initReactI18next).init({
    resources: { th: { translation: th }, en: { translation: en } },
    lng: language.toLowerCase(),
    fallbackLng: false,
    supportedLngs: ['th', 'en'],
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18next;
}

export async function changeLanguage(language: Language): Promise<void> {
  session.setLanguage(language);
  apply(language);
  await i18next.changeLanguage(language.toLowerCase());
}
