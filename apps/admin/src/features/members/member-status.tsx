import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/bits';

export function MemberStatus({ status }: { status: 'active' | 'locked' | 'closed' }) {
  const { t } = useTranslation();
  return (
    <Badge tone={status === 'active' ? 'good' : status === 'locked' ? 'warn' : 'bad'}>
      {t(`member_status_${status}`)}
    </Badge>
  );
}
