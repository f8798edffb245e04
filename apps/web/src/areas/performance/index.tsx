import type { Namespace } from '@lavoura/i18n/web';
import { useLocation } from 'react-router';
import { AreaNotReady } from '../shared/area-not-ready';
import { PerformancePage } from './performance-page';

export const namespaces: readonly Namespace[] = ['performance', 'reports'];

/**
 * /performance: a farm's season (spec 3 §2; issue 14 item 10). /dashboard-linkage belongs to this
 * area too and is not built yet: it keeps the honest notice.
 */
export function Area() {
  const { pathname } = useLocation();
  if (pathname === '/dashboard-linkage') return <AreaNotReady area="performance" />;
  return <PerformancePage />;
}
