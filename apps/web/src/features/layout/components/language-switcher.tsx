import { useTranslation } from 'react-i18next';
import { Flag } from '../../../components/flag';
import { changeLanguage, supportedLanguages } from '../../../lib/i18n';
import { useLanguage } from '@lotus/client';

/** TH / EN buttons with flags; the current language is pressed. */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="language-switcher" role="group" aria-label={t('language_label')}>
      {supportedLanguages.map((option) => (
        <button
          key={option}
          type="button"
          className="language-switcher__option"
          aria-pressed={option === language}
          lang={option.toLowerCase()}
          onClick={() => option !== language && void changeLanguage(option)}
        >
          <Flag language={option} />
          <span className="language-switcher__code">{option}</span>
          <span className="visually-hidden">{t(`language_${option}`)}</span>
        </button>
      ))}
    </div>
  );
}
