import { copyrightRange } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { useHelpTopics } from '../../../api/help-center';
import { useWhitelabel } from '../../../api/whitelabel';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../config/paths';
import { useNavItems } from '../../../lib/use-nav-items';

/** spec §2: this partner is configured for the lottery back-end and is not shown in the footer. */
export const hiddenFooterPartnerCode = 'TCG_SEA';
/** The copyright range (`copyrightRange`), the current year read from the member's clock. */
export function copyrightYears(startYear: number | null | undefined, today: Date): string {
  return copyrightRange(startYear, today.getFullYear());
}

/** `today`: the clock the copyright year is read from (tests pass their own). */
export function SiteFooter({ today = new Date() }: { today?: Date }) {
  const { t } = useTranslation();
  const { data: whitelabel } = useWhitelabel();
  const { data: helpTopics = [] } = useHelpTopics();
  const navItems = useNavItems();
  const partners = (whitelabel?.partners ?? []).filter((partner) => partner.code !== hiddenFooterPartnerCode);
  const brandName = whitelabel?.brand.name ?? '';

  return (
    <footer className="site-footer">
      {partners.length > 0 && (
        <section className="site-footer__partners" aria-labelledby="footer-partners">
          <h2 id="footer-partners" className="site-footer__heading">
            {t('footer_partners')}
          </h2>
          <ul className="site-footer__partner-list">
            {partners.map((partner) => (
              <li key={partner.code}>
                <img
                  src={partner.logoUrl}
                  alt={partner.name}
                  title={partner.name}
                  width={120}
                  height={48}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="site-footer__columns">
        <section className="site-footer__brand">
          <img
            src={whitelabel?.brand.logoUrl ?? '/art/brand/logo.svg'}
            alt={brandName}
            width={168}
            height={48}
            loading="lazy"
          />
          {whitelabel?.brand.footerDescription && <p>{whitelabel.brand.footerDescription}</p>}
        </section>
        <nav className="site-footer__column" aria-labelledby="footer-games">
          <h2 id="footer-games" className="site-footer__heading">
            {t('footer_games')}
          </h2>
          <ul>
            {navItems.map((item) => (
              <li key={item.key}>
                <AppLink to={item.href}>{t(item.labelKey)}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            {t('footer_help')}
          </h2>
          <ul>
            {helpTopics.map((topic) => (
              <li key={topic.tag}>
                <AppLink to={paths.help.getHref(topic.tag)}>{topic.title}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-site">
          <h2 id="footer-site" className="site-footer__heading">
            {t('footer_site')}
          </h2>
          <ul>
            <li>
              <AppLink to={paths.promotions.getHref()}>{t('nav_promotions')}</AppLink>
            </li>
            <li>
              <AppLink to={paths.notice.getHref()}>{t('nav_announcements')}</AppLink>
            </li>
            <li>
              <AppLink to={paths.vip.getHref()}>{t('nav_vip')}</AppLink>
            </li>
            <li>
              <AppLink to={paths.download.getHref()}>{t('nav_download')}</AppLink>
            </li>
            <li>
              <AppLink to={paths.join.getHref()}>{t('nav_join')}</AppLink>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__responsible">{t('footer_responsible')}</p>
      <p className="site-footer__copyright">
        © {copyrightYears(whitelabel?.brand.copyrightStartYear, today)} {brandName}. {t('footer_rights')}
      </p>
    </footer>
  );
}
