import type { Session } from './session.types.ts';

/**
 * The farms a session sees: administrator profiles every farm of the account, the others only the
 * farms assigned to their membership. Farm data services filter with it; a farm outside it is not
 * found.
 */
export type FarmScope = { all: true } | { all: false; farmIds: ReadonlySet<number> };

export function farmScope(session: Session, assignedFarmIds: readonly number[]): FarmScope {
  return session.allFarms ? { all: true } : { all: false, farmIds: new Set(assignedFarmIds) };
}

export function mayReadFarm(scope: FarmScope, farmId: number): boolean {
  return scope.all || scope.farmIds.has(farmId);
}
