import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiFetch } from '../../api/http';
import { recordRequests, serve } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import {
  apiError,
  serverSetsSessionCookies,
  sessionAnswer,
  sessionHandlers,
  sessionStarted,
  signIn,
} from '../../test/session-fixtures';
import { changeLanguage } from '../../lib/i18n';
import { readCookie, writeFirstLoginFullPlan } from './cookies';
import { getSessionState, startSession } from './session-store';

const EXPIRED = 'exception.token_expired';

describe('the session', () => {
  it('never sends a token of its own: the browser sends the httpOnly cookie', async () => {
    signIn();
    serve(...sessionHandlers());
    const seen = recordRequests();
    renderApp('/my_farm');
    await screen.findByTestId('my-farm');
    expect(seen.map((request) => request.path)).toEqual(
      expect.arrayContaining(['/api/menu/dados-usuario', '/api/permissions', '/api/crops']),
    );
    for (const request of seen) expect(request.headers.get('Authorization')).toBeNull();
  });

  it('loads the user first, then permissions, crops and season-crops (the start sequence)', async () => {
    signIn();
    serve(...sessionHandlers());
    const seen = recordRequests();
    renderApp('/my_farm');
    await screen.findByTestId('my-farm');
    const paths = seen.map((request) => request.path);
    const user = paths.indexOf('/api/menu/dados-usuario');
    expect(user).toBe(0);
    for (const next of ['/api/permissions', '/api/crops', '/api/season-crops']) {
      expect(paths.indexOf(next)).toBeGreaterThan(user);
    }
  });

  it('is signed out when the session cookie says the session has ended', async () => {
    serverSetsSessionCookies(-60);
    startSession();
    serve(...sessionHandlers());
    const { router } = renderApp('/users');
    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('on a 401 ends the session, resets the cache and goes to /login with the reason', async () => {
    signIn();
    let expired = false;
    serve(
      ...sessionHandlers(
        {},
        http.get('/api/users', () => (expired ? apiError(401, EXPIRED) : HttpResponse.json([]))),
      ),
    );
    await changeLanguage('pt');
    const { router, queryClient } = renderApp('/users');
    await screen.findByTestId('users-page');

    expired = true;
    await act(async () => {
      await apiFetch('/api/users').catch(() => undefined);
    });

    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/login');
    expect(readCookie('token_expires_at')).toBeNull();
    expect(getSessionState().expiresAt).toBeNull();
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
    signIn();
    serve(
      ...sessionHandlers(
        {},
        http.get('/api/menu/dados-usuario', () => apiError(401, 'exception.invalid_token')),
      ),
    );
    const { router } = renderApp('/profile');
    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/login');
    expect(readCookie('token_expires_at')).toBeNull();
  });

  it('does not end anything on a 401 of a public call (a wrong password)', async () => {
    signIn();
    serve(http.post('/admin-api/login', () => apiError(401, 'exception.invalid_credentials')));
    const listener = vi.fn();
    await apiFetch('/admin-api/login', { method: 'POST', json: {}, anonymous: true }).catch(
      listener,
    );
    expect(listener).toHaveBeenCalled();
    expect(getSessionState().expiresAt).not.toBeNull();
  });

  it('removes a token handed over in the URL from the address and ignores it', async () => {
    serve(...sessionHandlers());
    const seen = recordRequests();
    const { router } = renderApp('/my_farm?token=from.the.link&fazenda_id=3');
    // Not a session: the sign-in page, and the token is gone from the address.
    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(seen.some((request) => request.url.search.includes('from.the.link'))).toBe(false);
    expect(document.cookie).not.toContain('from.the.link');
  });

  it('keeps a signed-in user where they are, without the URL token', async () => {
    signIn();
    serve(...sessionHandlers());
    const { router } = renderApp('/my_farm?token=from.the.link&fazenda_id=3');
    await screen.findByTestId('my-farm');
    expect(router.state.location.search).toBe('?fazenda_id=3');
    expect(document.cookie).not.toContain('from.the.link');
  });

  it('logs out: calls the API, ends the session whatever the answer and goes to /login', async () => {
    signIn();
    writeFirstLoginFullPlan(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const logout = vi.fn(() => new HttpResponse('boom', { status: 500 }));
    serve(...sessionHandlers({}, http.post('/admin-api/logout', logout)));
    await changeLanguage('en');
    const { router } = renderApp('/my_farm');
    await screen.findByTestId('my-farm');

    fireEvent.click(screen.getByTestId('account-menu-button'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await screen.findByTestId('login-page');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Logout failed', expect.anything());
    expect(router.state.location.pathname).toBe('/login');
    // The server did not answer, so the app expires its sign of a session itself.
    expect(readCookie('token_expires_at')).toBeNull();
    // A logout is not an expired session: no notice.
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });

  it('sends someone without a session to /login and back to the page after sign-in, keeping no token', async () => {
    const answer = sessionAnswer({ token: 'header.payload.signature' });
    serve(
      ...sessionHandlers(
        {},
        http.post('/admin-api/login', () => sessionStarted(answer)),
        http.get('/api/users', () => HttpResponse.json([])),
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
    // Signed in by the server's cookies; the answer's token is kept nowhere a script can read.
    expect(readCookie('token_expires_at')).toMatch(/^\d+$/);
    const readable = [
      document.cookie,
      JSON.stringify({ ...window.localStorage }),
      JSON.stringify({ ...window.sessionStorage }),
    ].join(' ');
    expect(readable).not.toContain('header.payload.signature');
    expect(readable).not.toContain('Secret123');
  });

  it('waits for the session and signs a signed-in user out of /login to /my_farm', async () => {
    signIn();
    serve(...sessionHandlers());
    const { router } = renderApp('/login');
    await screen.findByTestId('my-farm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my_farm'));
  });
});
