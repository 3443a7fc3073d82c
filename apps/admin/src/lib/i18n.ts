import i18next from 'i18next';
import { applyDocumentLanguage, startI18n, toI18nCode } from '@lotus/client';
import en from '../locales/en.json';
import th from '../locales/th.json';
import { setApiLanguage } from './api-client';
import { session, type Language } from './session';

/**
 * TH (default) and EN with one flat key set (npm run i18n:check), set up as on the site
 * (@lotus/client). The back-office is small and used all day, so both catalogues ship in the bundle
 * and a switch is instant.
 */
export { supportedLanguages } from '@lotus/client';

function apply(language: Language): void {
  setApiLanguage(language);
  applyDocumentLanguage(language);
}

export async function initI18n(): Promise<typeof i18next> {
  const language = session.getLanguage() ?? 'TH';
  apply(language);
  return startI18n(language, { th: { translation: th }, en: { translation: en } });
}

export async function changeLanguage(language: Language): Promise<void> {
  session.setLanguage(language);
  apply(language);
  await i18next.changeLanguage(toI18nCode(language));
}
