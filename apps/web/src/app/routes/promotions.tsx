import '../../styles/pages.css';
import { PromotionList } from '../../features/promotions/components/promotion-list';

export function Component() {
  return <PromotionList />;
}
