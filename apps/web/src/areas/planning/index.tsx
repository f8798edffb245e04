import type { Namespace } from '@lavoura/i18n/web';
import { useLocation } from 'react-router';
import { AreaNotReady } from '../warnings/area-not-ready';
import { VarietiesPage } from './varieties-page';

export const namespaces: readonly Namespace[] = ['varieties', 'programs'];

/** The planning area: /cultivares is built; /programas is not yet, and says so honestly. */
export function Area() {
  const { pathname } = useLocation();
  if (pathname === '/cultivares' || pathname.startsWith('/cultivares/')) return <VarietiesPage />;
  return <AreaNotReady area="planning" />;
}
