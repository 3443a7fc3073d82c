import { useTranslation } from 'react-i18next';
import { changeLanguage, supportedLanguages } from '../lib/i18n';
import { useLanguage } from '@lotus/client';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="language-switch" role="group" aria-label={t('language')}>
      {supportedLanguages.map((code) => (
        <button
          key={code}
          type="button"
          className={code === language ? 'is-active' : undefined}
          aria-pressed={code === language}
          onClick={() => void changeLanguage(code)}
        >
          {code === 'TH' ? 'ไทย' : 'EN'}
        </button>
      ))}
    </div>
  );
}
