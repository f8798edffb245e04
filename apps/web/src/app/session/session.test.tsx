import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../api/http';
import { jsonResponse, mockFetch, renderApp } from '../../test/render-app';
import { sessionHandlers, sessionUser, signIn } from '../../test/session-fixtures';
import { changeLanguage } from '../i18n';
import { readCookie, tokenExpiresAt, writeFirstLoginFullPlan } from './cookies';
import { getSessionToken } from './session-store';

const EXPIRED = {
  code: 401,
  key: 'exception.token_expired',
  context: { message: 'Token expired' },
};

describe('the session', () => {
  it('sends the token cookie as a bearer header on every call', async () => {
    signIn('abc.def.ghi');
    const fetchMock = mockFetch(sessionHandlers());
    renderApp('/my_farm');
    await screen.findByTestId('my-farm');
    const calls = fetchMock.mock.calls.map(([url, init]) => ({
      url: String(url),
      authorization: new Headers(init?.headers).get('Authorization'),
    }));
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(['/api/menu/dados-usuario', '/api/permissions', '/api/crops']),
    );
    for (const call of calls) expect(call.authorization).toBe('Bearer abc.def.ghi');
  });

  it('loads the user first, then permissions, crops and season-crops (the start sequence)', async () => {
    signIn();
    const fetchMock = mockFetch(sessionHandlers());
    renderApp('/my_farm');
    await screen.findByTestId('my-farm');
    const paths = fetchMock.mock.calls.map(([url]) => String(url));
    const user = paths.indexOf('/api/menu/dados-usuario');
    expect(user).toBe(0);
    for (const next of ['/api/permissions', '/api/crops', '/api/season-crops']) {
      expect(paths.indexOf(next)).toBeGreaterThan(user);
    }
  });

  it('on a 401 clears the token, resets the cache and goes to /login with the reason', async () => {
    signIn('old-token');
    let expired = false;
    mockFetch(
      sessionHandlers(
        {},
        {
          '/api/users': () => (expired ? jsonResponse(EXPIRED, 401) : jsonResponse([])),
        },
      ),
    );
    await changeLanguage('pt');
    const { router, queryClient } = renderApp('/users');
    await screen.findByTestId('users-page');
    expect(readCookie('token')).toBe('old-token');

    expired = true;
    await act(async () => {
      await apiFetch('/api/users').catch(() => undefined);
    });

    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/login');
    expect(readCookie('token')).toBeNull();
    expect(getSessionToken()).toBeNull();
    // Nothing of the old account is left in the cache.
    const kept = queryClient
      .getQueryCache()
      .findAll({ queryKey: ['session'] })
      .filter((query) => query.state.data !== undefined);
    expect(kept).toEqual([]);
    expect(screen.getByTestId('session-ended').textContent).toContain(
      'Sua sessão expirou. Entre novamente.',
    );
  });

  it('ends the session when the user cannot be loaded for a 401 at start', async () => {
    signIn('revoked');
    mockFetch(
      sessionHandlers(
        {},
        {
          '/api/menu/dados-usuario': () =>
            jsonResponse({ ...EXPIRED, key: 'exception.invalid_token' }, 401),
        },
      ),
    );
    const { router } = renderApp('/profile');
    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/login');
    expect(readCookie('token')).toBeNull();
  });

  it('does not end anything on a 401 of a public call (a wrong password)', async () => {
    mockFetch({
      '/admin-api/login': () =>
        jsonResponse(
          { code: 401, key: 'exception.invalid_credentials', context: { message: 'no' } },
          401,
        ),
    });
    const listener = vi.fn();
    await apiFetch('/admin-api/login', { method: 'POST', json: {}, anonymous: true }).catch(
      listener,
    );
    expect(listener).toHaveBeenCalled();
  });

  it('adopts a token handed over in the URL as the 1-day cookie and removes it from the URL', async () => {
    const fetchMock = mockFetch(sessionHandlers());
    const { router } = renderApp('/my_farm?token=from.the.link&fazenda_id=3');
    await screen.findByTestId('my-farm');
    expect(readCookie('token')).toBe('from.the.link');
    expect(router.state.location.search).toBe('?fazenda_id=3');
    const authorization = new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization');
    expect(authorization).toBe('Bearer from.the.link');
  });

  it('logs out: calls the API, removes the token whatever the answer and goes to /login', async () => {
    signIn();
    writeFirstLoginFullPlan(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const logout = vi.fn(() => new Response('boom', { status: 500 }));
    mockFetch(sessionHandlers({}, { '/admin-api/logout': logout }));
    await changeLanguage('en');
    const { router } = renderApp('/my_farm');
    await screen.findByTestId('my-farm');

    fireEvent.click(screen.getByTestId('account-menu-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await screen.findByTestId('login-page');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Logout failed', expect.anything());
    expect(router.state.location.pathname).toBe('/login');
    expect(readCookie('token')).toBeNull();
    // A logout is not an expired session: no notice.
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });

  it('sends someone without a session to /login and back to the page after sign-in', async () => {
    mockFetch(
      sessionHandlers(
        {},
        {
          '/admin-api/login': () =>
            jsonResponse({
              accounts: [{ id: 10, name: 'Fazenda Boa Vista', current: true }],
              is_first_login: false,
              is_first_login_full_plan: false,
              recovery_password: false,
              token: 'fresh',
              user: sessionUser(),
            }),
          '/api/users': () => jsonResponse([]),
        },
      ),
    );
    await changeLanguage('en');
    const { router } = renderApp('/users');
    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/login');

    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ana@fazenda.test' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByTestId('users-page');
    expect(router.state.location.pathname).toBe('/users');
    expect(readCookie('token')).toBe('fresh');
  });

  it('reads the expiry of a JWT', () => {
    const payload = btoa(JSON.stringify({ exp: 1_800_000_000 })).replace(/=+$/, '');
    expect(tokenExpiresAt(`h.${payload}.s`)?.toISOString()).toBe('2027-01-15T08:00:00.000Z');
    expect(tokenExpiresAt('not-a-jwt')).toBeNull();
  });

  it('waits for the session and signs a signed-in user out of /login to /my_farm', async () => {
    signIn();
    mockFetch(sessionHandlers());
    const { router } = renderApp('/login');
    await screen.findByTestId('my-farm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my_farm'));
  });
});
