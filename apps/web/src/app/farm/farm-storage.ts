import { useCallback, useSyncExternalStore } from 'react';

/**
 * The farm a person last chose, kept in local storage per user and account (one browser may sign
 * in several people, one person may belong to several accounts). A choice, not a secret: it stays
 * after sign-out and is only used while that farm is still among the ones the session sees.
 */
const PREFIX = 'current_farm';

export function farmStorageKey(accountId: number, userId: number): string {
  return `${PREFIX}.${accountId}.${userId}`;
}

const listeners = new Set<() => void>();
/**
 * What this page holds, read from storage once per key: another tab's later choice does not
 * switch this one's farm under the user's feet.
 */
const held = new Map<string, number | null>();

function notify(): void {
  for (const listener of listeners) listener();
}

function readStoredFarm(key: string): number | null {
  if (held.has(key)) return held.get(key)!;
  let farmId: number | null = null;
  try {
    const value = window.localStorage.getItem(key);
    if (value !== null && /^\d+$/.test(value)) farmId = Number(value);
  } catch {
    // Storage unavailable: no stored choice.
  }
  held.set(key, farmId);
  return farmId;
}

function storeFarm(key: string, farmId: number | null): void {
  held.set(key, farmId);
  try {
    if (farmId === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, String(farmId));
  } catch {
    // Not stored: the choice lasts while the page is open (the route keeps fazenda_id).
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests start each case from what local storage holds. */
export function forgetHeldFarmsForTests(): void {
  held.clear();
}

/** The stored choice under `key` and how to change it. */
export function useStoredFarm(key: string): [number | null, (farmId: number | null) => void] {
  const stored = useSyncExternalStore(subscribe, () => readStoredFarm(key));
  const set = useCallback((farmId: number | null) => storeFarm(key, farmId), [key]);
  return [stored, set];
}
