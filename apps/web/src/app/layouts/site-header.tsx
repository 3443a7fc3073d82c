import { useSessionToken } from '../../api/member';
import { AccountStrip } from '../../features/auth/components/account-strip';
import { LoginForm, CompactAuthButtons } from '../../features/auth/components/login-form';
import { MainNav } from '../../features/layout/components/main-nav';
import { TopBar } from '../../features/layout/components/top-bar';

/** The two-row header of spec §2; the account area is the login form or the logged-in strip. */
export function SiteHeader({ onMenuClick }: { onMenuClick: () => void }) {
  const token = useSessionToken();
  return (
    <header className="site-header">
      <TopBar
        onMenuClick={onMenuClick}
        accountArea={
          token ? (
            <AccountStrip />
          ) : (
            <>
              <LoginForm />
              <CompactAuthButtons />
            </>
          )
        }
      />
      <MainNav />
    </header>
  );
}
