import { useEffect, type ReactNode } from 'react';
import { usePermissionsQuery, useSessionUserQuery, refreshToken } from '../api/session';
import { useCrops, useSeasonCrops } from '../api/reference';
import { CurrentFarmProvider } from '../app/farm/current-farm-context';
import { useOutboxSync } from '../app/offline/outbox-sync';
import { useWarmFarmForOffline } from '../app/offline/warm-farm';
import { RefusedNavigationBlocker } from '../app/guard/signed-in-guard';
import { sessionRenewed, useSessionState, useSignedInState } from '../app/session/session-store';
import { SignedInProvider } from '../app/session/signed-in';
import { AreaLoading } from './area-loading';
import { SessionErrorPage } from './session-error-page';
import { ShellModals } from './shell-modals';
import { ShellUiProvider } from './shell-ui';

/** A token is renewed this long before it expires, while the app is open. */
const REFRESH_AHEAD_MS = 10 * 60 * 1000;

/** Keeps a long-open app signed in: POST /admin-api/token-refresh shortly before expiry. */
function useTokenRefresh(expiresAt: number | null): void {
  useEffect(() => {
    if (expiresAt === null) return;
    const delay = Math.max(expiresAt - Date.now() - REFRESH_AHEAD_MS, 0);
    // setTimeout takes 32-bit delays; a longer one would fire at once.
    if (delay > 2 ** 31 - 1) return;
    const timer = setTimeout(() => {
      refreshToken().then(
        // The server set the new token cookie and its token_expires_at.
        () => sessionRenewed(),
        (error: unknown) => console.warn('Token refresh failed', error),
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [expiresAt]);
}

/** The rest of the start sequence once the user is known: crops and season-crops. */
function ReferenceData() {
  useCrops();
  useSeasonCrops();
  return null;
}

/**
 * The field app (docs/offline.md): sends what the member did without signal once it returns, and
 * reads the current farm's field pages for use without it.
 */
function FieldApp() {
  useOutboxSync();
  useWarmFarmForOffline();
  return null;
}

/**
 * Everything signed in (the shell, the reports) sits in this frame. The spec's start sequence:
 * the user (GET /api/menu/dados-usuario), then permissions, crops and season-crops, and the farms
 * (with farm.list) for the current farm. The frame waits for the user; permissions and farms arrive
 * when they arrive.
 */
export function SessionFrame({ children }: { children: ReactNode }) {
  const { expiresAt } = useSessionState();
  const signedIn = useSignedInState();
  const user = useSessionUserQuery(signedIn);
  const permissions = usePermissionsQuery(signedIn && user.isSuccess);
  useTokenRefresh(expiresAt);

  if (user.isError && !user.data) {
    return <SessionErrorPage error={user.error} onRetry={() => void user.refetch()} />;
  }
  if (!user.data) return <AreaLoading />;

  return (
    <SignedInProvider
      user={user.data}
      permissions={permissions.data}
      permissionsError={permissions.isError ? permissions.error : null}
      retryPermissions={() => void permissions.refetch()}
    >
      <CurrentFarmProvider>
        <ShellUiProvider>
          <ReferenceData />
          <FieldApp />
          <RefusedNavigationBlocker />
          {children}
          <ShellModals />
        </ShellUiProvider>
      </CurrentFarmProvider>
    </SignedInProvider>
  );
}
