import { useState } from 'react';
import { Navigate, Outlet, useLocation, type Location } from 'react-router';
import { usePermissionsQuery, useSessionUserQuery } from '../../api/session';
import { useSignedInState } from '../session/session-store';
import {
  decideNavigation,
  HOME_PATH,
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
  const user = useSessionUserQuery(signedIn);
  const permissions = usePermissionsQuery(signedIn && user.isSuccess);
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
