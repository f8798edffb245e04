import type { Namespace } from '@lavoura/i18n/web';
import { useLocation } from 'react-router';
import { AreaNotReady } from '../shared/area-not-ready';
import { ProgramsPage } from './programs-page';
import { VarietiesPage } from './varieties-page';

export const namespaces: readonly Namespace[] = ['varieties', 'programs'];

/** The planning area: /cultivares and /programas (a program's editor opens over it, ?programa={id}). */
export function Area() {
  const { pathname } = useLocation();
  if (pathname === '/cultivares' || pathname.startsWith('/cultivares/')) return <VarietiesPage />;
  if (pathname === '/programas' || pathname === '/programas/') return <ProgramsPage />;
  return <AreaNotReady area="planning" />;
}
