import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The spec's chunk-load time-out: an area that has not loaded by then is reported as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The area did not load within ${timeoutMs} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** Each area module exports its root component as `Area`, so one loader shape fits every area. */
export interface AreaModule {
  Area: ComponentType;
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

/** A code-split area: its chunk loads on first render, and fails after the time-out. */
export function lazyArea(
  load: () => Promise<AreaModule>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): LazyExoticComponent<ComponentType> {
  return lazy(() => withTimeout(load(), timeoutMs).then((module) => ({ default: module.Area })));
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
