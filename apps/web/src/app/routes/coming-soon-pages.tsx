import { ComingSoon } from '../../components/coming-soon';

/** Pages whose content arrives with later releases; each still draws a designed panel. */
const comingSoonPage = (titleKey: string) =>
  function ComingSoonPage() {
    return (
      <div className="page">
        <ComingSoon titleKey={titleKey} />
      </div>
    );
  };

export const VipPage = comingSoonPage('nav_vip');
export const PointMallPage = comingSoonPage('nav_point_mall');
export const SeamlessPage = comingSoonPage('nav_seamless');
