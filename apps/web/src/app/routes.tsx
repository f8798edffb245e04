import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { AreaName } from '../areas/area-names';
import { AreaLoading } from '../shell/area-loading';
import { PublicLayout } from '../shell/public-layout';
import { lazyArea } from './lazy-area';
import { AreaBoundary, RouteErrorBoundary } from './route-error-boundary';

/** The app is served under /v3/ (the server answers index.html for every path below it). */
export const APP_BASENAME = '/v3';

// One chunk per area of the spec's list; the literal import paths let Vite split them.
const AREAS: Record<AreaName, LazyExoticComponent<ComponentType>> = {
  activities: lazyArea(() => import('../areas/activities')),
  auth: lazyArea(() => import('../areas/auth')),
  catalog: lazyArea(() => import('../areas/catalog')),
  comparison: lazyArea(() => import('../areas/comparison')),
  farms: lazyArea(() => import('../areas/farms')),
  field: lazyArea(() => import('../areas/field')),
  home: lazyArea(() => import('../areas/home')),
  integrations: lazyArea(() => import('../areas/integrations')),
  notes: lazyArea(() => import('../areas/notes')),
  payment: lazyArea(() => import('../areas/payment')),
  performance: lazyArea(() => import('../areas/performance')),
  planning: lazyArea(() => import('../areas/planning')),
  plans: lazyArea(() => import('../areas/plans')),
  profile: lazyArea(() => import('../areas/profile')),
  reports: lazyArea(() => import('../areas/reports')),
  sowing: lazyArea(() => import('../areas/sowing')),
  users: lazyArea(() => import('../areas/users')),
  warnings: lazyArea(() => import('../areas/warnings')),
};

export interface AreaRoute {
  path: string;
  area: AreaName;
}

/** The spec's routes and the area that owns each; `*` is the 404 of the warnings area. */
export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: '/', area: 'home' },
  { path: '/my_farm', area: 'home' },
  { path: '/farms', area: 'farms' },
  { path: '/field', area: 'field' },
  { path: '/sowings', area: 'sowing' },
  { path: '/execucao', area: 'sowing' },
  { path: '/cultivares', area: 'planning' },
  { path: '/programas', area: 'planning' },
  { path: '/comparacao', area: 'comparison' },
  { path: '/catalog', area: 'catalog' },
  { path: '/notes', area: 'notes' },
  { path: '/performance', area: 'performance' },
  { path: '/dashboard-linkage', area: 'performance' },
  { path: '/integrations', area: 'integrations' },
  { path: '/users', area: 'users' },
  { path: '/profile', area: 'profile' },
  { path: '/plans', area: 'plans' },
  { path: '/payment', area: 'payment' },
  { path: '/reports/programa', area: 'reports' },
  { path: '/reports/season-report', area: 'reports' },
  { path: '/login', area: 'auth' },
  { path: '/account/activate', area: 'auth' },
  { path: '/change-password', area: 'auth' },
  { path: '/weekly-digest', area: 'activities' },
  { path: '*', area: 'warnings' },
];

/** An area behind its own error boundary, with a spinner while its chunk loads. */
export function AreaOutlet({ area }: { area: AreaName }) {
  const Area = AREAS[area];
  return (
    <AreaBoundary>
      <Suspense fallback={<AreaLoading />}>
        <Area />
      </Suspense>
    </AreaBoundary>
  );
}

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorBoundary />,
    children: AREA_ROUTES.map(({ path, area }) => ({
      path,
      element: <AreaOutlet area={area} />,
      errorElement: <RouteErrorBoundary />,
    })),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: APP_BASENAME });
}
