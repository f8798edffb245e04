import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { apiFetch } from '../api/http';
import { serve } from '../test/msw-server';
import { renderApp } from '../test/render-app';
import { sessionHandlers, signIn } from '../test/session-fixtures';
import { i18n } from '../lib/i18n';

const MAINTENANCE = {
  code: 503,
  key: 'exception.maintenance',
  context: { message: 'maintenance' },
};

describe('maintenance mode', () => {
  it('shows the maintenance page instead of the routes on a 503 and the routes again after a 200', async () => {
    let status = 200;
    signIn();
    const reference = () =>
      status === 503 ? HttpResponse.json(MAINTENANCE, { status: 503 }) : HttpResponse.json([]);
    serve(
      ...sessionHandlers(
        {},
        http.get('/api/crops', reference),
        http.get('/api/season-crops', reference),
      ),
    );
    await i18n.changeLanguage('pt');
    renderApp('/notes');

    // The routed area loads (the notebook, without a farm served), then a call answers 503 and
    // the whole view is replaced.
    await screen.findByTestId('notes-no-farm');
    status = 503;
    await act(async () => {
      await apiFetch('/api/crops').catch(() => undefined);
    });
    expect(screen.getByTestId('maintenance-page')).toBeTruthy();
    expect(screen.queryByTestId('notes-no-farm')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Estamos em manutenção' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verificar disponibilidade' })).toBeTruthy();

    status = 200;
    await act(async () => {
      await apiFetch('/api/crops');
    });
    expect(screen.queryByTestId('maintenance-page')).toBeNull();
    expect(await screen.findByTestId('notes-no-farm')).toBeTruthy();
  });

  it('shows the maintenance page when the sign-in page data answers 503', async () => {
    serve(
      http.get('/api/crops', () => HttpResponse.json(MAINTENANCE, { status: 503 })),
      http.get('/api/season-crops', () => HttpResponse.json(MAINTENANCE, { status: 503 })),
    );
    renderApp('/');
    expect(await screen.findByTestId('maintenance-page')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'We are under maintenance' })).toBeTruthy();
  });
});
