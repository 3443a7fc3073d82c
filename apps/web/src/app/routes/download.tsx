import '../../styles/pages.css';
import { AppDownload } from '../../features/download/components/app-download';

export function Component() {
  return <AppDownload />;
}
