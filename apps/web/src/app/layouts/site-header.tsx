import { LoginForm, CompactAuthButtons } from '../../features/auth/components/login-form';
import { MainNav } from '../../features/layout/components/main-nav';
import { TopBar } from '../../features/layout/components/top-bar';

/** The two-row header of spec §2; the account area is the login form until login arrives. */
export function SiteHeader({ onMenuClick }: { onMenuClick: () => void }) {
  return (
    <header className="site-header">
      <TopBar
        onMenuClick={onMenuClick}
        accountArea={
          <>
            <LoginForm />
            <CompactAuthButtons />
          </>
        }
      />
      <MainNav />
    </header>
  );
}
