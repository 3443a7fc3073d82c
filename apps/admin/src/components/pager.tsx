import { useTranslation } from 'react-i18next';
import { formatCount } from '../lib/format';
import { useLanguage } from '@lotus/client';

/** Previous / next with "page X of Y" and the total; nothing when everything fits on one page and there is no total to tell. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label={t('pager_label')}>
      <span className="pager-total">{t('pager_total', { total: formatCount(total, language) })}</span>
      <div className="pager-buttons">
        <button type="button" className="button is-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ‹ {t('pager_previous')}
        </button>
        <span className="pager-position">
          {t('pager_position', { page: formatCount(page, language), pages: formatCount(pages, language) })}
        </span>
        <button type="button" className="button is-ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('pager_next')} ›
        </button>
      </div>
    </nav>
  );
}
