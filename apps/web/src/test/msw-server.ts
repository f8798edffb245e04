import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType, type RequestHandler } from 'msw';

/**
 * The web app's outside world in tests: HTTP answered at the network boundary by MSW. Each test
 * adds the handlers it needs (`serve`); they are dropped after it. A request nobody answers fails
 * as a network error, printed loudly, instead of reaching a network that does not exist here.
 */
export const server = setupServer();

/** Answers for this test; later calls take precedence over earlier ones. */
export function serve(...handlers: RequestHandler[]): void {
  server.use(...handlers);
}

export interface SeenRequest {
  method: string;
  /** The path, without origin or query. */
  path: string;
  url: URL;
  headers: Headers;
}

/** Every request the app sends from now on, in order (what it sent, not what was answered). */
export function recordRequests(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push({ method: request.method, path: url.pathname, url, headers: request.headers });
  });
  return seen;
}

/** A JSON answer with a status, as the API gives it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return HttpResponse.json(body as JsonBodyType, { status });
}

type Answer = (request: Request) => Response | Promise<Response>;
export type PathAnswers = Record<string, Answer>;

/**
 * Handlers by path, any method (the answer reads `request.method` when it matters): shorthand for
 * tests whose answers depend on what was sent.
 */
export function byPath(answers: PathAnswers): RequestHandler[] {
  return Object.entries(answers).map(([path, answer]) =>
    http.all(path, ({ request }) => answer(request)),
  );
}
