import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PopupAnnouncement } from '../../features/announcements/components/popup-announcement';
import { CategoryTiles } from '../../features/games/components/category-tiles';
import { AnnouncementMarquee } from '../../features/home/components/announcement-marquee';
import { BannerCarousel } from '../../features/home/components/banner-carousel';
import { HomeLanes } from '../../features/home/components/home-lanes';
import { AppDownloadTeaser, WhyUsStrip } from '../../features/home/components/home-extras';
import { HydrateApart } from '../../components/hydrate-apart';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';
import { openModal, type OpenModal } from '../../stores/modal-store';

/** Home addresses that also open a modal (spec §2: /register; /login for loginedToHomePage). */
const modalOfPath: Record<string, OpenModal> = {
  [paths.register.path]: { kind: 'register' },
  [paths.registerHtml.path]: { kind: 'register' },
  [paths.login.path]: { kind: 'login' },
};

export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  useEffect(() => {
    const modal = modalOfPath[pathname];
    // A logged-in member (a reload of /register after registering) has nothing to log in to.
    if (modal && !session.hasToken()) openModal(modal);
  }, [pathname]);

  return (
    <div className="home">
      <BannerCarousel />
      <HydrateApart>
        <AnnouncementMarquee />
      </HydrateApart>
      <section className="section" aria-labelledby="home-categories">
        <div className="section__head">
          <h2 id="home-categories" className="section__title">
            {t('home_categories')}
          </h2>
        </div>
        <HydrateApart>
          <CategoryTiles />
        </HydrateApart>
      </section>
      <HydrateApart>
        <HomeLanes />
      </HydrateApart>
      <HydrateApart>
        <WhyUsStrip />
        <AppDownloadTeaser />
      </HydrateApart>
      {!modalOfPath[pathname] && <PopupAnnouncement />}
    </div>
  );
}
