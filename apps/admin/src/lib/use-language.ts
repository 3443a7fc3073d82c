import { useTranslation } from 'react-i18next';
import type { Language } from './session';

/** The language on screen, re-rendering on a switch. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'EN' : 'TH';
}
