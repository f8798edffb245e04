import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import type { AreaName } from '../areas/area-names';
import { AreaLoading } from '../shell/area-loading';
import { PublicLayout } from '../shell/public-layout';
import { NavigationGuard } from './guard/route-guard';
import { lazyArea } from './lazy-area';
import { AreaBoundary, RouteErrorBoundary } from './route-error-boundary';

// The signed-in frame (drawer, top bar, menus, its dialogs' texts) is a chunk of its own: the
// sign-in pages do not download it.
const AppShell = lazyArea(() =>
  import('../shell/app-shell').then((module) => ({
    Area: module.AppShell,
    namespaces: module.SIGNED_IN_NAMESPACES,
  })),
);
const BareLayout = lazyArea(() =>
  import('../shell/app-shell').then((module) => ({
    Area: module.BareLayout,
    namespaces: module.SIGNED_IN_NAMESPACES,
  })),
);

/** A layout loads like an area: a spinner meanwhile, the route's error panel if it fails. */
function lazyLayout(Layout: ComponentType) {
  return (
    <Suspense fallback={<AreaLoading />}>
      <Layout />
    </Suspense>
  );
}

/** The app is served under /v3/ (the server answers index.html for every path below it). */
const APP_BASENAME = '/v3';

// One chunk per area of the spec's list; the literal import paths let Vite split them.
const AREAS: Record<AreaName, ComponentType> = {
  activities: lazyArea(() => import('../areas/activities')),
  auth: lazyArea(() => import('../areas/auth')),
  catalog: lazyArea(() => import('../areas/catalog')),
  comparison: lazyArea(() => import('../areas/comparison')),
  farms: lazyArea(() => import('../areas/farms')),
  field: lazyArea(() => import('../areas/field')),
  home: lazyArea(() => import('../areas/home')),
  integrations: lazyArea(() => import('../areas/integrations')),
  linkage: lazyArea(() => import('../areas/linkage')),
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

/** Where a page sits: the public frame (sign-in pages), the signed-in shell, or neither. */
export type RouteLayout = 'public' | 'shell' | 'bare';

export interface AreaRoute {
  path: string;
  area: AreaName;
  layout: RouteLayout;
}

/** The spec's routes and the area that owns each; `*` is the 404 of the warnings area. */
export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: '/', area: 'home', layout: 'shell' },
  { path: '/my_farm', area: 'home', layout: 'shell' },
  { path: '/farms', area: 'farms', layout: 'shell' },
  { path: '/field', area: 'field', layout: 'shell' },
  { path: '/sowings', area: 'sowing', layout: 'shell' },
  { path: '/sowings/:id', area: 'sowing', layout: 'shell' },
  { path: '/execucao', area: 'sowing', layout: 'shell' },
  { path: '/cultivares', area: 'planning', layout: 'shell' },
  { path: '/programas', area: 'planning', layout: 'shell' },
  { path: '/comparacao', area: 'comparison', layout: 'shell' },
  { path: '/catalog', area: 'catalog', layout: 'shell' },
  { path: '/notes', area: 'notes', layout: 'shell' },
  { path: '/performance', area: 'performance', layout: 'shell' },
  { path: '/dashboard-linkage', area: 'linkage', layout: 'shell' },
  { path: '/integrations', area: 'integrations', layout: 'shell' },
  { path: '/users', area: 'users', layout: 'shell' },
  { path: '/profile', area: 'profile', layout: 'shell' },
  { path: '/plans', area: 'plans', layout: 'shell' },
  { path: '/payment', area: 'payment', layout: 'shell' },
  // Ours: a paid purchase ends here, outside /payment, which the new plan may close (Full).
  { path: '/plan-activated', area: 'payment', layout: 'shell' },
  { path: '/change-password', area: 'auth', layout: 'shell' },
  { path: '/reports/programa', area: 'reports', layout: 'bare' },
  { path: '/reports/season-report', area: 'reports', layout: 'bare' },
  { path: '/login', area: 'auth', layout: 'public' },
  { path: '/signup', area: 'auth', layout: 'public' },
  { path: '/account/activate', area: 'auth', layout: 'public' },
  { path: '/terms', area: 'auth', layout: 'public' },
  { path: '/weekly-digest', area: 'activities', layout: 'public' },
  { path: '*', area: 'warnings', layout: 'shell' },
];

/** An area behind its own error boundary, with a spinner while its chunk loads. */
function AreaOutlet({ area }: { area: AreaName }) {
  const Area = AREAS[area];
  return (
    <AreaBoundary>
      <Suspense fallback={<AreaLoading />}>
        <Area />
      </Suspense>
    </AreaBoundary>
  );
}

/** `/` is my farm (the spec): the address becomes /my_farm, keeping the query. */
function HomeRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/my_farm${search}`} replace />;
}

/** The routes of one layout, each its area behind the guard's outlet. */
export function childrenOf(layout: RouteLayout): RouteObject[] {
  return AREA_ROUTES.filter((route) => route.layout === layout).map(({ path, area }) => ({
    path,
    element: path === '/' ? <HomeRedirect /> : <AreaOutlet area={area} />,
    errorElement: <RouteErrorBoundary />,
  }));
}

/** Every route runs the navigation guard first (app/guard), then sits in its layout. */
export const routes: RouteObject[] = [
  {
    element: <NavigationGuard />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { element: <PublicLayout />, children: childrenOf('public') },
      { element: lazyLayout(BareLayout), children: childrenOf('bare') },
      { element: lazyLayout(AppShell), children: childrenOf('shell') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: APP_BASENAME });
}
