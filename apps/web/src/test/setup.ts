import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setMaintenance } from '../api/maintenance';
import { i18n } from '../app/i18n';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  setMaintenance(false);
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});
