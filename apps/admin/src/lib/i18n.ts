import i18next from 'i18next';
import { applyDocumentLanguage, startI18n, toI18nCode } from '@lotus/client';
import coreEn from '../locales/en.json';
import coreTh from '../locales/th.json';
import { setApiLanguage } from './api-client';
import { session, type Language } from './session';

/**
 * TH (default) and EN with one flat key set (npm run i18n:check), set up as on the site
 * (@lotus/client). The back-office is used all day, so both catalogues ship in the bundle and a
 * switch is instant. The core catalogue (locales/{th,en}.json) holds the shell's texts; each area
 * keeps its own pair in locales/<area>/{th,en}.json, merged here into the one key set.
 */
type Catalogue = Record<string, string>;
const areaCatalogues = (files: Record<string, Catalogue>): Catalogue => Object.assign({}, ...Object.values(files));
const th: Catalogue = {
  ...coreTh,
  ...areaCatalogues(import.meta.glob<Catalogue>('../locales/*/th.json', { eager: true, import: 'default' })),
};
const en: Catalogue = {
  ...coreEn,
  ...areaCatalogues(import.meta.glob<Catalogue>('../locales/*/en.json', { eager: true, import: 'default' })),
};

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
