import '../home.css';
import type { Banner } from '@lotus/contract';
import { useEffect, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../../../api/announcements';
import { AppLink } from '../../../components/app-link';
import { Icon } from '../../../components/icon';
import { ResponsiveImage } from '../../../components/responsive-image';

const autoAdvanceMs = 6000;
/** Horizontal travel, in CSS pixels, that counts as a swipe rather than a tap. */
const swipeThresholdPx = 40;
const homeBannerGroup = 'home';

interface BannerLinkProps {
  href: string;
  className: string;
  /** The link's name when it has no text of its own. */
  label?: string;
  /** A second way to the same place for pointers only: out of the tab order and the accessibility tree. */
  isPointerOnly?: boolean;
  children?: ReactNode;
}

/** A banner's link: site pages open in the app, other addresses in a new tab. */
function BannerLink({ href, className, label, isPointerOnly = false, children }: BannerLinkProps) {
  const common = { className, 'aria-label': label, ...(isPointerOnly ? { 'aria-hidden': true, tabIndex: -1 } : {}) };
  if (/^https?:\/\//i.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...common}>
        {children}
      </a>
    );
  }
  return (
    <AppLink to={href} {...common}>
      {children}
    </AppLink>
  );
}

/**
 * A banner's words over its art: the headline, a short line and the button (the home carousel of
 * spec §2). Real text, so it follows the language, is read by screen readers and wraps on a phone
 * instead of being cropped with the picture. A link under the text covers the whole slide, so a tap
 * anywhere on the banner goes where the button goes; without a button text that cover is the link.
 */
export function BannerCaption({ banner }: { banner: Banner }) {
  const { title, subtitle, buttonLabel, linkUrl } = banner;
  return (
    <>
      {linkUrl && (
        <BannerLink
          href={linkUrl}
          className="carousel__cover-link"
          {...(buttonLabel ? { isPointerOnly: true } : { label: title })}
        />
      )}
      <div className="carousel__caption">
        <p className="carousel__title">{title}</p>
        {subtitle && <p className="carousel__subtitle">{subtitle}</p>}
        {linkUrl && buttonLabel && (
          <BannerLink href={linkUrl} className="button button--primary carousel__button">
            {buttonLabel}
          </BannerLink>
        )}
      </div>
    </>
  );
}

/**
 * The home banners (announcement banners of group `home`): auto-advance that pauses on hover and
 * focus and for visitors who prefer reduced motion, arrows, dots, swipe and arrow keys.
 */
export function BannerCarousel() {
  const { t } = useTranslation();
  const { data } = useAnnouncements();
  const banners = (data?.banners ?? [])
    .filter((banner) => banner.groupName === homeBannerGroup)
    .sort((a, b) => a.sort - b.sort);
  const [activeIndex, setActiveIndex] = useState(0);
  const [isPaused, setIsPaused] = useState(false);
  const swipeStartX = useRef<number | null>(null);
  const wasSwipe = useRef(false);
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
    wasSwipe.current = Math.abs(travel) >= swipeThresholdPx;
    if (wasSwipe.current) goTo(current + (travel < 0 ? 1 : -1));
  };
  // A swipe across the banner's link changes the slide; it is not also a tap on the link.
  const onClickCapture = (event: MouseEvent) => {
    if (wasSwipe.current) event.preventDefault();
    wasSwipe.current = false;
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
      onClickCapture={onClickCapture}
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
            {/* The art carries no words: the caption says what it is, so the image is decoration. */}
            <ResponsiveImage
              className="carousel__image"
              src={banner.imageUrl}
              alt=""
              width={1920}
              height={560}
              sizes="100vw"
              draggable={false}
              // The first slide is the first screen's largest image: asked for before the others.
              priority={index === 0 ? 'first-screen' : 'lazy'}
            />
            <BannerCaption banner={banner} />
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="carousel__arrow carousel__arrow--prev"
            onClick={() => goTo(current - 1)}
            aria-label={t('carousel_previous')}
          >
            <Icon name="chevron-left" size={24} />
          </button>
          <button
            type="button"
            className="carousel__arrow carousel__arrow--next"
            onClick={() => goTo(current + 1)}
            aria-label={t('carousel_next')}
          >
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
