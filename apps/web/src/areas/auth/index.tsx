import { useLocation } from 'react-router';
import type { Namespace } from '@lavoura/i18n/web';
import { ActivatePage } from './activate-page';
import { ChangePasswordPage } from './change-password-page';
import { LoginPage } from './login-page';
import { SignupPage } from './signup-page';
import { TermsPage } from './terms-page';

// The login page shows a preview of the home page (login-showcase), hence `home`.
export const namespaces: readonly Namespace[] = ['auth', 'home', 'terms'];

/** The auth area: sign-in, sign-up, activation, password change and the terms of use. */
export function Area() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/signup')) return <SignupPage />;
  if (pathname.startsWith('/account/activate')) return <ActivatePage />;
  if (pathname.startsWith('/change-password')) return <ChangePasswordPage />;
  if (pathname.startsWith('/terms')) return <TermsPage />;
  return <LoginPage />;
}
