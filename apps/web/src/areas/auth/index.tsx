import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import type { Namespace } from '@lavoura/i18n/web';
import { loadNamespaces } from '../../lib/i18n';
import { AreaLoading } from '../../shell/area-loading';
import { LoginPage } from './login-page';

// The login page shows a preview of the home page (login-showcase), hence `home`. The terms'
// texts (`terms`) come with the terms page, the error texts (`errors`) with the pages whose forms
// tell them: sign-up, activation, and the sign-in form at its first submit (login-page.tsx).
export const namespaces: readonly Namespace[] = ['auth', 'home'];

// The login page is the first download of most visits: the other pages of the area come in
// chunks of their own, fetched when they are opened.
const SignupPage = lazy(async () => {
  const [module] = await Promise.all([import('./signup-page'), loadNamespaces(['errors'])]);
  return { default: module.SignupPage };
});
const ActivatePage = lazy(async () => {
  const [module] = await Promise.all([import('./activate-page'), loadNamespaces(['errors'])]);
  return { default: module.ActivatePage };
});
const ChangePasswordPage = lazy(() =>
  import('./change-password-page').then((m) => ({ default: m.ChangePasswordPage })),
);
const TermsPage = lazy(async () => {
  const [module] = await Promise.all([import('./terms-page'), loadNamespaces(['terms'])]);
  return { default: module.TermsPage };
});

function page(pathname: string) {
  if (pathname.startsWith('/signup')) return <SignupPage />;
  if (pathname.startsWith('/account/activate')) return <ActivatePage />;
  if (pathname.startsWith('/change-password')) return <ChangePasswordPage />;
  if (pathname.startsWith('/terms')) return <TermsPage />;
  return null;
}

/** The auth area: sign-in, sign-up, activation, password change and the terms of use. */
export function Area() {
  const { pathname } = useLocation();
  const other = page(pathname);
  if (!other) return <LoginPage />;
  return <Suspense fallback={<AreaLoading />}>{other}</Suspense>;
}
