import type { MouseEvent } from 'react';
import { Link, NavLink, useLocation, type LinkProps, type NavLinkProps } from 'react-router';
import { isSameLocation } from '../lib/navigation';

/**
 * spec §2: navigating to the current page is silently ignored: no history entry and no new
 * render of the route. React Router would otherwise replace the entry and render again.
 */
function useSamePageGuard(to: string, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  const location = useLocation();
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented && isSameLocation(location, to)) event.preventDefault();
  };
}

export function AppLink({ to, onClick, ...rest }: LinkProps & { to: string }) {
  return <Link to={to} onClick={useSamePageGuard(to, onClick)} {...rest} />;
}

/** NavLink (knows whether it is the active page) with the same guard. */
export function AppNavLink({ to, onClick, ...rest }: NavLinkProps & { to: string }) {
  return <NavLink to={to} onClick={useSamePageGuard(to, onClick)} {...rest} />;
}
