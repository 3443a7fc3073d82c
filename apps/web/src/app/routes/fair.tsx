import '../../styles/pages.css';
import { useTranslation } from 'react-i18next';
import { FairVerifier } from '../../features/fair/components/fair-verifier';

/** /fair: verify a house game's round (provably fair), open to everyone. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-title">
        <h1>{t('fair_title')}</h1>
        <p>{t('fair_subtitle')}</p>
      </header>
      <FairVerifier />
    </div>
  );
}
