import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A small picture of the member site drawn with the colours being edited (header, a banner, a game
 * card, the buttons, the footer), so the operator sees a theme before saving it. Values are set as
 * CSS custom properties through React's style object (the CSSOM, which the CSP allows).
 */
export function ThemePreview({ colors, name }: { colors: Record<string, string>; name: string }) {
  const { t } = useTranslation();
  const style = Object.fromEntries(
    Object.entries(colors).filter(([token]) => /^--[a-z0-9-]+$/i.test(token)),
  ) as CSSProperties;
  return (
    <figure className="theme-preview" style={style} aria-label={t('brands_preview')}>
      <figcaption className="visually-hidden">{t('brands_preview')}</figcaption>
      <div className="theme-preview-header">
        <strong className="theme-preview-logo">{name}</strong>
        <span className="theme-preview-actions">
          <span className="theme-preview-button is-ghost">{t('brands_preview_login')}</span>
          <span className="theme-preview-button" data-testid="theme-preview-primary">
            {t('brands_preview_register')}
          </span>
        </span>
      </div>
      <div className="theme-preview-hero">
        <span className="theme-preview-title">{t('brands_preview_banner')}</span>
        <span className="theme-preview-button is-accent">{t('brands_preview_deposit')}</span>
      </div>
      <div className="theme-preview-cards">
        {[1, 2, 3].map((index) => (
          <div key={index} className="theme-preview-card">
            <span className="theme-preview-thumb" />
            <span>{t('brands_preview_game', { index })}</span>
            <span className="theme-preview-muted">{t('brands_preview_vendor')}</span>
          </div>
        ))}
      </div>
      <p className="theme-preview-text">
        <span className="theme-preview-link">{t('brands_preview_link')}</span>{' '}
        <span className="theme-preview-success">+100.00</span> <span className="theme-preview-danger">-50.00</span>
      </p>
      <div className="theme-preview-footer">© {name}</div>
    </figure>
  );
}
