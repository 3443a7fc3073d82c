import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import th from '../locales/th.json';
import { setApiLanguage } from './api-client';
import { session, type Language } from './session';

/**
 * i18next with flat keys (the spec's keys such as `in_sure_logout` contain no dots or namespaces).
 * The wire and session use TH/EN; i18next gets the lower-case BCP 47 codes.
 */
export const defaultLanguage: Language = 'TH';
export const supportedLanguages: readonly Language[] = ['TH', 'EN'];

const toI18nCode = (language: Language): string => language.toLowerCase();

export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'EN' : 'TH';
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = toI18nCode(language);
}

export function initI18n(): typeof i18next {
  const language = session.getLanguage() ?? defaultLanguage;
  setApiLanguage(language);
  applyDocumentLanguage(language);
  void i18next.use(initReactI18next).init({
    resources: { th: { translation: th }, en: { translation: en } },
    lng: toI18nCode(language),
    fallbackLng: 'th',
    supportedLngs: ['th', 'en'],
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18next;
}

/**
 * Tells the server the member's language so its messages (SMS, e-mail, errors) follow the site.
 * Only a logged-in member has a server-side language; visitors send theirs in the Language header
 * of every call, so without a token there is nothing to tell.
 */
export async function notifyServerLanguage(language: Language): Promise<void> {
  if (!session.hasToken()) return;
  // The member-language call arrives with the login issue; until then no member can be logged in.
  void language;
}

export async function changeLanguage(language: Language): Promise<void> {
  session.setLanguage(language);
  setApiLanguage(language);
  applyDocumentLanguage(language);
  await i18next.changeLanguage(toI18nCode(language));
  await notifyServerLanguage(language);
}
