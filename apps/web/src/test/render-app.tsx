import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, expect } from 'vitest';
import { App } from '../app/app';
import { i18n } from '../lib/i18n';
import { childrenOf, routes } from '../app/routes';
import { GuardedOutlet } from '../app/guard/signed-in-guard';
import { NavigationGuard } from '../app/guard/route-guard';
import { RouteErrorBoundary } from '../app/route-error-boundary';
import { PublicLayout } from '../shell/public-layout';
import { SessionFrame } from '../shell/session-frame';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/**
 * The whole app (providers, maintenance gate, guard, routes) at `path`, in memory. With
 * `basename` ('/v3', as served) the router's own locations carry it, as in the browser.
 */
export function renderApp(path = '/', options: { basename?: string } = {}) {
  return renderRoutes(routes, path, options);
}

/** `App` (providers, maintenance gate) around an in-memory router of `appRoutes` at `path`. */
function renderRoutes(appRoutes: RouteObject[], path: string, { basename }: { basename?: string }) {
  const router = createMemoryRouter(appRoutes, {
    initialEntries: [`${basename ?? ''}${path}`],
    ...(basename ? { basename } : {}),
  });
  const queryClient = testQueryClient();
  return { router, queryClient, ...render(<App router={router} queryClient={queryClient} />) };
}

/** A signed-in page in the session frame the shell gives it, without the drawer and top bar. */
function SignedInFrame() {
  return (
    <SessionFrame>
      <main>
        <GuardedOutlet />
      </main>
    </SessionFrame>
  );
}

/**
 * The routes of the app with the signed-in pages in the session frame alone: the guard, the
 * session, the current farm and the shell's dialogs are there; the drawer and top bar are not.
 */
const areaRoutes: RouteObject[] = [
  {
    element: <NavigationGuard />,
    errorElement: <RouteErrorBoundary />,
    children: [
      { element: <PublicLayout />, children: childrenOf('public') },
      { element: <SignedInFrame />, children: [...childrenOf('shell'), ...childrenOf('bare')] },
    ],
  },
];

/**
 * Lazy areas a test file renders, loaded up front (`beforeAll`) so no test's time goes to
 * transforming them on a busy machine.
 */
export const AREA_CHUNKS = {
  field: () => import('../areas/field'),
  home: () => import('../areas/home'),
};

/**
 * The area under test at `path`, with the providers, guard and session frame it needs but not
 * the shell's chrome (drawer, top bar): what an area's tests render. The shell's own tests use
 * `renderApp`.
 */
export function renderArea(path = '/', options: { basename?: string } = {}) {
  return renderRoutes(areaRoutes, path, options);
}

/**
 * Collects the keys i18next could not find in any language during each test of the calling
 * suite (call it at describe level).
 */
export function trackMissingKeys(): string[] {
  const missing: string[] = [];
  const listener = (_languages: readonly string[], namespace: string, key: string) => {
    missing.push(`${namespace}:${key}`);
  };
  beforeEach(() => {
    missing.length = 0;
    i18n.on('missingKey', listener);
  });
  afterEach(() => {
    i18n.off('missingKey', listener);
  });
  return missing;
}

// An untranslated key on screen: lower-case identifiers joined by dots ("crop.soybean"), not
// the domain of an e-mail address ("suporte@lavoura.app").
const RAW_KEY = /(?<![@\w.])[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\b/;

export function expectNoRawKeys(element: HTMLElement): void {
  // Text node by text node: textContent glues neighbours together ("Farmsfarm.title").
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  expect(texts, 'the page shows some text').not.toEqual([]);
  expect(
    texts.filter((text) => RAW_KEY.test(text)),
    'raw i18n keys on screen',
  ).toEqual([]);
}
