import type { Namespace } from '@lavoura/i18n/web';
import { WeeklyDigestPage } from './weekly-digest-page';

/** The weekly digest (spec 3 §2 Weekly digest): opened from the e-mailed link, no sign-in. */
export function Area() {
  return <WeeklyDigestPage />;
}

export const namespaces: readonly Namespace[] = ['digest'];
