import { useLocation } from 'react-router';
import { CategoryPage } from '../../features/games/components/category-page';
import { paths, type CategoryPageKey } from '../../config/paths';

const isCategoryPageKey = (value: string): value is CategoryPageKey =>
  (paths.category.keys as readonly string[]).includes(value);

export function Component() {
  const key = useLocation().pathname.slice(1);
  return <CategoryPage key={key} pageKey={isCategoryPageKey(key) ? key : 'sports'} />;
}
