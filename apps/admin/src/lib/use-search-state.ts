import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters and paging live in the URL, so a reload, the back button or a shared link shows the same
 * page of the same list. Setting filters goes back to page 1.
 */
export function useSearchState<K extends string>(names: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(
    () => Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<K, string>,
    [names, params],
  );
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const setFilters = useCallback(
    (next: Partial<Record<K, string>>) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next) as Array<[string, string | undefined]>) {
          if (value) updated.set(name, value);
          else updated.delete(name);
        }
        updated.delete('page');
        return updated;
      });
    },
    [setParams],
  );
  const setPage = useCallback(
    (next: number) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      });
    },
    [setParams],
  );
  return { values, page, setFilters, setPage };
}
