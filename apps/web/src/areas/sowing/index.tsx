import type { Namespace } from '@lavoura/i18n/web';
import { useLocation } from 'react-router';
import { AreaNotReady } from '../warnings/area-not-ready';
import { SowingDetailPage } from './sowing-detail-page';
import { SowingsPage } from './sowings-page';

export const namespaces: readonly Namespace[] = [
  'sowings',
  'sowing-records',
  'execution',
  'programs',
];

/** /sowings/{id}: a well-formed sowing id (the page says "not found" for an unknown one). */
const SOWING_PATH = /^\/sowings\/([1-9]\d{0,9})\/?$/;

/** The sowing area: /sowings and a sowing's page are built; /execucao is not yet, and says so. */
export function Area() {
  const { pathname } = useLocation();
  const sowing = SOWING_PATH.exec(pathname);
  if (sowing) return <SowingDetailPage key={sowing[1]} sowingId={Number(sowing[1])} />;
  if (pathname === '/sowings' || pathname.startsWith('/sowings/')) return <SowingsPage />;
  return <AreaNotReady area="sowing" />;
}
