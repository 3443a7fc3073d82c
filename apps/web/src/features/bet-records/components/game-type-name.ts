import { useTranslation } from 'react-i18next';
import { useGameMenus } from '../../../api/game-menus';

export interface GameTypeOption {
  gameType: string;
  label: string;
}

/**
 * The game types of the navigation (one per type, named as the menu names it), so filters and the
 * profit page speak the words the member sees in the lobby. A type the menus do not list shows as is.
 */
export function useGameTypes(): { options: GameTypeOption[]; nameOf: (gameType: string | null) => string } {
  const { t } = useTranslation();
  const menus = useGameMenus().data ?? [];
  const options: GameTypeOption[] = [];
  for (const menu of menus) {
    if (!options.some((option) => option.gameType === menu.gameType))
      options.push({ gameType: menu.gameType, label: t(menu.name) });
  }
  const nameOf = (gameType: string | null) =>
    gameType === null
      ? t('bets_type_other')
      : (options.find((option) => option.gameType === gameType)?.label ?? gameType);
  return { options, nameOf };
}

/** The vendors of the navigation, once each, in menu order. */
export function useVendorOptions(): { vassalage: string; displayName: string }[] {
  const menus = useGameMenus().data ?? [];
  const vendors: { vassalage: string; displayName: string }[] = [];
  for (const vendor of menus.flatMap((menu) => menu.vendors)) {
    if (!vendors.some((known) => known.vassalage === vendor.vassalage))
      vendors.push({ vassalage: vendor.vassalage, displayName: vendor.displayName });
  }
  return vendors;
}
