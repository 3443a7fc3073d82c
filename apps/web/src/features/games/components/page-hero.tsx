import '../games.css';
import type { ReactNode } from 'react';

/** The banner at the top of a game page: category art, title, subtitle. */
export function PageHero({
  art,
  title,
  subtitle,
  children,
}: {
  art: string;
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-hero">
      <img className="page-hero__art" src={art} alt="" width={160} height={160} fetchPriority="high" />
      <div className="page-hero__text">
        <h1 className="page-hero__title">{title}</h1>
        {subtitle && <p className="page-hero__subtitle">{subtitle}</p>}
        {children}
      </div>
    </header>
  );
}
