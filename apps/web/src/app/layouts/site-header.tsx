import { lazy, Suspense } from 'react';
import { useSessionToken } from '../../api/member';
import { LoginForm, CompactAuthButtons } from '../../features/auth/components/login-form';
import { MainNav } from '../../features/layout/components/main-nav';
import { TopBar } from '../../features/layout/components/top-bar';
import { HydrateApart } from '../../components/hydrate-apart';

// Only logged-in members need the strip (balance, its stream, the member's menu): it loads with its
// own chunk, not with the home page every visitor downloads.
const AccountStrip = lazy(() =>
  import('../../features/auth/components/account-strip').then((module) => ({ default: module.AccountStrip })),
);

/** The two-row header of spec §2; the account area is the login form or the logged-in strip. */
export function SiteHeader({ onMenuClick }: { onMenuClick: () => void }) {
  const token = useSessionToken();
  return (
    <header className="site-header">
      <HydrateApart>
        <TopBar
          onMenuClick={onMenuClick}
          accountArea={
            token ? (
              <Suspense fallback={<div className="account-strip" aria-busy="true" />}>
                <AccountStrip />
              </Suspense>
            ) : (
              <>
                <LoginForm />
                <CompactAuthButtons />
              </>
            )
          }
        />
      </HydrateApart>
      <HydrateApart>
        <MainNav />
      </HydrateApart>
    </header>
  );
}
