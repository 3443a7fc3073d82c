import '../../styles/pages.css';
import { PromotionDetail } from '../../features/promotions/components/promotion-detail';

export function Component() {
  return <PromotionDetail />;
}
