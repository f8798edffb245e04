import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { useMaintenance } from '../api/maintenance';
import { MaintenancePage } from '../areas/warnings/maintenance-page';
import { AppProviders } from './providers';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The spec: while the API reports maintenance, the whole app shows the maintenance page. */
function MaintenanceGate({ router }: { router: AppRouter }) {
  const maintenance = useMaintenance();
  return maintenance ? <MaintenancePage /> : <RouterProvider router={router} />;
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <MaintenanceGate router={router} />
    </AppProviders>
  );
}
