import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { cropSchema } from '@lavoura/domain';
import { z } from 'zod/mini';
import { recordRequests, serve } from '../test/msw-server';
import { ApiError, NETWORK_ERROR_KEY, apiFetch } from './http';
import { isMaintenanceOn } from './maintenance';

const errorBody = (code: number, key: string) => ({
  code,
  key,
  context: { message: 'hint for developers', additionalInfo: { field: 'x' } },
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiFetch', () => {
  it('answers the parsed JSON of a success and asks for JSON, with no Authorization header', async () => {
    serve(http.get('/api/crops', () => HttpResponse.json([{ id: 1 }])));
    const seen = recordRequests();
    await expect(apiFetch('/api/crops')).resolves.toEqual([{ id: 1 }]);
    expect(seen[0]?.headers.get('Accept')).toBe('application/json');
    // The session is the httpOnly cookie the browser sends; the app never holds a token.
    expect(seen[0]?.headers.get('Authorization')).toBeNull();
  });

  it('sends a json body with its content type', async () => {
    serve(
      http.post('/admin-api/login', async ({ request }) =>
        HttpResponse.json({
          echoed: await request.json(),
          type: request.headers.get('Content-Type'),
        }),
      ),
    );
    await expect(
      apiFetch('/admin-api/login', { method: 'POST', json: { email: 'a@b.c' } }),
    ).resolves.toEqual({ echoed: { email: 'a@b.c' }, type: 'application/json' });
  });

  it('throws the API error body of a refusal', async () => {
    serve(
      http.get('/api/users', () =>
        HttpResponse.json(errorBody(400, 'exception.users.exceeded_limit'), { status: 400 }),
      ),
    );
    const error = await failure(apiFetch('/api/users'));
    expect(error.status).toBe(400);
    expect(error.key).toBe('exception.users.exceeded_limit');
    expect(error.body).toEqual(errorBody(400, 'exception.users.exceeded_limit'));
  });

  it('reports an unexpected error when the answer is not in the error shape', async () => {
    serve(
      http.get('/api/crops', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );
    const error = await failure(apiFetch('/api/crops'));
    expect(error.status).toBe(502);
    expect(error.key).toBe('exception.unexpected_error');
  });

  it('checks a success against its contract and refuses an answer that breaks it', async () => {
    serve(
      http.get('/api/crops', () =>
        HttpResponse.json([{ id: 1, code: 'soybean', message_key: 'crop.soybean' }]),
      ),
    );
    await expect(apiFetch('/api/crops', { schema: z.array(cropSchema) })).resolves.toHaveLength(1);

    serve(http.get('/api/crops', () => HttpResponse.json([{ id: 'one' }])));
    const error = await failure(apiFetch('/api/crops', { schema: z.array(cropSchema) }));
    expect(error.key).toBe('exception.unexpected_error');
  });

  it('reports a request that got no answer as a network error', async () => {
    serve(http.get('/api/crops', () => HttpResponse.error()));
    const error = await failure(apiFetch('/api/crops'));
    expect(error.key).toBe(NETWORK_ERROR_KEY);
  });

  it('switches maintenance on with a 503 and off with any other outcome', async () => {
    let status = 503;
    serve(
      http.get('/api/crops', () =>
        status === 200
          ? HttpResponse.json([])
          : HttpResponse.json(
              errorBody(status, status === 503 ? 'exception.maintenance' : 'exception.not_found'),
              { status },
            ),
      ),
    );

    await failure(apiFetch('/api/crops'));
    expect(isMaintenanceOn()).toBe(true);

    status = 200;
    await apiFetch('/api/crops');
    expect(isMaintenanceOn()).toBe(false);

    status = 503;
    await failure(apiFetch('/api/crops'));
    expect(isMaintenanceOn()).toBe(true);

    status = 404;
    await failure(apiFetch('/api/crops'));
    expect(isMaintenanceOn()).toBe(false);
  });
});
