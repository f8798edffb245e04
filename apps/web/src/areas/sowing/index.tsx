import type { Namespace } from '@lavoura/i18n/web';
import { useLocation } from 'react-router';
import { AreaNotReady } from '../warnings/area-not-ready';
import { SowingsPage } from './sowings-page';

export const namespaces: readonly Namespace[] = ['sowings'];

/** The sowing area: /sowings is built; /execucao is not yet, and says so honestly. */
export function Area() {
  const { pathname } = useLocation();
  if (pathname === '/sowings' || pathname.startsWith('/sowings/')) return <SowingsPage />;
  return <AreaNotReady area="sowing" />;
}
