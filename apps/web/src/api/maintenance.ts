import { useSyncExternalStore } from 'react';

/**
 * The spec's maintenance flag: a 503 answer from the API switches it on, any other outcome
 * switches it off. A module-level store (not React state) because the API client sets it outside
 * any component, and the app root reads it to swap the routed view for the maintenance page.
 */
let maintenance = false;
const listeners = new Set<() => void>();

export function isMaintenanceOn(): boolean {
  return maintenance;
}

export function setMaintenance(on: boolean): void {
  if (on === maintenance) return;
  maintenance = on;
  for (const listener of listeners) listener();
}

function subscribeMaintenance(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMaintenance(): boolean {
  return useSyncExternalStore(subscribeMaintenance, isMaintenanceOn, isMaintenanceOn);
}
