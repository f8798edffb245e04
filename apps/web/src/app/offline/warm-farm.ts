import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isGrowingSowing } from '@lavoura/domain';
import { executionProgramQuery, sowingProgramQuery } from '../../api/executions';
import { plotsQuery } from '../../api/farms';
import { notesQuery } from '../../api/notes';
import { defensivesQuery } from '../../api/programs';
import {
  growthStagesQuery,
  harvestsQuery,
  irrigationsQuery,
  sowingDetailQuery,
  stageObservationsQuery,
} from '../../api/sowing-records';
import { sowingsQuery, type Sowing } from '../../api/sowings';
import { farmVarietiesQuery } from '../../api/varieties';
import { sprayWindowsQuery } from '../../api/spray-windows';
import { useCurrentFarm } from '../farm/current-farm-context';
import { useSignedIn } from '../session/signed-in';

/**
 * A member who opened their farm with signal finds its field pages without it (issue 30 item 7):
 * once the service worker keeps the API's answers, the farm's sowings list, each growing sowing's
 * page and execution (program, spray windows, products) and the notes are read once in the
 * background, so the worker holds them even for pages not opened yet. Once per farm and page
 * load, a few seconds after the farm opens, a dozen sowings at most.
 */
const WARM_AFTER_MS = 3_000;
const MAX_SOWINGS = 12;
const warmed = new Set<string>();

function subscribeController(listener: () => void): () => void {
  navigator.serviceWorker?.addEventListener('controllerchange', listener);
  return () => navigator.serviceWorker?.removeEventListener('controllerchange', listener);
}

/** Whether a service worker answers this page's requests (the built app, once installed). */
function useServiceWorkerInControl(): boolean {
  return useSyncExternalStore(subscribeController, () => !!navigator.serviceWorker?.controller);
}

/** A read whose failure is the page's to tell when it is opened, not the warm-up's. */
function quietly<T>(reading: Promise<T>): Promise<T | undefined> {
  return reading.catch(() => undefined);
}

/** The sowings whose pages matter in the field: growing ones, those with a program first. */
function fieldSowings(sowings: readonly Sowing[]): Sowing[] {
  return sowings
    .filter(isGrowingSowing)
    .sort((a, b) => Number(b.programa !== null) - Number(a.programa !== null))
    .slice(0, MAX_SOWINGS);
}

/** Each query is read anew (staleTime 0): the worker keeps what the network answers. */
async function warmFarm(queryClient: QueryClient, farmId: number, stopped: () => boolean) {
  const sowings = await quietly(queryClient.fetchQuery({ ...sowingsQuery(farmId), staleTime: 0 }));
  await Promise.all([
    quietly(queryClient.fetchQuery({ ...plotsQuery(farmId, false), staleTime: 0 })),
    quietly(queryClient.fetchQuery({ ...notesQuery(farmId, {}), staleTime: 0 })),
    ...[...new Set((sowings ?? []).map((sowing) => sowing.season_crop_id))].map((seasonCropId) =>
      quietly(
        queryClient.fetchQuery({ ...farmVarietiesQuery(farmId, seasonCropId), staleTime: 0 }),
      ),
    ),
  ]);
  for (const sowing of fieldSowings(sowings ?? [])) {
    if (stopped()) return;
    await Promise.all([
      quietly(queryClient.fetchQuery({ ...sowingDetailQuery(farmId, sowing.id), staleTime: 0 })),
      quietly(queryClient.fetchQuery({ ...growthStagesQuery(farmId, sowing.id), staleTime: 0 })),
      quietly(
        queryClient.fetchQuery({ ...stageObservationsQuery(farmId, sowing.id), staleTime: 0 }),
      ),
      quietly(queryClient.fetchQuery({ ...harvestsQuery(farmId, sowing.id), staleTime: 0 })),
      quietly(queryClient.fetchQuery({ ...irrigationsQuery(farmId, sowing.id), staleTime: 0 })),
    ]);
    if (!sowing.programa) continue;
    const programId = sowing.programa.id;
    await Promise.all([
      quietly(queryClient.fetchQuery({ ...sowingProgramQuery(farmId, sowing.id), staleTime: 0 })),
      quietly(
        queryClient.fetchQuery({ ...executionProgramQuery(farmId, programId), staleTime: 0 }),
      ),
      quietly(queryClient.fetchQuery({ ...sprayWindowsQuery(farmId, programId), staleTime: 0 })),
      quietly(queryClient.fetchQuery({ ...defensivesQuery(farmId, sowing.crop_id), staleTime: 0 })),
    ]);
  }
}

/** Reads the current farm's field pages for use without signal (see above). */
export function useWarmFarmForOffline(): void {
  const { farm } = useCurrentFarm();
  const accountId = useSignedIn().user.account.id;
  const queryClient = useQueryClient();
  const inControl = useServiceWorkerInControl();
  const farmId = farm?.id ?? null;
  useEffect(() => {
    if (farmId === null || !inControl || !navigator.onLine) return;
    const key = `${accountId}:${farmId}`;
    if (warmed.has(key)) return;
    let stopped = false;
    const timer = window.setTimeout(() => {
      warmed.add(key);
      void warmFarm(queryClient, farmId, () => stopped);
    }, WARM_AFTER_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [farmId, accountId, inControl, queryClient]);
}
