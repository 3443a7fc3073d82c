import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
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

/**
 * Each catalogue is its own chunk and only the language in use is fetched, so the home page does
 * not carry the other language's texts (it counts against the home page's JavaScript budget).
 */
const catalogues: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  TH: () => import('../locales/th.json'),
  EN: () => import('../locales/en.json'),
};

async function loadCatalogue(language: Language): Promise<void> {
  const code = toI18nCode(language);
  if (i18next.hasResourceBundle(code, 'translation')) return;
  const { default: catalogue } = await catalogues[language]();
  i18next.addResourceBundle(code, 'translation', catalogue);
}

export async function initI18n(): Promise<typeof i18next> {
  const language = session.getLanguage() ?? defaultLanguage;
  setApiLanguage(language);
  applyDocumentLanguage(language);
  const { default: catalogue } = await catalogues[language]();
  await i18next.use(initReactI18next).init({
    resources: { [toI18nCode(language)]: { translation: catalogue } },
    lng: toI18nCode(language),
    // Both catalogues hold every key (npm run i18n:check), so no fallback language is needed.
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
  await loadCatalogue(language);
  await i18next.changeLanguage(toI18nCode(language));
  await notifyServerLanguage(language);
}
