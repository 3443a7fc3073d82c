import { appIconSizes } from '@lotus/contract';
import type { MerchantContext } from '../merchant/index.ts';
import type { IconColours } from './app-icons.ts';

/** The brand's colours the app's chrome and icons use (merchant configuration `brand.colors`). */
export function iconColoursOf(merchant: MerchantContext): IconColours {
  const colors = merchant.config.brand.colors;
  return {
    background: colors['--bg'] ?? '#0a0c12',
    primary: colors['--brand-primary'] ?? '#d9a935',
    accent: colors['--brand-accent'] ?? '#c8283f',
  };
}

/** A short name for the home screen: the brand's name when short, else its first 12 characters. */
export function shortNameOf(name: string): string {
  const trimmed = name.trim();
  return [...trimmed].length <= 12 ? trimmed : [...trimmed].slice(0, 12).join('').trim();
}

/**
 * The web app manifest of a merchant (W3C Web Application Manifest): the brand's name, colours and
 * icons; `start_url` and `scope` the site's root on the merchant's own domain (relative, so every
 * domain of the merchant installs its own app), standalone like a native app. `version` changes the
 * icons' addresses when the brand's colours change, so an installed app picks up the new ones.
 */
export function webManifestOf(merchant: MerchantContext) {
  const { brand } = merchant.config;
  const colours = iconColoursOf(merchant);
  const version = Buffer.from(`${colours.background}${colours.primary}${colours.accent}`)
    .toString('base64url')
    .slice(0, 16);
  return {
    id: '/',
    name: brand.name,
    short_name: shortNameOf(brand.name),
    description: brand.footerDescription[merchant.defaultLanguage] ?? brand.name,
    lang: merchant.defaultLanguage === 'TH' ? 'th' : 'en',
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: brand.colors['--header-bg'] ?? colours.background,
    background_color: colours.background,
    categories: ['entertainment', 'games'],
    icons: appIconSizes.flatMap((size) => [
      { src: `/app-icon/${size}.png?v=${version}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' },
      { src: `/app-icon/${size}.png?v=${version}`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' },
    ]),
  };
}
