import type { Namespace } from '@lavoura/i18n/web';
import { useLocation } from 'react-router';
import { ExecutionPage } from './execution-page';
import { SowingDetailPage } from './sowing-detail-page';
import { SowingsPage } from './sowings-page';
import { sprayWindowNamespaces } from '../shared/spray-windows/namespaces';

// `home`: /execucao's notice for a sowing of another season is the spec's Home.sowing key.
// The spray windows' (areas/shared/spray-windows) beside the next spraying.
export const namespaces: readonly Namespace[] = [
  'sowings',
  'sowing-records',
  'execution',
  'programs',
  'home',
  ...sprayWindowNamespaces,
];

/** /sowings/{id}: a well-formed sowing id (the page says "not found" for an unknown one). */
const SOWING_PATH = /^\/sowings\/([1-9]\d{0,9})\/?$/;

/** The sowing area: /sowings, a sowing's page and /execucao (its spray program carried out). */
export function Area() {
  const { pathname } = useLocation();
  const sowing = SOWING_PATH.exec(pathname);
  if (sowing) return <SowingDetailPage key={sowing[1]} sowingId={Number(sowing[1])} />;
  if (pathname === '/execucao' || pathname.startsWith('/execucao/')) return <ExecutionPage />;
  return <SowingsPage />;
}
