import { useTranslation } from 'react-i18next';
import { registerFeatureCatalogue } from '../lib/i18n';
import { Icon } from './icon';

// The widget brings its texts to every chunk that shows it (none is on the home page).
await registerFeatureCatalogue({
  TH: () => import('../locales/pagination/th.json'),
  EN: () => import('../locales/pagination/en.json'),
});

/** spec §9: the pagination widget shows 3 pages around the current one and 1 at each end. */
export const defaultPageRange = 3;
export const defaultMarginPages = 1;

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/** Pages to draw, 1-based, with gaps where pages are left out. */
export function buildPageItems(
  currentPage: number,
  pageCount: number,
  pageRange = defaultPageRange,
  marginPages = defaultMarginPages,
): PageItem[] {
  if (pageCount <= 0) return [];
  if (pageCount <= pageRange + 2 * marginPages) {
    return Array.from({ length: pageCount }, (_, index) => ({ kind: 'page', page: index + 1 }));
  }
  let rangeStart = Math.max(1, currentPage - Math.floor(pageRange / 2));
  const rangeEnd = Math.min(pageCount, rangeStart + pageRange - 1);
  rangeStart = Math.max(1, rangeEnd - pageRange + 1);
  const shown = new Set<number>();
  for (let page = 1; page <= marginPages; page += 1) shown.add(page);
  for (let page = rangeStart; page <= rangeEnd; page += 1) shown.add(page);
  for (let page = pageCount - marginPages + 1; page <= pageCount; page += 1) shown.add(page);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of [...shown].sort((a, b) => a - b)) {
    if (page - previous > 1) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
}

interface PaginationProps {
  currentPage: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

export function Pagination({ currentPage, pageCount, onPageChange }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pagination_label')}>
      <button
        type="button"
        className="pagination__step"
        onClick={() => onPageChange(currentPage - 1)}
        disabled={currentPage <= 1}
        aria-label={t('pagination_previous')}
      >
        <Icon name="chevron-left" size={16} />
      </button>
      {buildPageItems(currentPage, pageCount).map((item) =>
        item.kind === 'gap' ? (
          <span key={item.key} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item.page}
            type="button"
            className="pagination__page"
            aria-current={item.page === currentPage ? 'page' : undefined}
            aria-label={t('pagination_page', { page: item.page })}
            onClick={() => item.page !== currentPage && onPageChange(item.page)}
          >
            {item.page}
          </button>
        ),
      )}
      <button
        type="button"
        className="pagination__step"
        onClick={() => onPageChange(currentPage + 1)}
        disabled={currentPage >= pageCount}
        aria-label={t('pagination_next')}
      >
        <Icon name="chevron-right" size={16} />
      </button>
    </nav>
  );
}
