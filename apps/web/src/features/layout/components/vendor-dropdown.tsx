import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { Icon } from '../../../components/icon';
import { useLaunchGame } from '../../games/launch/use-launch-game';
import { selectVassalage } from '../../../stores/game-nav-store';
import { buildVendorDropdown, vendorTarget, type NavItem } from '../../../lib/nav-items';

/** The hover (and keyboard focus) drop-down of one navigation item: 9 vendors, then MORE. */
export function VendorDropdown({ item, id }: { item: NavItem; id: string }) {
  const { t } = useTranslation();
  // Vendors without a lobby launch their first game directly (spec §2), as the category pages do.
  const { launchVendor, dialog } = useLaunchGame();
  const { vendors, moreHref } = buildVendorDropdown(item);

  return (
    <div className="vendor-dropdown" id={id} role="group" aria-label={t(item.labelKey)}>
      {vendors.length === 0 ? (
        <p className="vendor-dropdown__empty">{t('vendor_none')}</p>
      ) : (
        <ul className="vendor-dropdown__grid">
          {vendors.map((vendor) => {
            const target = vendorTarget(item, vendor);
            const content = (
              <>
                <img
                  className="vendor-dropdown__logo"
                  src={vendor.logoUrl}
                  alt=""
                  width={96}
                  height={48}
                  loading="lazy"
                />
                <span className="vendor-dropdown__name">{vendor.displayName}</span>
                <span className="vendor-dropdown__play">
                  <Icon name="chevron-right" size={14} />
                  {t('game_play')}
                </span>
              </>
            );
            return (
              <li key={vendor.vassalage} className="vendor-dropdown__vendor">
                {target.kind === 'lobby' ? (
                  <AppLink
                    to={target.href}
                    className="vendor-dropdown__card"
                    onClick={() => selectVassalage(vendor.vassalage)}
                  >
                    {content}
                  </AppLink>
                ) : (
                  <button
                    type="button"
                    className="vendor-dropdown__card"
                    onClick={() => launchVendor(vendor.vassalage)}
                  >
                    {content}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <AppLink to={moreHref} className="vendor-dropdown__more">
        {t('nav_more')}
        <Icon name="chevron-right" size={16} />
      </AppLink>
      {dialog}
    </div>
  );
}
