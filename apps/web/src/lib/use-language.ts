import { useTranslation } from 'react-i18next';
import type { Language } from './session';

/** The current site language in the wire's spelling (TH, EN); re-renders when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'EN' : 'TH';
}
