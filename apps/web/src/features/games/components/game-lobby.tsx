import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useGameMenus } from '../../../api/game-menus';
import { useSessionToken } from '../../../api/member';
import { AppLink } from '../../../components/app-link';
import { paths, type LobbyKey } from '../../../config/paths';
import { allVendors, selectVassalage } from '../../../stores/game-nav-store';
import { openModal } from '../../../stores/modal-store';
import { categoriesOfLobby, gamesOfVendors, gameTypeOfLobby, vendorNames, vendorsOf } from '../game-groups';
import { loadGamesCatalogue } from '../games-catalogue';
import { GameBrowser } from './game-browser';
import { HotGamesGrid } from './hot-games';
import { PageHero } from './page-hero';

// The game pages' texts come with their chunks (the home page's JS budget).
await loadGamesCatalogue();

/** Category art of each lobby; the in-house lobbies use the slots art. */
const lobbyArt: Record<LobbyKey, string> = {
  rng: 'rng',
  inhouse: 'rng',
  lv155games: 'rng',
  bingo: 'bingo',
  fish: 'fish',
  live: 'live',
  pvp: 'pvp',
};

/**
 * A game lobby (spec §2): vendor tabs from the game menus, `?page=` choosing the vendor. A member
 * gets the full list with search, filters and views; the list needs a token, so a visitor sees the
 * public hot games and an invitation to log in.
 */
export function GameLobby({ lobbyKey }: { lobbyKey: LobbyKey }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = useSessionToken();
  const { data: menus = [], isPending: isMenusPending } = useGameMenus();
  const vendors = vendorsOf(menus, categoriesOfLobby(lobbyKey));
  const requested = searchParams.get('page');
  const selected = vendors.find((vendor) => vendor.vassalage === requested);

  useEffect(() => {
    selectVassalage(selected?.vassalage ?? allVendors);
  }, [selected?.vassalage]);

  return (
    <div className="page game-lobby">
      <PageHero
        art={`/art/categories/${lobbyArt[lobbyKey]}.svg`}
        title={t(`lobby_${lobbyKey}`)}
        subtitle={t('lobby_subtitle', { count: vendors.length })}
      />
      <nav className="vendor-tabs" aria-label={t('lobby_vendor_tabs')}>
        <ul>
          <li>
            <AppLink
              to={paths.lobby.getHref(lobbyKey)}
              className="vendor-tabs__tab"
              aria-current={selected ? undefined : 'page'}
            >
              <span className="vendor-tabs__all">{t('lobby_all')}</span>
            </AppLink>
          </li>
          {vendors.map((vendor) => (
            <li key={vendor.vassalage}>
              <AppLink
                to={paths.lobby.getHref(lobbyKey, vendor.vassalage)}
                className="vendor-tabs__tab"
                aria-current={selected?.vassalage === vendor.vassalage ? 'page' : undefined}
              >
                <img src={vendor.logoUrl} alt="" width={72} height={36} loading="lazy" />
                <span>{vendor.displayName}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      {token ? (
        // The list waits for the menus, which say what `?page=` names; a new vendor tab starts with
        // a clean search and filter.
        !isMenusPending && (
          <GameBrowser
            key={selected?.vassalage ?? allVendors}
            vendors={vendors}
            selected={selected}
            gameType={gameTypeOfLobby(lobbyKey)}
            vendorNames={vendorNames(menus)}
          />
        )
      ) : (
        <>
          <div className="lobby-login-prompt">
            <p className="lobby-login-prompt__text">{t('lobby_login_prompt')}</p>
            <button type="button" className="button button--primary" onClick={() => openModal({ kind: 'login' })}>
              {t('lobby_login_button')}
            </button>
          </div>
          <section className="section" aria-labelledby="lobby-hot">
            <div className="section__head">
              <h2 id="lobby-hot" className="section__title">
                {selected ? t('lobby_hot_of_vendor', { vendor: selected.displayName }) : t('home_hot_games')}
              </h2>
            </div>
            <HotGamesGrid filter={(games) => gamesOfVendors(games, vendors, selected?.vassalage)} />
          </section>
        </>
      )}
    </div>
  );
}
