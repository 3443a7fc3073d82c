import type { CSSProperties } from 'react';
import './icon.css';

export type IconName =
  | 'home'
  | 'live'
  | 'rng'
  | 'sports'
  | 'esports'
  | 'cockfight'
  | 'fish'
  | 'pvp'
  | 'elott'
  | 'bingo'
  | 'promotions'
  | 'download'
  | 'vip'
  | 'gift'
  | 'help'
  | 'chat'
  | 'line'
  | 'telegram'
  | 'email'
  | 'phone'
  | 'facebook'
  | 'whatsapp'
  | 'megaphone'
  | 'close'
  | 'chevron-left'
  | 'chevron-right'
  | 'chevron-down'
  | 'menu'
  | 'refresh'
  | 'eye'
  | 'eye-off'
  | 'user'
  | 'wallet'
  | 'logout'
  | 'search'
  | 'globe'
  | 'star'
  | 'history';

interface IconProps {
  name: IconName;
  size?: number;
  className?: string;
}

/**
 * A 24px line icon from /art/icons, drawn as a CSS mask so it takes the text colour
 * (`currentColor`) like an inline SVG would. The URL goes through a custom property set with the
 * CSSOM, which the strict CSP allows, unlike a style attribute in HTML.
 */
export function Icon({ name, size = 20, className }: IconProps) {
  const style = { '--icon-url': `url(/art/icons/${name}.svg)`, '--icon-size': `${size}px` } as CSSProperties;
  return <span aria-hidden="true" className={className ? `icon ${className}` : 'icon'} style={style} />;
}
