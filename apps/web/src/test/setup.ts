// jsdom has no IndexedDB: the field app's outbox (app/offline/outbox.ts) keeps its changes in this one.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setI18n } from 'react-i18next';
import { setMaintenance } from '../api/maintenance';
import { LANGUAGES } from '@lavoura/domain';
import { NAMESPACES } from '@lavoura/i18n/web';
import { i18n, i18nReady } from '../lib/i18n';
import { forgetHeldFarmsForTests } from '../app/farm/farm-storage';
import { areaLoadsSettled } from '../app/lazy-area';
import { resetSessionForTests } from '../app/session/session-store';
import { clearOutboxForTests } from '../app/offline/outbox';
import { server } from './msw-server';

// The first render of a file loads its lazy areas' modules, which takes more than a second on a
// busy machine: findBy* waits up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// Tests render pages at once and switch languages freely: every text is loaded up front (the app
// loads them per language and area, see lib/i18n.ts).
beforeAll(async () => {
  // A worker runs several files (isolate: false): a file that made an i18next instance of its own
  // (i18n.test.ts) must not leave it as the one components without a provider read.
  setI18n(i18n);
  await i18nReady;
  await i18n.loadNamespaces(NAMESPACES.filter((namespace) => namespace !== 'emails'));
  await i18n.loadLanguages([...LANGUAGES]);
});

// An area's chunk still loading when the file ends would fail as its environment goes, and its
// module would stay failed for the worker's later files (vitest.config.ts, isolate: false).
afterAll(() => areaLoadsSettled());

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  server.events.removeAllListeners();
  setMaintenance(false);
  resetSessionForTests();
  window.localStorage.clear();
  forgetHeldFarmsForTests();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  await clearOutboxForTests();
  await i18n.changeLanguage('en');
});
