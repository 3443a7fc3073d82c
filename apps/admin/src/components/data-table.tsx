import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Right-aligned figures (money, counts). */
  isNumeric?: boolean;
  className?: string;
}

/**
 * A table that becomes a list of cards below 720 px (each cell shows its header as a label), so
 * every column stays readable on a phone without sideways scrolling.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  isLoading,
  emptyText,
  caption,
  onRowClick,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  isLoading?: boolean;
  emptyText?: string;
  caption?: string;
  onRowClick?: (row: T) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="data-table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.isNumeric ? 'is-numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading && !rows ? (
            Array.from({ length: 4 }, (_, index) => (
              <tr key={`loading-${index}`} className="is-loading" aria-hidden="true">
                {columns.map((column) => (
                  <td key={column.key} data-label={column.header}>
                    <span className="skeleton" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows && rows.length > 0 ? (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                className={onRowClick ? 'is-clickable' : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
              >
                {columns.map((column) => (
                  <td
                    key={column.key}
                    data-label={column.header}
                    className={
                      [column.isNumeric ? 'is-numeric' : '', column.className ?? ''].join(' ').trim() || undefined
                    }
                  >
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            ))
          ) : (
            <tr className="is-empty">
              <td colSpan={columns.length}>{emptyText ?? t('table_empty')}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
