import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { permissionsFor, withShellKeys, type Farm, type Plot } from '@lavoura/domain';
import { changeLanguage } from '../../lib/i18n';
import { farm, plot } from '../../test/farm-fixtures';
import { serve } from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import { apiError, sessionHandlers, sessionUser, signIn } from '../../test/session-fixtures';

const SQUARE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-53.45, -24.95],
      [-53.44, -24.95],
      [-53.44, -24.96],
      [-53.45, -24.96],
      [-53.45, -24.95],
    ] as [number, number][],
  ],
};

const SANTA_HELENA = farm({ id: 7, nome: 'Fazenda Santa Helena' });
const SEDE = plot({
  id: 71,
  nome: 'Talhão da Sede',
  fazenda_id: 7,
  area: 40,
  area_calculada: 40.25,
  geometry: SQUARE,
  elevation: 720,
  clay_soil: 62.5,
});
const RIO = plot({ id: 72, nome: 'Talhão do Rio', fazenda_id: 7, area: 12, geometry: SQUARE });

/** Santa Helena with its plots; GET /api/talhoes/{plot}/fazenda/{farm} answers those of farm 7. */
function serveField({
  farms = [SANTA_HELENA],
  plots = [RIO, SEDE],
  level = 4,
  permissions,
  notes = () => HttpResponse.json([]),
}: {
  farms?: Farm[];
  plots?: Plot[];
  level?: number;
  permissions?: readonly string[];
  notes?: (request: Request) => Response | Promise<Response>;
} = {}) {
  signIn();
  serve(
    ...sessionHandlers(
      { farms, user: sessionUser({ level }), ...(permissions ? { permissions } : {}) },
      http.get('/api/talhoes/:plotId/fazenda/:farmId', ({ params }) => {
        const found = plots.find(
          (item) => String(item.id) === params.plotId && String(item.fazenda_id) === params.farmId,
        );
        return found ? HttpResponse.json(found) : apiError(404, 'exception.not_found');
      }),
      http.get('/api/talhoes/:plotId/remaining-area', ({ params }) => {
        const found = plots.find((item) => String(item.id) === params.plotId);
        return found
          ? HttpResponse.json({ area: found.area, sown_area: 10, remaining_area: found.area - 10 })
          : apiError(404, 'exception.not_found');
      }),
      http.get('/api/farms/:farmId/fields-notes', ({ request }) => notes(request)),
      // The planting tab (planting-timeline.test.tsx has its cases): no sowings here.
      http.get('/api/semeaduras', () => HttpResponse.json([])),
      http.get('/api/talhoes/:farmId', ({ params }) =>
        HttpResponse.json(plots.filter((item) => String(item.fazenda_id) === params.farmId)),
      ),
    ),
  );
}

describe('the plot page (/field)', () => {
  const missingKeys = trackMissingKeys();

  it.each([
    ['pt', '40,00 ha', '40,25 ha', '30,00 ha', '720 m', '62,5 %', 'Não informado'],
    ['en', '98.84 ac', '99.45 ac', '74.13 ac', '2,362 ft', '62.5 %', 'Not informed'],
    ['es', '40,00 ha', '40,25 ha', '30,00 ha', '720 m', '62,5 %', 'No informado'],
  ] as const)(
    'shows the plot on the map with its data in %s',
    async (language, area, computed, remaining, elevation, clay, notInformed) => {
      serveField();
      await changeLanguage(language);
      const { container } = renderArea('/field?plot_id=71&fazenda_id=7');

      expect((await screen.findByTestId('field-plot-name')).textContent).toBe('Talhão da Sede');
      expect(screen.getByTestId('field-farm-name').textContent).toContain('Fazenda Santa Helena');
      expect(screen.getByTestId('field-area').textContent).toBe(area);
      expect(screen.getByTestId('field-computed-area').textContent).toBe(computed);
      await waitFor(() =>
        expect(screen.getByTestId('field-remaining-area').textContent).toBe(remaining),
      );
      expect(screen.getByTestId('field-elevation').textContent).toBe(elevation);
      expect(screen.getByTestId('field-clay').textContent).toBe(clay);
      expect(screen.getByTestId('field-contracted-area').textContent).toBe(notInformed);
      expect(screen.getByTestId('field-soil-type').textContent).toBe(notInformed);
      const map = await screen.findByTestId('plots-map');
      expect(map.getAttribute('aria-label')).toContain('Talhão da Sede');
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );

  it('has tabs for planting, notes and weather that say what will appear, and the buttons', async () => {
    serveField();
    await changeLanguage('en');
    renderArea('/field?plot_id=71&fazenda_id=7');
    const tabs = await screen.findByRole('tablist', { name: 'Field information' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Planting', 'Notes', 'Weather']);
    expect(screen.getByRole('tabpanel').textContent).toContain('Sowings of this field');
    expect(await screen.findByTestId('planting-empty')).toBeTruthy();
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Weather' }));
    // The weather tab (areas/shared/weather has its cases): the forecast of the plot's farm.
    expect(screen.getByRole('tabpanel').id).toBe('field-tabpanel-weather');
    expect(within(tabs).getByRole('tab', { name: 'Weather' }).getAttribute('aria-selected')).toBe(
      'true',
    );

    expect(screen.getByTestId('field-new-sowing').getAttribute('href')).toBe(
      '/sowings?plot_id=71&fazenda_id=7',
    );
    // "Note" writes a new one about this plot: the notebook opens with its form.
    expect(screen.getByTestId('field-note').getAttribute('href')).toBe(
      '/notes?new=1&plot_id=71&fazenda_id=7',
    );
    expect(screen.getByTestId('field-edit-plot').getAttribute('href')).toBe('/farms?fazenda_id=7');
    // NDVI is not contracted for this plot: the offer, as an e-mail to the team.
    const ndvi = screen.getByTestId('field-ndvi-contact');
    expect(ndvi.getAttribute('href')).toMatch(/^mailto:suporte@lavoura\.app\?subject=/);
    expect(decodeURIComponent(ndvi.getAttribute('href')!)).toContain('Talhão da Sede');
  });

  it('lists the plot’s notes in its notes tab, with a new note about it and the notebook', async () => {
    const filters: (string | null)[] = [];
    serveField({
      notes: (request) => {
        filters.push(new URL(request.url).searchParams.get('filter'));
        return HttpResponse.json([
          {
            id: 3,
            title: 'Ferrugem no baixeiro',
            description: 'Pústulas nas folhas de baixo.',
            category: { id: 3, code: 'diseases', message_key: 'note_category.diseases' },
            farm: { id: 7, nome: 'Fazenda Santa Helena' },
            plot: { id: 71, nome: 'Talhão da Sede' },
            created_by: { id: 5, name: 'Ana Souza' },
            edited_by: null,
            created_at: '2026-11-20T13:30:00.000Z',
            updated_at: '2026-11-20T13:30:00.000Z',
            files: [
              {
                id: 1,
                name: 'folha.jpg',
                mimetype: 'image/jpeg',
                size: 1200,
                storage_link: '/api/fields-notes/3/files/1',
              },
            ],
          },
        ]);
      },
    });
    await changeLanguage('es');
    const { container } = renderArea('/field?plot_id=71&fazenda_id=7');
    fireEvent.click(await screen.findByRole('tab', { name: 'Notas' }));
    const panel = await screen.findByTestId('plot-notes');
    expect(filters).toEqual(['plot_id:71']);
    const [item] = within(panel).getAllByTestId('plot-note');
    expect(within(item!).getByRole('heading', { name: 'Ferrugem no baixeiro' })).toBeTruthy();
    expect(item!.textContent).toContain('Enfermedades');
    expect(item!.textContent).toContain('1 adjunto');
    expect(item!.textContent).toContain('Ana Souza');
    expect(within(panel).getByTestId('plot-notes-new').getAttribute('href')).toBe(
      '/notes?new=1&plot_id=71&fazenda_id=7',
    );
    expect(within(panel).getByTestId('plot-notes-all').getAttribute('href')).toBe(
      '/notes?plot_id=71&fazenda_id=7',
    );
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('says when the plot has no notes yet', async () => {
    serveField();
    await changeLanguage('en');
    renderArea('/field?plot_id=71&fazenda_id=7');
    fireEvent.click(await screen.findByRole('tab', { name: 'Notes' }));
    const empty = await screen.findByTestId('plot-notes-empty');
    expect(empty.textContent).toContain('No notes about this field yet.');
    expect(within(empty).getByRole('link', { name: 'New note' }).getAttribute('href')).toBe(
      '/notes?new=1&plot_id=71&fazenda_id=7',
    );
  });

  it('shows a failure to load the plot’s notes, with a retry that loads again', async () => {
    let calls = 0;
    serveField({
      notes: () => {
        calls += 1;
        return calls === 1 ? apiError(500, 'exception.unexpected_error') : HttpResponse.json([]);
      },
    });
    await changeLanguage('en');
    renderArea('/field?plot_id=71&fazenda_id=7');
    fireEvent.click(await screen.findByRole('tab', { name: 'Notes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('plot-notes-empty')).toBeTruthy();
  });

  it('padlocks a new sowing on the Freemium plan, as the menu does', async () => {
    serveField({ level: 0 });
    await changeLanguage('pt');
    renderArea('/field?plot_id=71&fazenda_id=7');
    const sowing = await screen.findByTestId('field-new-sowing');
    await waitFor(() => expect(sowing.dataset.access).toBe('upsell'));
    expect(within(sowing).getByTitle('Disponível em outros planos')).toBeTruthy();
  });

  it('offers an observer no button to create or edit', async () => {
    serveField({
      permissions: withShellKeys(
        permissionsFor({ profile: 'ASSISTENTE_TECNICO', planLevel: 4 }),
        'ASSISTENTE_TECNICO',
      ),
    });
    await changeLanguage('en');
    renderArea('/field?plot_id=71&fazenda_id=7');
    expect((await screen.findByTestId('field-plot-name')).textContent).toBe('Talhão da Sede');
    expect(screen.queryByTestId('field-new-sowing')).toBeNull();
    expect(screen.queryByTestId('field-note')).toBeNull();
    expect(screen.queryByTestId('field-edit-plot')).toBeNull();
  });

  it('shows the NDVI scenes of a plot that has NDVI, without the offer', async () => {
    serveField({ plots: [{ ...SEDE, enabled_ndvi: true }] });
    serve(
      http.post('/api/ndvi', () =>
        HttpResponse.json({
          simulated: true,
          provider: 'simulated',
          bounds: [
            [-24.96, -53.45],
            [-24.95, -53.44],
          ],
          scale: {
            min: 0,
            max: 1,
            stops: [
              { value: 0, color: '#a50026' },
              { value: 1, color: '#006837' },
            ],
          },
          items: [
            {
              field_id: 71,
              type: 'simulated-sentinel-2',
              date: '2026-01-08',
              images: { ndvi: '/api/ndvi/images/71/2026-01-08.png?v=1' },
              cloudCovering: 4,
            },
          ],
        }),
      ),
    );
    await changeLanguage('en');
    renderArea('/field?plot_id=71&fazenda_id=7');
    const ndvi = await screen.findByTestId('field-ndvi');
    expect((await within(ndvi).findByTestId('ndvi-simulated')).textContent).toBe('Simulated data');
    expect(within(ndvi).getByTestId('ndvi-scenes').textContent).toContain('4% clouds');
    expect(within(ndvi).queryByRole('link')).toBeNull();
    expect(screen.queryByTestId('field-ndvi-contact')).toBeNull();
  });

  it('shows a disabled plot as disabled, without a new sowing', async () => {
    serveField({ plots: [{ ...SEDE, enabled: false, enabled_sowing: false }] });
    await changeLanguage('en');
    renderArea('/field?plot_id=71&fazenda_id=7');
    expect((await screen.findByTestId('field-status')).textContent).toBe('Disabled');
    expect(screen.getByTestId('field-enabled').textContent).toBe('No');
    expect(screen.queryByTestId('field-new-sowing')).toBeNull();
  });

  it.each([
    ['a plot of another farm', '/field?plot_id=71&fazenda_id=99'],
    ['an unknown plot', '/field?plot_id=5000&fazenda_id=7'],
    ['a malformed plot id', '/field?plot_id=abc&fazenda_id=7'],
  ])('says "not found" for %s', async (_case, path) => {
    serveField();
    await changeLanguage('pt');
    const { router } = renderArea(path);
    const panel = await screen.findByTestId('field-not-found');
    expect(within(panel).getByRole('heading', { name: 'Talhão não encontrado' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('link', { name: 'Voltar para Minha fazenda' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my_farm'));
  });

  it('without plot_id opens the current farm’s first enabled plot', async () => {
    serveField();
    await changeLanguage('en');
    const { router } = renderArea('/field');
    await waitFor(() => expect(router.state.location.search).toBe('?plot_id=72&fazenda_id=7'));
    expect((await screen.findByTestId('field-plot-name')).textContent).toBe('Talhão do Rio');
  });

  it('without plot_id on a farm without plots invites to draw them on the farms page', async () => {
    serveField({ plots: [] });
    await changeLanguage('es');
    renderArea('/field');
    const empty = await screen.findByTestId('field-empty');
    expect(empty.textContent).toContain('La finca Fazenda Santa Helena todavía no tiene lotes');
    expect(within(empty).getByRole('link', { name: 'Registrar lotes' }).getAttribute('href')).toBe(
      '/farms',
    );
  });

  it('without any farm says so', async () => {
    serveField({ farms: [] });
    await changeLanguage('en');
    renderArea('/field');
    expect((await screen.findByTestId('field-no-farm')).textContent).toContain('No farm yet');
  });

  it('shows placeholders while the plot loads', async () => {
    signIn();
    serve(
      ...sessionHandlers(
        { farms: [SANTA_HELENA] },
        http.get('/api/talhoes/:plotId/fazenda/:farmId', () => new Promise<Response>(() => {})),
      ),
    );
    await changeLanguage('pt');
    renderArea('/field?plot_id=71&fazenda_id=7');
    expect(await screen.findByRole('status', { name: 'Carregando o talhão…' })).toBeTruthy();
  });

  it('offers a retry when the plot cannot be loaded', async () => {
    let fail = true;
    signIn();
    serve(
      ...sessionHandlers(
        { farms: [SANTA_HELENA] },
        http.get('/api/talhoes/:plotId/fazenda/:farmId', () =>
          fail ? apiError(500, 'exception.unexpected_error') : HttpResponse.json(SEDE),
        ),
        http.get('/api/semeaduras', () => HttpResponse.json([])),
      ),
    );
    await changeLanguage('en');
    renderArea('/field?plot_id=71&fazenda_id=7');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    expect((await screen.findByTestId('field-plot-name')).textContent).toBe('Talhão da Sede');
    // The remaining area could not be read (404 by default here): said, not invented.
    await waitFor(() =>
      expect(screen.getByTestId('field-remaining-area').textContent).toBe('Unavailable'),
    );
  });
});
