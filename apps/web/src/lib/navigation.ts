/**
 * spec §2: "Navigating to the current page is silently ignored." Two locations are the same page
 * when path, query and hash match; a different hash is a different help topic, so it still counts.
 */
export interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

const normalisePathname = (pathname: string): string =>
  (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/';

const normaliseSearch = (search = ''): string => {
  const params = new URLSearchParams(search);
  params.sort();
  const text = params.toString();
  return text ? `?${text}` : '';
};

const normaliseHash = (hash = ''): string => (hash === '#' ? '' : hash);

export function parseHref(href: string): LocationLike {
  const url = new URL(href, 'http://site.invalid');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function isSameLocation(current: LocationLike, target: LocationLike | string): boolean {
  const next = typeof target === 'string' ? parseHref(target) : target;
  return (
    normalisePathname(current.pathname) === normalisePathname(next.pathname) &&
    normaliseSearch(current.search) === normaliseSearch(next.search) &&
    normaliseHash(current.hash) === normaliseHash(next.hash)
  );
}
