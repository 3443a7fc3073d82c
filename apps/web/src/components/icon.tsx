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

/** The sizes in use; each has its rule in icon.css. */
export type IconSize = 14 | 16 | 18 | 20 | 22 | 24 | 26 | 28;

interface IconProps {
  name: IconName;
  size?: IconSize;
  className?: string;
}

/**
 * A 24px line icon from /art/icons, drawn as a CSS mask so it takes the text colour
 * (`currentColor`) like an inline SVG would. Its image and size are classes (icon.css), not a style
 * attribute: the server draws the first screen into the HTML (issue 19), and the strict CSP
 * (style-src 'self') drops style attributes there.
 */
export function Icon({ name, size = 20, className }: IconProps) {
  const classes = `icon icon--${name} icon--size-${size}`;
  return <span aria-hidden="true" className={className ? `${classes} ${className}` : classes} />;
}
