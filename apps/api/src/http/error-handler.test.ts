import { ERRORS } from '@lavoura/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { AppError } from './app-error.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app) => {
      app.get('/api/test/explode', { config: { access: 'public' } }, async () => {
        throw new Error('secret internals at /srv/app/db.ts:42');
      });
      app.get('/api/test/domain-error', { config: { access: 'public' } }, async () => {
        throw new AppError(ERRORS.usersExceededLimit, 'User limit exceeded', {
          max_users: 5,
        });
      });
      app.post(
        '/api/test/echo',
        { config: { access: 'public' } },
        async (request) => request.body ?? {},
      );
    },
  });
});
afterAll(() => t.close());

const errorShape = {
  code: expect.any(Number),
  key: expect.stringMatching(/^exception\./),
  context: expect.objectContaining({ message: expect.any(String) }),
};

describe('one error shape from one central handler', () => {
  it('answers an unknown path with 404 in the error shape', async () => {
    for (const url of ['/api/nothing-here', '/admin-api/nothing', '/payment-api/x', '/elsewhere']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        ...errorShape,
        code: 404,
        key: 'exception.route_not_found',
      });
    }
  });

  it('answers a malformed JSON body with 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ...errorShape, code: 400, key: 'exception.bad_request' });
  });

  it('turns an unknown failure into 500 exception.unexpected_error without internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 500,
      key: 'exception.unexpected_error',
      context: { message: 'An unexpected error occurred' },
    });
    expect(response.body).not.toMatch(/secret|srv|\.ts|at /);
  });

  it('passes a domain error’s key, status and additional info through', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/domain-error' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      key: 'exception.users.exceeded_limit',
      context: { message: 'User limit exceeded', additionalInfo: { max_users: 5 } },
    });
  });
});
