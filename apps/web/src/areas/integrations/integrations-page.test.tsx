import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Integration, UserIntegration } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import { farm, plot } from '../../test/farm-fixtures';
import { byPath, jsonResponse, recordRequests, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  ALL_PERMISSIONS,
  apiError,
  screenWidth,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';

const CATALOGUE: Integration[] = [
  { id: 1, code: 'fieldview', name: 'Climate FieldView', kind: 'field_import', is_active: true },
  { id: 2, code: 'google_calendar', name: 'Google Calendar', kind: 'calendar', is_active: true },
  {
    id: 3,
    code: 'leaf_agriculture',
    name: 'Leaf Agriculture',
    kind: 'leaf_data',
    is_active: false,
  },
];
const CALENDAR_ON: UserIntegration = {
  id: 2,
  code: 'google_calendar',
  name: 'Google Calendar',
  kind: 'calendar',
  is_active: true,
  connection: 'feed',
  updated_at: '2026-03-01T12:00:00.000Z',
};
const FEED = 'http://lavoura.test/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const RENEWED = 'http://lavoura.test/api/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

type Answer = (request: Request) => Response | Promise<Response>;

function serveIntegrations(answers: Record<string, Answer> = {}, permissions = ALL_PERMISSIONS) {
  signIn();
  serve(
    ...sessionHandlers(
      {
        user: sessionUser(),
        permissions,
        farms: [farm({ id: 1, nome: 'Fazenda Boa Vista' })],
      },
      ...byPath({
        '/api/integrations': () => jsonResponse(CATALOGUE),
        '/api/integrations/user-integrations': () => jsonResponse([CALENDAR_ON]),
        '/api/integrations/calendar-feed': (request) =>
          jsonResponse({
            url: request.method === 'POST' ? RENEWED : FEED,
            created_at: '2026-03-01T12:00:00.000Z',
          }),
        '/api/google-api/calendar': () => jsonResponse({ configured: false, url: null }),
        '/api/integrations/leaf/fields': () => jsonResponse({ connected: false, fields: [] }),
        ...answers,
      }),
    ),
  );
}

const n = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'integrations', ...values });

async function renderPage(path = '/integrations') {
  const rendered = renderArea(path);
  await screen.findByTestId('integrations-page', undefined, { timeout: 15_000 });
  return rendered;
}

describe('integrations (/integrations)', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();
  beforeEach(async () => {
    screenWidth(1280);
    await changeLanguage('pt');
  });

  it('lists every integration with its state: connected, not connected, unavailable here', async () => {
    serveIntegrations();
    const { container } = await renderPage();
    const rows = await screen.findAllByTestId('integration-row');
    expect(rows.map((row) => row.getAttribute('data-code'))).toEqual([
      'fieldview',
      'google_calendar',
      'leaf_agriculture',
    ]);
    const status = (row: HTMLElement) =>
      row.querySelector('[data-status]')!.getAttribute('data-status');
    expect(rows.map(status)).toEqual(['inactive', 'active', 'unavailable']);
    expect(within(rows[1]!).getByText(n('status.active'))).toBeTruthy();
    expect(screen.getByText(n('manual_toggle_note'))).toBeTruthy();
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('shows the loading state, then the error with a retry that works', async () => {
    let fail = true;
    serveIntegrations({
      '/api/integrations': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return fail ? apiError(500, 'exception.unexpected_error') : jsonResponse(CATALOGUE);
      },
    });
    await renderPage();
    expect(screen.getByTestId('integrations-loading')).toBeTruthy();
    const error = await screen.findByTestId('integrations-error');
    expect(within(error).getByText(n('load_error'))).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: n('retry') }));
    expect(await screen.findAllByTestId('integration-row')).toHaveLength(3);
  });

  it('says so when no integration is offered', async () => {
    serveIntegrations({ '/api/integrations': () => jsonResponse([]) });
    await renderPage();
    expect((await screen.findByTestId('integrations-empty')).textContent).toBe(n('empty'));
  });

  it('the add modal offers what is not connected and opens its detail', async () => {
    serveIntegrations();
    await renderPage();
    await screen.findAllByTestId('integration-row');
    fireEvent.click(screen.getByTestId('integrations-add'));
    const dialog = await screen.findByTestId('integrations-add-dialog');
    const options = within(dialog).getAllByTestId('integration-option');
    expect(options.map((option) => option.getAttribute('data-code'))).toEqual([
      'fieldview',
      'leaf_agriculture',
    ]);
    fireEvent.click(options[1]!);
    const detail = await screen.findByTestId('integration-detail');
    expect(detail.getAttribute('data-code')).toBe('leaf_agriculture');
    // Offline, Leaf says it is not configured and shows no made-up fields.
    expect((await within(detail).findByTestId('leaf-not-configured')).textContent).toBe(
      n('leaf.not_configured'),
    );
    expect(within(detail).queryByTestId('leaf-field')).toBeNull();
  });

  it('the calendar shows its feed address to copy, renews it, and says when Google is not configured', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    serveIntegrations();
    const seen = recordRequests();
    await renderPage();
    fireEvent.click(
      (await screen.findAllByTestId('integration-row')).find(
        (row) => row.getAttribute('data-code') === 'google_calendar',
      )!,
    );
    const detail = await screen.findByTestId('integration-detail');
    const url = (await within(detail).findByTestId('calendar-feed-url')) as HTMLInputElement;
    expect(url.value).toBe(FEED);
    fireEvent.click(within(detail).getByTestId('calendar-feed-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FEED));
    expect((await within(detail).findByTestId('calendar-feed-copied')).textContent).toBe(
      n('calendar.copied'),
    );
    fireEvent.click(within(detail).getByTestId('calendar-feed-renew'));
    await waitFor(() => expect(url.value).toBe(RENEWED));
    expect(within(detail).getByTestId('calendar-feed-renewed').textContent).toBe(
      n('calendar.renewed'),
    );
    expect(
      seen.some(
        (request) =>
          request.method === 'POST' && request.path === '/api/integrations/calendar-feed',
      ),
    ).toBe(true);
    fireEvent.click(within(detail).getByTestId('google-connect'));
    expect((await within(detail).findByTestId('google-not-configured')).textContent).toBe(
      n('calendar.google_not_configured'),
    );
  });

  it('imports a boundaries file onto the current farm and sums up the plots created', async () => {
    let sent: FormData | undefined;
    serveIntegrations({
      '/api/fazendas/:id/field-import': async (request) => {
        sent = await request.formData();
        return jsonResponse(
          [plot({ id: 201, nome: 'Norte', area: 12.5 }), plot({ id: 202, nome: 'Sul', area: 7.5 })],
          201,
        );
      },
    });
    const seen = recordRequests();
    await renderPage();
    await screen.findAllByTestId('integration-row');
    fireEvent.click(screen.getByTestId('integrations-add'));
    fireEvent.click(
      within(await screen.findByTestId('integrations-add-dialog'))
        .getAllByTestId('integration-option')
        .find((option) => option.getAttribute('data-code') === 'fieldview')!,
    );
    const detail = await screen.findByTestId('integration-detail');
    expect(within(detail).getByTestId('field-import-farm').textContent).toBe(
      n('field_import.farm', { farm: 'Fazenda Boa Vista' }),
    );
    const file = new File(['{"type":"FeatureCollection","features":[]}'], 'talhoes.geojson', {
      type: 'application/geo+json',
    });
    fireEvent.change(within(detail).getByTestId('field-import-file'), {
      target: { files: [file] },
    });
    fireEvent.click(within(detail).getByTestId('field-import-submit'));
    const result = await within(detail).findByTestId('field-import-result');
    expect(result.textContent).toContain('2 talhões criados, 20,00 ha no total.');
    expect(
      within(result)
        .getAllByTestId('field-import-plot')
        .map((row) => row.textContent),
    ).toEqual(['Norte · 12,50 ha', 'Sul · 7,50 ha']);
    expect(seen.find((request) => request.method === 'POST')?.path).toBe(
      '/api/fazendas/1/field-import',
    );
    // The file travels in the multipart field `file` (jsdom's File does not survive msw's
    // round trip whole, so only the field is checked here).
    expect(sent?.has('file')).toBe(true);
  });

  it('shows the import’s refusal in the user’s words', async () => {
    serveIntegrations({
      '/api/fazendas/:id/field-import': () => apiError(400, 'exception.field_import.invalid_file'),
    });
    await renderPage();
    fireEvent.click(
      (await screen.findAllByTestId('integration-row')).find(
        (row) => row.getAttribute('data-code') === 'fieldview',
      )!,
    );
    const detail = await screen.findByTestId('integration-detail');
    fireEvent.change(within(detail).getByTestId('field-import-file'), {
      target: { files: [new File(['x'], 'x.txt')] },
    });
    fireEvent.click(within(detail).getByTestId('field-import-submit'));
    const error = await within(detail).findByTestId('field-import-error');
    expect(error.textContent).toContain(
      i18n.t('exception.field_import.invalid_file', { ns: 'errors' }),
    );
  });

  it('finishes the Google connection when Google sends the member back with a code', async () => {
    let body: unknown;
    serveIntegrations({
      '/api/google-api/save-token': async (request) => {
        body = await request.json();
        return jsonResponse({
          is_active: true,
          scope: 'https://www.googleapis.com/auth/calendar.events',
          expires_at: '2026-03-01T13:00:00.000Z',
        });
      },
    });
    const { router } = await renderPage('/integrations?code=4%2F0Ab&state=abc.def&scope=x');
    await waitFor(() => expect(body).toEqual({ code: '4/0Ab', state: 'abc.def' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText(n('calendar.google_connected'))).toBeTruthy();
    expect((await screen.findByTestId('integration-detail')).getAttribute('data-code')).toBe(
      'google_calendar',
    );
  });

  it('reads in English', async () => {
    await changeLanguage('en');
    serveIntegrations();
    const { container } = await renderPage();
    await screen.findAllByTestId('integration-row');
    expect(screen.getByRole('heading', { name: 'Integrations' })).toBeTruthy();
    expect(screen.getAllByText('Not connected').length).toBeGreaterThan(0);
    expectNoRawKeys(container);
  });
});
