import { useEffect, useRef } from 'react';
import type { Farm } from '../../api/farms';
import { useCurrentFarm } from '../../app/farm/current-farm-context';

/**
 * A sowing of another farm of the account (a link, a bookmark): that farm becomes current by the
 * spec's farm switch (spec 2 §2), staying on the sowing. True while it does; false for a farm the
 * session does not see.
 */
export function useFollowSowingFarm(farm: Farm, sowingFarmId: number | undefined): boolean {
  const { farms, switchFarm } = useCurrentFarm();
  const follow =
    sowingFarmId !== undefined &&
    sowingFarmId !== farm.id &&
    (farms.data ?? []).some((other) => other.id === sowingFarmId);
  // Once: the switch itself changes the route, and with it `switchFarm`.
  const asked = useRef(false);
  useEffect(() => {
    if (!follow || asked.current) return;
    asked.current = true;
    void switchFarm(sowingFarmId, { stay: true });
  }, [follow, sowingFarmId, switchFarm]);
  return follow;
}
