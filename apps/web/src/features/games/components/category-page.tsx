import { useTranslation } from 'react-i18next';
import { useGameMenus } from '../../../api/game-menus';
import { Spinner } from '../../../components/global-loader';
import { Icon } from '../../../components/icon';
import { StatusPanel } from '../../../components/status-panel';
import type { CategoryPageKey } from '../../../config/paths';
import { categoriesOfPage, gamesOfVendors, vendorsOf } from '../game-groups';
import { loadGamesCatalogue } from '../games-catalogue';
import { useLaunchGame } from '../launch/use-launch-game';
import { HotGamesGrid } from './hot-games';
import { PageHero } from './page-hero';

// The game pages' texts come with their chunks (the home page's JS budget).
await loadGamesCatalogue();

/**
 * A category page (sports, e-sports, cockfight, e-lottery): one card per vendor, launched directly
 * (spec §2): Play opens the vendor's first game, its lobby being inside the vendor's own page.
 */
export function CategoryPage({ pageKey }: { pageKey: CategoryPageKey }) {
  const { t } = useTranslation();
  const { launchVendor, isLaunching, dialog } = useLaunchGame();
  const { data: menus, isPending } = useGameMenus();
  const vendors = vendorsOf(menus ?? [], categoriesOfPage(pageKey));

  return (
    <div className="page category-page">
      <PageHero
        art={`/art/categories/${pageKey}.svg`}
        title={t(`nav_${pageKey}`)}
        subtitle={t(`category_${pageKey}_subtitle`)}
      />
      {isPending ? (
        <Spinner />
      ) : vendors.length === 0 ? (
        <StatusPanel title={t('vendor_none')} />
      ) : (
        <ul className="vendor-cards">
          {vendors.map((vendor) => (
            <li key={vendor.vassalage} className="vendor-card">
              <img className="vendor-card__logo" src={vendor.logoUrl} alt="" width={200} height={100} loading="lazy" />
              <div className="vendor-card__body">
                <h2 className="vendor-card__name">{vendor.displayName}</h2>
                {vendor.isHot === 1 && <span className="badge badge--hot">{t('game_badge_hot')}</span>}
              </div>
              <button
                type="button"
                className="button button--primary"
                disabled={isLaunching}
                onClick={() => launchVendor(vendor.vassalage)}
              >
                <Icon name="chevron-right" size={18} />
                {t('game_play_now')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {vendors.length > 0 && (
        <section className="section" aria-labelledby="category-hot">
          <div className="section__head">
            <h2 id="category-hot" className="section__title">
              {t('home_hot_games')}
            </h2>
          </div>
          <HotGamesGrid filter={(games) => gamesOfVendors(games, vendors)} />
        </section>
      )}
      {dialog}
    </div>
  );
}
