import { registerSW } from 'virtual:pwa-register';

/** The cache of the API's last answers, read by the service worker without signal (vite.config.ts). */
const API_CACHE = 'lavoura-api';

/**
 * Installs the field app's service worker (the built app only: development serves no worker). A
 * new version takes over at once; the page keeps running on the files it loaded.
 */
export function registerFieldApp(): void {
  if (!('serviceWorker' in navigator)) return;
  void registerSW({ immediate: true });
}

/**
 * Forgets the API answers kept for use without signal: they are one person's view of one
 * account, and must not outlive the session on a shared device (sign-out, account switch).
 */
export async function forgetOfflineCopies(): Promise<void> {
  try {
    if ('caches' in window) await window.caches.delete(API_CACHE);
  } catch {
    // No Cache API (an insecure origin, an old browser): nothing was kept.
  }
}
