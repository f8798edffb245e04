import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NDVI_SCALE, type NdviAnswer } from '@lavoura/domain';
import { changeLanguage } from '../../../lib/i18n';
import { plot } from '../../../test/farm-fixtures';
import { recordRequests, serve } from '../../../test/msw-server';
import { expectNoRawKeys, testQueryClient, trackMissingKeys } from '../../../test/render-app';
import { apiError } from '../../../test/session-fixtures';
import { NdviView } from '.';

/** The NDVI view of a plot with NDVI (spec 3 §2 Plot screen, §7 NDVI, §8 'Erro na listagem de NDVIs'). */

const TRIANGLE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [-53.45, -24.95],
      [-53.44, -24.95],
      [-53.45, -24.96],
      [-53.45, -24.95],
    ] as [number, number][],
  ],
};
const SEDE = plot({
  id: 71,
  nome: 'Talhão da Sede',
  fazenda_id: 7,
  geometry: TRIANGLE,
  enabled_ndvi: true,
});

const record = (date: string, cloudCovering: number) => ({
  field_id: 71,
  type: 'simulated-sentinel-2',
  date,
  images: { ndvi: `/api/ndvi/images/71/${date}.png?v=1` },
  cloudCovering,
});

const ANSWER: NdviAnswer = {
  simulated: true,
  provider: 'simulated',
  bounds: [
    [-24.96, -53.45],
    [-24.95, -53.44],
  ],
  scale: NDVI_SCALE,
  items: [record('2027-01-18', 3.2), record('2027-01-13', 71.5), record('2027-01-08', 12)],
};

function serveNdvi(answer: (request: Request) => Response | Promise<Response>) {
  serve(http.post('/api/ndvi', ({ request }) => answer(request)));
}

function renderView() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <NdviView plot={SEDE} />
    </QueryClientProvider>,
  );
}

/** The image over the plot on the map (Leaflet's image overlay). */
function overlay(): HTMLImageElement | null {
  return document.querySelector('img.lavoura-ndvi-image');
}

beforeEach(() => {
  // jsdom lays nothing out: the map's box gets a size, so it can fit the plot.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  // 20 January 2027, mid-morning in the tests' time zone.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-20T15:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the NDVI view of a plot', () => {
  const missingKeys = trackMissingKeys();

  it('asks for the last 60 days and shows the scenes, the newest image over the plot, the scale and the simulated label', async () => {
    await changeLanguage('en');
    const bodies: unknown[] = [];
    serveNdvi(async (request) => {
      bodies.push(await request.json());
      return HttpResponse.json(ANSWER);
    });
    renderView();
    const scenes = await screen.findByTestId('ndvi-scenes');
    expect(bodies).toEqual([{ plot_id: 71, dates: ['2026-11-22', '2027-01-20'] }]);
    expect(
      within(scenes)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Jan 18, 2027, 3% clouds', 'Jan 13, 2027, 72% clouds', 'Jan 8, 2027, 12% clouds']);
    // Named by what it shows (axe's label-content-name-mismatch), no other label.
    const first = within(scenes).getByRole('button', { name: 'Jan 18, 2027, 3% clouds' });
    expect(first.getAttribute('aria-pressed')).toBe('true');
    expect(first.getAttribute('aria-label')).toBeNull();
    expect(screen.getByTestId('ndvi-simulated').textContent).toBe('Simulated data');
    // The collection by its name, not the API's id.
    expect(screen.getByTestId('ndvi-source').textContent).toBe(
      'Source: Simulated Sentinel-2 (offline)',
    );
    // The newest scene's image on the plot's bounds.
    await waitFor(() => expect(overlay()).not.toBeNull());
    expect(overlay()!.getAttribute('src')).toBe('/api/ndvi/images/71/2027-01-18.png?v=1');
    expect(overlay()!.getAttribute('alt')).toBe('NDVI image of Talhão da Sede on Jan 18, 2027');
    expect(
      screen.getByRole('region', { name: 'NDVI of Talhão da Sede on Jan 18, 2027' }),
    ).toBeTruthy();
    const legend = screen.getByTestId('ndvi-legend');
    expect(legend.textContent).toContain('0.0 · Bare soil');
    expect(legend.textContent).toContain('Dense vegetation · 1.0');
    expect(within(legend).getByRole('img').getAttribute('aria-label')).toBe(
      'NDVI scale: 0.0 Bare soil, 1.0 Dense vegetation',
    );
    expect(screen.queryByTestId('ndvi-cloudy')).toBeNull();
    expectNoRawKeys(screen.getByTestId('ndvi-panel'));
    expect(missingKeys).toEqual([]);
  });

  it('shows another date’s image when its scene is chosen, and warns of clouds', async () => {
    await changeLanguage('en');
    serveNdvi(() => HttpResponse.json(ANSWER));
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Jan 13, 2027, 72% clouds' }));
    await waitFor(() =>
      expect(overlay()?.getAttribute('src')).toBe('/api/ndvi/images/71/2027-01-13.png?v=1'),
    );
    expect(document.querySelectorAll('img.lavoura-ndvi-image')).toHaveLength(1);
    expect(screen.getByTestId('ndvi-cloudy').textContent).toMatch(/Many clouds/);
  });

  it('asks again for another period, and refuses a period that ends before it starts', async () => {
    await changeLanguage('en');
    const seen = recordRequests();
    const bodies: { dates: string[] }[] = [];
    serveNdvi(async (request) => {
      bodies.push((await request.json()) as { dates: string[] });
      return HttpResponse.json(ANSWER);
    });
    renderView();
    await screen.findByTestId('ndvi-scenes');
    fireEvent.change(screen.getByTestId('ndvi-from'), { target: { value: '2026-10-01' } });
    await waitFor(() => expect(bodies.at(-1)?.dates).toEqual(['2026-10-01', '2027-01-20']));
    const before = seen.length;
    fireEvent.change(screen.getByTestId('ndvi-to'), { target: { value: '2026-09-01' } });
    expect(
      await screen.findByText('Choose a start on or before the end, within one year.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('ndvi-scenes')).toBeNull();
    expect(seen.length).toBe(before);
  });

  it('says when the period has no image', async () => {
    await changeLanguage('en');
    serveNdvi(() => HttpResponse.json({ ...ANSWER, simulated: false, items: [] }));
    renderView();
    expect((await screen.findByTestId('ndvi-empty')).textContent).toContain(
      'No images in this period',
    );
    expect(screen.queryByTestId('ndvi-simulated')).toBeNull();
    expect(overlay()).toBeNull();
  });

  it('says “Erro na listagem de NDVIs” with the reason when the list fails, and tries again', async () => {
    await changeLanguage('pt');
    let calls = 0;
    serveNdvi(() => {
      calls += 1;
      return calls === 1
        ? apiError(502, 'exception.provider_unavailable')
        : HttpResponse.json(ANSWER);
    });
    renderView();
    const error = await screen.findByTestId('ndvi-error');
    expect(error.textContent).toContain('Erro na listagem de NDVIs');
    expect(error.textContent).toContain('O serviço externo não respondeu.');
    fireEvent.click(within(error).getByRole('button', { name: 'Tentar novamente' }));
    expect((await screen.findByTestId('ndvi-simulated')).textContent).toBe('Dados simulados');
    expect(
      screen.getByRole('button', { name: /^18 de jan\.? de 2027, 3% de nuvens$/ }),
    ).toBeTruthy();
    expect(missingKeys).toEqual([]);
  });

  it('shows the loading state while the scenes come', async () => {
    await changeLanguage('es');
    let release: () => void = () => undefined;
    serveNdvi(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(HttpResponse.json(ANSWER));
        }),
    );
    renderView();
    expect(await screen.findByTestId('ndvi-loading')).toBeTruthy();
    release();
    expect((await screen.findByTestId('ndvi-simulated')).textContent).toBe('Datos simulados');
  });
});
