import i18next from 'i18next';
import { apiPaths } from '@lotus/contract';
import { applyDocumentLanguage, currentLanguage, startI18n, toI18nCode } from '@lotus/client';
import { apiRequest, setApiLanguage } from './api-client';
import { session, type Language } from './session';

export { supportedLanguages } from '@lotus/client';

/** The site's i18n (shared set-up in @lotus/client): the language until the member picks one. */
export const defaultLanguage: Language = 'TH';

/**
 * Each catalogue is its own chunk and only the language in use is fetched, so the home page does
 * not carry the other language's texts (it counts against the home page's JavaScript budget).
 */
const catalogues: Record<Language, () => Promise<{ default: Record<string, string> }>> = {
  TH: () => import('../locales/th.json'),
  EN: () => import('../locales/en.json'),
};

type CatalogueLoaders = Record<Language, () => Promise<{ default: Record<string, string> }>>;

/** Catalogues of lazily loaded features (locales/<feature>/), each loaded with its chunk. */
const featureCatalogues: CatalogueLoaders[] = [];
const loadedCatalogues = new Set<string>();

async function loadInto(loaders: CatalogueLoaders, language: Language, id: string): Promise<void> {
  if (loadedCatalogues.has(`${id}:${language}`)) return;
  const { default: catalogue } = await loaders[language]();
  // Deep merge into the one namespace: keys stay flat and unique across files (npm run i18n:check).
  i18next.addResourceBundle(toI18nCode(language), 'translation', catalogue, true, false);
  loadedCatalogues.add(`${id}:${language}`);
}

/** The core catalogue and every registered feature's in `language` (a switch; the server's render). */
export async function loadCatalogue(language: Language): Promise<void> {
  await loadInto(catalogues, language, 'core');
  await Promise.all(featureCatalogues.map((loaders, index) => loadInto(loaders, language, `feature-${index}`)));
}

/**
 * A lazily loaded feature brings its own texts: its chunk awaits this before drawing, and a later
 * language switch loads the feature's other catalogue too. Several chunks may share one loaders
 * object (the feature's *-catalogue.ts); it registers and loads once.
 */
export async function registerFeatureCatalogue(loaders: CatalogueLoaders): Promise<void> {
  if (!featureCatalogues.includes(loaders)) featureCatalogues.push(loaders);
  // On the site every chunk loads after initI18n. Only a unit test imports a module before it
  // starts i18n itself (with the texts it needs): there is no store to add to yet.
  if (!i18next.isInitialized) return;
  await loadInto(loaders, currentLanguage(), `feature-${featureCatalogues.indexOf(loaders)}`);
}

export async function initI18n(): Promise<typeof i18next> {
  const language = session.getLanguage() ?? defaultLanguage;
  setApiLanguage(language);
  applyDocumentLanguage(language);
  const { default: catalogue } = await catalogues[language]();
  loadedCatalogues.add(`core:${language}`);
  return startI18n(language, { [toI18nCode(language)]: { translation: catalogue } });
}

/**
 * Tells the server the member's language so its messages (SMS, e-mail, errors) follow the site.
 * Only a logged-in member has a server-side language; visitors send theirs in the Language header
 * of every call, so without a token there is nothing to tell.
 */
export async function notifyServerLanguage(language: Language): Promise<void> {
  if (!session.hasToken()) return;
  // A failure here must not undo the switch on screen; the next login sends the language again.
  await apiRequest(apiPaths.memberLanguage, { method: 'POST', body: { language }, isSilent: true }).catch(
    () => undefined,
  );
}

export async function changeLanguage(language: Language): Promise<void> {
  session.setLanguage(language);
  setApiLanguage(language);
  applyDocumentLanguage(language);
  await loadCatalogue(language);
  await i18next.changeLanguage(toI18nCode(language));
  await notifyServerLanguage(language);
}
