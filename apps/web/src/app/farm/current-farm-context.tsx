import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { farmKeys, isQueryOfFarm, plotsQuery, useFarms, type Farm } from '../../api/farms';
import { useSignedIn } from '../session/signed-in';
import { farmSwitchTarget, resolveCurrentFarm, routeFarmId } from './current-farm';
import { farmStorageKey, useStoredFarm } from './farm-storage';

/** The farm the signed-in pages work on, and the spec's farm switch. */
export interface CurrentFarmState {
  /** GET /api/farms (not run without farm.list): every farm the session sees. */
  farms: UseQueryResult<Farm[]>;
  /** The current farm; null while the list loads, without farms or without farm.list. */
  farm: Farm | null;
  /** A switch is under way (spec 2 §2: the loading flag). */
  switching: boolean;
  /**
   * The spec's farm switch; nothing happens for the current farm. `stay`: the page on screen is
   * of the new farm (a link to its sowing): it is not sent to the route's reload target.
   */
  switchFarm: (farmId: number, options?: { stay?: boolean }) => Promise<void>;
  /** A deleted farm: forgotten as the stored choice and dropped from the list at once. */
  forgetFarm: (farmId: number) => void;
}

const CurrentFarmContext = createContext<CurrentFarmState | null>(null);

/**
 * Keeps the current farm of the signed-in frame. Which one it is follows the pure rule of
 * current-farm.ts (route, then stored choice, then first enabled farm); a farm the route names
 * becomes the stored choice. Whenever the current farm changes, by a switch or a link, the
 * previous farm's queries are dropped, so none of its data is shown again.
 */
export function CurrentFarmProvider({ children }: { children: ReactNode }) {
  const { user, can } = useSignedIn();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const farms = useFarms(can('farm.list'));
  const [stored, setStored] = useStoredFarm(farmStorageKey(user.account.id, user.id));
  const [switching, setSwitching] = useState(false);

  const fromRoute = routeFarmId(location.search);
  const list = farms.data;
  const farm = useMemo(
    () => (list ? resolveCurrentFarm(list, fromRoute, stored) : null),
    [list, fromRoute, stored],
  );
  const farmId = farm?.id ?? null;

  // A farm the route names (a link, a bookmark) is the one to come back to.
  useEffect(() => {
    if (farmId !== null && farmId === fromRoute && farmId !== stored) setStored(farmId);
  }, [farmId, fromRoute, stored, setStored]);

  // The previous farm's data leaves the cache whatever made it previous.
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = farmId;
    if (before !== null && before !== farmId) {
      queryClient.removeQueries({ predicate: (query) => isQueryOfFarm(query.queryKey, before) });
    }
  }, [farmId, queryClient]);

  const switchFarm = useCallback(
    async (nextId: number, options: { stay?: boolean } = {}) => {
      const currentId = farmId;
      if (nextId === currentId) return;
      setSwitching(true);
      try {
        // Plots (and, once sowings exist, the sowing filter) load together before the page
        // moves; a failure is shown where they are listed, and does not stop the switch.
        await Promise.allSettled([queryClient.prefetchQuery(plotsQuery(nextId, true))]);
        setStored(nextId);
        await navigate(farmSwitchTarget(location.pathname, location.search, nextId, options.stay));
        if (currentId !== null) {
          queryClient.removeQueries({
            predicate: (query) => isQueryOfFarm(query.queryKey, currentId),
          });
        }
      } finally {
        setSwitching(false);
      }
    },
    [farmId, location.pathname, location.search, navigate, queryClient, setStored],
  );

  const forgetFarm = useCallback(
    (deletedId: number) => {
      if (stored === deletedId) setStored(null);
      queryClient.setQueryData<Farm[]>(farmKeys.list, (current) =>
        current?.filter((item) => item.id !== deletedId),
      );
      queryClient.removeQueries({ predicate: (query) => isQueryOfFarm(query.queryKey, deletedId) });
    },
    [queryClient, stored, setStored],
  );

  const value = useMemo<CurrentFarmState>(
    () => ({ farms, farm, switching, switchFarm, forgetFarm }),
    [farms, farm, switching, switchFarm, forgetFarm],
  );
  return <CurrentFarmContext.Provider value={value}>{children}</CurrentFarmContext.Provider>;
}

/** The current farm inside the signed-in frames. */
export function useCurrentFarm(): CurrentFarmState {
  const state = useContext(CurrentFarmContext);
  if (!state) throw new Error('useCurrentFarm() outside CurrentFarmProvider');
  return state;
}
