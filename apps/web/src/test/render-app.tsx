import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { App } from '../app/app';
import { i18n } from '../app/i18n';
import { routes } from '../app/routes';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** The whole app (providers, maintenance gate, guard, routes) at `path`, in memory. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = testQueryClient();
  return { router, queryClient, ...render(<App router={router} queryClient={queryClient} />) };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * Replaces `fetch`, the web app's outside boundary, with answers by path. A path with no handler
 * fails the test loudly instead of reaching a network that does not exist here.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    const handler = handlers[new URL(request.url).pathname];
    if (!handler) throw new Error(`Unexpected request ${request.method} ${request.url}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
