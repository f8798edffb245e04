import type { Namespace } from '@lavoura/i18n/web';
import { WeeklyDigestPage } from './weekly-digest-page';
import { sprayWindowNamespaces } from '../shared/spray-windows/namespaces';

/** The weekly digest (spec 3 §2 Weekly digest): opened from the e-mailed link, no sign-in. */
export function Area() {
  return <WeeklyDigestPage />;
}

// The upcoming sprays' windows (areas/shared/spray-windows).
export const namespaces: readonly Namespace[] = ['digest', ...sprayWindowNamespaces];
