import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Namespace } from '@lavoura/i18n/web';
import { loadNamespaces } from '../lib/i18n';

/** The spec's chunk-load time-out: an area that has not loaded by then is reported as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The area did not load within ${timeoutMs} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/**
 * Each area module exports its root component as `Area`, so one loader shape fits every area; the
 * text namespaces it shows beyond the shell's and what else it needs first (`prepare`, e.g. the
 * phone rules) load with it.
 */
export interface AreaModule {
  Area: ComponentType;
  namespaces?: readonly Namespace[];
  prepare?: () => Promise<void>;
}

export function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The chunk, then its texts in the current language: the area renders with its texts there. */
async function loadArea(load: () => Promise<AreaModule>): Promise<{ default: ComponentType }> {
  const module = await load();
  await Promise.all([loadNamespaces(module.namespaces ?? []), module.prepare?.()]);
  return { default: module.Area };
}

/** Areas whose last load failed, each with the way to make it again (`retryFailedAreas`). */
const failedAreas = new Set<() => void>();
/** Area loads under way (`areaLoadsSettled`). */
const loadsUnderWay = new Set<Promise<unknown>>();

/**
 * Settles once every area load under way has ended. The web tests wait for it before a file's
 * environment goes: an import left running then fails ("after the environment was torn down") and
 * its module stays failed for the worker's later files (test/setup.ts).
 */
export async function areaLoadsSettled(waitMs = 8_000): Promise<void> {
  const deadline = Date.now() + waitMs;
  while (loadsUnderWay.size > 0 && Date.now() < deadline) {
    await Promise.race([
      Promise.allSettled([...loadsUnderWay]),
      new Promise((resolve) => setTimeout(resolve, deadline - Date.now())),
    ]);
  }
}

/**
 * Makes every area whose load failed load again at its next render. React.lazy keeps a rejection
 * for the page's life; an area frame calls this when it is built and when the user tries again,
 * so a load that failed (offline, or its texts not fetched) is tried anew instead of failing
 * until the page is reloaded. React's own retries of a render do not call it: a chunk that never
 * arrives still ends in the error panel.
 */
export function retryFailedAreas(): void {
  const resets = [...failedAreas];
  failedAreas.clear();
  for (const reset of resets) reset();
}

/** A code-split area: its chunk and texts load on first render, and fail after the time-out. */
export function lazyArea(
  load: () => Promise<AreaModule>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): ComponentType {
  let current: LazyExoticComponent<ComponentType>;
  const attempt = () => {
    current = lazy(() => {
      const loading = withTimeout(loadArea(load), timeoutMs).catch((error: unknown) => {
        failedAreas.add(attempt);
        throw error;
      });
      const settled = loading.then(
        () => undefined,
        () => undefined,
      );
      loadsUnderWay.add(settled);
      void settled.then(() => loadsUnderWay.delete(settled));
      return loading;
    });
  };
  attempt();
  return function Area() {
    return createElement(current);
  };
}

/**
 * A failed chunk stays failed inside React.lazy, and after a deployment the old chunk names are
 * gone, so the only real retry is loading the page again.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadTimeoutError ||
    (error instanceof Error &&
      /dynamically imported module|module script failed|Unable to preload CSS/i.test(error.message))
  );
}
