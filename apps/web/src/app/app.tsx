import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { useMaintenance } from '../api/maintenance';
import { MaintenancePage } from '../areas/warnings/maintenance-page';
import { AppProviders } from './providers';
import { onSessionEnd } from './session/session-store';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The spec: while the API reports maintenance, the whole app shows the maintenance page. */
function MaintenanceGate({ router }: { router: AppRouter }) {
  const maintenance = useMaintenance();
  return maintenance ? <MaintenancePage /> : <RouterProvider router={router} />;
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  // A session that ends (logout, 401) leaves nothing of its account in the cache.
  useEffect(
    () =>
      onSessionEnd(() => {
        void queryClient.cancelQueries();
        queryClient.clear();
      }),
    [queryClient],
  );
  return (
    <AppProviders queryClient={queryClient}>
      <MaintenanceGate router={router} />
    </AppProviders>
  );
}
