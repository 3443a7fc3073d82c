import '../home.css';
import type { Banner } from '@lotus/contract';
import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../../../api/announcements';
import { Icon } from '../../../components/icon';

const autoAdvanceMs = 6000;
/** Horizontal travel, in CSS pixels, that counts as a swipe rather than a tap. */
const swipeThresholdPx = 40;
const homeBannerGroup = 'home';

/** A banner's link: site paths stay in the app, anything else opens in a new tab. */
function BannerLink({ banner, children }: { banner: Banner; children: ReactNode }) {
  if (!banner.linkUrl) return <>{children}</>;
  const isExternal = /^https?:\/\//i.test(banner.linkUrl);
  return (
    <a href={banner.linkUrl} className="carousel__link" {...(isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

/**
 * The home banners (announcement banners of group `home`): auto-advance that pauses on hover and
 * focus and for visitors who prefer reduced motion, arrows, dots, swipe and arrow keys.
 */
export function BannerCarousel() {
  const { t } = useTranslation();
  const { data } = useAnnouncements();
  const banners = (data?.banners ?? []).filter((banner) => banner.groupName === homeBannerGroup).sort((a, b) => a.sort - b.sort);
  const [activeIndex, setActiveIndex] = useState(0);
  const [isPaused, setIsPaused] = useState(false);
  const swipeStartX = useRef<number | null>(null);
  const count = banners.length;
  const current = count === 0 ? 0 : activeIndex % count;

  useEffect(() => {
    if (count < 2 || isPaused || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setActiveIndex((index) => (index + 1) % count), autoAdvanceMs);
    return () => window.clearInterval(timer);
  }, [count, isPaused]);

  if (count === 0) {
    return (
      <div className="carousel carousel--fallback">
        <img className="carousel__image" src="/art/banners/home-1.svg" alt="" width={1920} height={560} />
      </div>
    );
  }

  const goTo = (index: number) => setActiveIndex((index + count) % count);
  const onPointerDown = (event: PointerEvent) => {
    swipeStartX.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStartX.current === null) return;
    const travel = event.clientX - swipeStartX.current;
    swipeStartX.current = null;
    if (Math.abs(travel) >= swipeThresholdPx) goTo(current + (travel < 0 ? 1 : -1));
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={t('carousel_label')}
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') goTo(current - 1);
        if (event.key === 'ArrowRight') goTo(current + 1);
      }}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
    >
      <div className="carousel__viewport">
        {banners.map((banner, index) => (
          <div
            key={banner.id}
            className={`carousel__slide${index === current ? ' carousel__slide--active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('carousel_slide', { index: index + 1, count })}
            aria-hidden={index !== current}
            inert={index !== current}
          >
            <BannerLink banner={banner}>
              <img className="carousel__image" src={banner.imageUrl} alt={banner.title} width={1920} height={560} draggable={false} loading={index === 0 ? 'eager' : 'lazy'} />
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button type="button" className="carousel__arrow carousel__arrow--prev" onClick={() => goTo(current - 1)} aria-label={t('carousel_previous')}>
            <Icon name="chevron-left" size={24} />
          </button>
          <button type="button" className="carousel__arrow carousel__arrow--next" onClick={() => goTo(current + 1)} aria-label={t('carousel_next')}>
            <Icon name="chevron-right" size={24} />
          </button>
          <div className="carousel__dots">
            {banners.map((banner, index) => (
              <button
                key={banner.id}
                type="button"
                className="carousel__dot"
                aria-label={t('carousel_go_to', { index: index + 1 })}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => goTo(index)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
