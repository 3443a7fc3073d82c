import '../games.css';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { selectGameType } from '../../../stores/game-nav-store';
import { useNavItems } from '../../../lib/use-nav-items';

/** One tile per game category that has vendors, with its art, linking to the category's page. */
export function CategoryTiles() {
  const { t } = useTranslation();
  const navItems = useNavItems();
  return (
    <ul className="category-tiles">
      {navItems.map((item) => (
        <li key={item.key}>
          <AppLink
            to={item.href}
            className="category-tile"
            data-category={item.key}
            onClick={() => selectGameType(item.gameType)}
          >
            <img
              className="category-tile__art"
              src={`/art/categories/${item.key}.svg`}
              alt=""
              width={240}
              height={240}
              loading="lazy"
            />
            <span className="category-tile__name">{t(item.labelKey)}</span>
            <span className="category-tile__count">{t('category_vendor_count', { count: item.vendors.length })}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
