import { useEffect, useState } from 'react';
import {
  Navigate,
  Outlet,
  useBlocker,
  useLocation,
  useNavigate,
  type Location,
} from 'react-router';
import { usePermissionsQuery, useSessionUserQuery } from '../../api/session';
import { AreaLoading } from '../../shell/area-loading';
import { BlockedPage } from '../../shell/blocked-page';
import { PermissionsErrorPage } from '../../shell/session-error-page';
import { useShellUi } from '../../shell/shell-ui';
import {
  endSession,
  getSessionToken,
  replaceToken,
  useSessionToken,
} from '../session/session-store';
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
  const token = useSessionToken();
  const user = useSessionUserQuery();
  const permissions = usePermissionsQuery(user.isSuccess);
  return decideNavigation({
    pathname: location.pathname,
    search: location.search,
    token,
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
 * (token in the URL, no session, guest pages, my-farm carry-over); what depends on the plan and
 * permissions is shown by the frame's GuardedOutlet, so the shell stays in place around it.
 */
export function NavigationGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const previous = usePreviousLocation(location);
  const decision = useNavigationDecision(location, previous);
  const adopt = decision.kind === 'adopt-token' ? decision : null;

  useEffect(() => {
    if (!adopt) return;
    // Another session's token: nothing of the current one may survive (endSession also clears
    // the query cache).
    const current = getSessionToken();
    if (current !== null && current !== adopt.token) endSession(null);
    replaceToken(adopt.token);
    void navigate(adopt.to, { replace: true, state: location.state as unknown });
  }, [adopt?.token, adopt?.to]); // eslint-disable-line react-hooks/exhaustive-deps

  if (decision.kind === 'adopt-token') return <AreaLoading />;
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
      return <BlockedPage reason="upsell-admin" messageKey="exception.action_unauthorized" />;
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
  const token = useSessionToken();
  const user = useSessionUserQuery();
  const permissions = usePermissionsQuery(user.isSuccess);
  const { openPlans, notify } = useShellUi();
  const decide = (location: GuardLocation) =>
    decideNavigation({
      pathname: location.pathname,
      search: location.search,
      token,
      user: user.data ?? null,
      permissions: permissions.data ?? null,
    });

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      isRefusal(decide(nextLocation)),
  );
  const refusal = blocker.state === 'blocked' ? decide(blocker.location) : null;
  const refusalKey = refusal?.kind === 'blocked' ? refusal.messageKey : (refusal?.kind ?? null);

  useEffect(() => {
    if (blocker.state !== 'blocked' || !refusalKey) return;
    if (refusalKey === 'upsell') openPlans();
    else if (refusalKey !== 'allow') notify({ key: refusalKey });
    blocker.reset();
  }, [blocker, refusalKey, openPlans, notify]);

  return null;
}
