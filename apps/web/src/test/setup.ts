import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setMaintenance } from '../api/maintenance';
import { i18n } from '../app/i18n';
import { resetSessionForTests } from '../app/session/session-store';

// The first render of a file loads its lazy areas' modules, which takes more than a second on a
// busy machine: findBy* waits up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  setMaintenance(false);
  resetSessionForTests();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});
