import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect } from 'vitest';
import { App } from '../app/app';
import { i18n } from '../app/i18n';
import { routes } from '../app/routes';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/**
 * The whole app (providers, maintenance gate, guard, routes) at `path`, in memory. With
 * `basename` ('/v3', as served) the router's own locations carry it, as in the browser.
 */
export function renderApp(path = '/', { basename }: { basename?: string } = {}) {
  const router = createMemoryRouter(routes, {
    initialEntries: [`${basename ?? ''}${path}`],
    ...(basename ? { basename } : {}),
  });
  const queryClient = testQueryClient();
  return { router, queryClient, ...render(<App router={router} queryClient={queryClient} />) };
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
