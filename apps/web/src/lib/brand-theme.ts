import type { Whitelabel } from '@lotus/contract';

/**
 * Applies the merchant's brand: colours as CSS custom properties on <html> through the CSSOM
 * (allowed by the CSP, unlike a style attribute or element), the title and the favicon.
 * Only custom properties are accepted, so brand data cannot restyle arbitrary properties.
 */
export function applyBrandTheme(brand: Whitelabel['brand']): void {
  const rootStyle = document.documentElement.style;
  for (const [property, value] of Object.entries(brand.colors)) {
    if (/^--[a-z0-9-]+$/i.test(property)) rootStyle.setProperty(property, value);
  }
  if (brand.name) document.title = brand.name;
  const favicon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (favicon && brand.faviconUrl && favicon.getAttribute('href') !== brand.faviconUrl) favicon.href = brand.faviconUrl;
}
