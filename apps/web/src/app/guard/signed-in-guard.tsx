import { useEffect, useRef } from 'react';
import { ERROR_KEYS } from '@lavoura/domain';
import { Outlet, useBlocker, useLocation } from 'react-router';
import { usePermissionsQuery, useSessionUserQuery } from '../../api/session';
import { AreaLoading } from '../../shell/area-loading';
import { BlockedPage } from '../../shell/blocked-page';
import { PermissionsErrorPage } from '../../shell/session-error-page';
import { useShellUi } from '../../shell/shell-ui';
import { useSignedInState } from '../session/session-store';
import { useOptionalSignedIn } from '../session/signed-in';
import { decideNavigation, isRefusal, type GuardDecision } from './navigation-guard';
import { useNavigationDecision } from './route-guard';

// The guard's parts that only a signed-in frame renders (app-shell, session-frame): they come with
// its chunk, and with them the refusal pages and the shell's notices, not with every page.

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
  const user = useSessionUserQuery(signedIn);
  const permissions = usePermissionsQuery(signedIn && user.isSuccess);
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
