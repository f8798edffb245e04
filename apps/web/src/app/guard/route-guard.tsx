import { useEffect, useRef, useState } from 'react';
import { ERROR_KEYS } from '@lavoura/domain';
import { Navigate, Outlet, useBlocker, useLocation, type Location } from 'react-router';
import { usePermissionsQuery, useSessionUserQuery } from '../../api/session';
import { AreaLoading } from '../../shell/area-loading';
import { BlockedPage } from '../../shell/blocked-page';
import { PermissionsErrorPage } from '../../shell/session-error-page';
import { useShellUi } from '../../shell/shell-ui';
import { useSignedInState } from '../session/session-store';
import { useOptionalSignedIn } from '../session/signed-in';
import {
  decideNavigation,
  HOME_PATH,
  isRefusal,
  type GuardDecision,
  type GuardLocation,
} from './navigation-guard';

/** The location before the current one (a new navigation, not a re-render of the same one). */
function usePreviousLocation(location: Location): GuardLocation | null {
  const [track, setTrack] = useState<{ current: Location; previous: Location | null }>({
    current: location,
    previous: null,
  });
  if (track.current.key !== location.key) {
    // Derived state: remembered during render, so the decision of this render already sees it.
    setTrack({ current: location, previous: track.current });
  }
  return track.current.key === location.key ? track.previous : track.current;
}

/** The guard's decision for `location` with the session as it is loaded right now. */
export function useNavigationDecision(
  location: GuardLocation,
  previous: GuardLocation | null = null,
): GuardDecision {
  const signedIn = useSignedInState();
  const user = useSessionUserQuery();
  const permissions = usePermissionsQuery(user.isSuccess);
  return decideNavigation({
    pathname: location.pathname,
    search: location.search,
    signedIn,
    user: user.data ?? null,
    permissions: permissions.data ?? null,
    previous,
  });
}

function fromState(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') ? from : undefined;
}

/**
 * The root of every route: runs the spec's guard on each navigation. Redirects happen here
 * (a token in the URL dropped, no session, guest pages, my-farm carry-over); what depends on the plan and
 * permissions is shown by the frame's GuardedOutlet, so the shell stays in place around it.
 */
export function NavigationGuard() {
  const location = useLocation();
  const previous = usePreviousLocation(location);
  const decision = useNavigationDecision(location, previous);

  if (decision.kind === 'redirect') {
    // Leaving /login after sign-in: back to the page the user wanted, if any.
    const to = decision.to === HOME_PATH ? (fromState(location.state) ?? decision.to) : decision.to;
    return <Navigate to={to} replace state={decision.from ? { from: decision.from } : undefined} />;
  }
  return <Outlet />;
}

/**
 * The routed page inside a signed-in frame: waits for what the decision needs, shows a refusal
 * (and opens the plan presentation for an administrator on an upsell route), or the page.
 */
export function GuardedOutlet() {
  const location = useLocation();
  const decision = useNavigationDecision(location);
  const session = useOptionalSignedIn();
  const { openPlans } = useShellUi();
  const upsellKey = decision.kind === 'upsell' ? location.key : null;

  useEffect(() => {
    if (upsellKey) openPlans();
  }, [upsellKey, openPlans]);

  switch (decision.kind) {
    case 'wait':
      if (decision.for === 'permissions' && session?.permissionsError) {
        return <PermissionsErrorPage onRetry={session.retryPermissions} />;
      }
      return <AreaLoading />;
    case 'upsell':
      return <BlockedPage reason="upsell-admin" messageKey={ERROR_KEYS.actionUnauthorized} />;
    case 'blocked':
      return <BlockedPage reason={decision.reason} messageKey={decision.messageKey} />;
    default:
      return <Outlet />;
  }
}

/**
 * In-app navigations the guard refuses do not happen: the user stays where they are, and an
 * administrator gets the plan presentation (upsell) while others get the refusal's message.
 */
export function RefusedNavigationBlocker() {
  const signedIn = useSignedInState();
  const user = useSessionUserQuery();
  const permissions = usePermissionsQuery(user.isSuccess);
  const { openPlans, notify } = useShellUi();
  // The refusal found when the navigation was blocked. The blocker function sees locations
  // without the router's basename (/v3); `blocker.location` keeps it, so it is not decided again.
  const refusal = useRef<Extract<GuardDecision, { kind: 'upsell' | 'blocked' }> | null>(null);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (
      currentLocation.pathname === nextLocation.pathname &&
      currentLocation.search === nextLocation.search
    ) {
      return false;
    }
    const decision = decideNavigation({
      pathname: nextLocation.pathname,
      search: nextLocation.search,
      signedIn,
      user: user.data ?? null,
      permissions: permissions.data ?? null,
    });
    refusal.current = isRefusal(decision) ? decision : null;
    return refusal.current !== null;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const decision = refusal.current;
    refusal.current = null;
    if (decision?.kind === 'upsell') openPlans();
    else if (decision?.kind === 'blocked') notify({ key: decision.messageKey });
    blocker.reset();
  }, [blocker, openPlans, notify]);

  return null;
}
