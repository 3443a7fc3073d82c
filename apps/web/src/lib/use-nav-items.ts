import { useMemo } from 'react';
import { useGameMenus } from '../api/game-menus';
import { buildNavItems, type NavItem } from './nav-items';

export function useNavItems(): NavItem[] {
  const { data } = useGameMenus();
  return useMemo(() => (data ? buildNavItems(data) : []), [data]);
}
