// First: configures zod before any module builds a schema (see the file).
import './zod-jitless';
// Rubik is bundled (latin subset covers pt, en and es); the app loads no web fonts.
import '@fontsource/rubik/latin-400.css';
import '@fontsource/rubik/latin-500.css';
import '@fontsource/rubik/latin-700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { i18nReady } from './lib/i18n';
import { createAppRouter } from './app/routes';
import { forgetOfflineCopies, registerFieldApp } from './app/offline/service-worker';
import { registerStoreReset } from './app/session/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The field app works without signal (docs/offline.md); what it kept of an account goes with the
// session.
registerFieldApp();
registerStoreReset(() => void forgetOfflineCopies());

// The first render waits for the shell's texts (a few KB in the language in use): no raw keys.
void i18nReady.then(() => {
  createRoot(container).render(
    <StrictMode>
      <App router={createAppRouter()} queryClient={createQueryClient()} />
    </StrictMode>,
  );
});
