import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { permissionsFor, withShellKeys, type FarmPrecipitation } from '@lavoura/domain';
import { changeLanguage } from '../../../lib/i18n';
import { farm, plot } from '../../../test/farm-fixtures';
import { serve } from '../../../test/msw-server';
import {
  AREA_CHUNKS,
  expectNoRawKeys,
  renderArea,
  trackMissingKeys,
} from '../../../test/render-app';
import { apiError, sessionHandlers, signIn } from '../../../test/session-fixtures';
import { precipitationAnswer, weatherAnswer } from '../../../test/weather-fixtures';

/** The plot screen's weather tab and the home's farm weather card (issue 14 item 9; spec 3 §2, §8). */

const TODAY = '2026-11-27';
const SANTA_HELENA = farm({ id: 7, nome: 'Fazenda Santa Helena' });
const SEDE = plot({ id: 71, nome: 'Talhão da Sede', fazenda_id: 7 });

interface Options {
  weather?: () => Response | Promise<Response>;
  observed?: FarmPrecipitation['obs_prec_mm_day'];
  permissions?: readonly string[];
  posted?: unknown[];
}

function serveWeather({ weather, observed = [], permissions, posted = [] }: Options = {}) {
  signIn();
  serve(
    ...sessionHandlers(
      { farms: [SANTA_HELENA], ...(permissions ? { permissions } : {}) },
      http.get('/api/talhoes/:plotId/fazenda/:farmId', () => HttpResponse.json(SEDE)),
      http.get('/api/talhoes/:plotId/remaining-area', () =>
        HttpResponse.json({ area: 40, sown_area: 0, remaining_area: 40 }),
      ),
      http.get('/api/talhoes/:farmId', () => HttpResponse.json([SEDE])),
      http.get('/api/semeaduras', () => HttpResponse.json([])),
      http.get('/api/farms/:farmId/weather', ({ params }) =>
        weather
          ? weather()
          : HttpResponse.json(weatherAnswer(Number(params.farmId), { today: TODAY })),
      ),
      http.get('/api/fazendas/:farmId/precipitation', ({ params }) =>
        HttpResponse.json(precipitationAnswer(Number(params.farmId), { today: TODAY, observed })),
      ),
      http.post('/api/fazendas/:farmId/precipitation', async ({ request }) => {
        const body = (await request.json()) as { date: string; observed: number };
        posted.push(body);
        const rest = observed.filter((day) => day.date !== body.date);
        observed.splice(0, observed.length, ...rest, {
          date: body.date,
          observed_mm: body.observed,
        });
        observed.sort((a, b) => a.date.localeCompare(b.date));
        return HttpResponse.json({ date: body.date, observed_mm: body.observed });
      }),
    ),
  );
}

// The plot page, the home page and the weather panel are lazy chunks: load them once up front,
// so no test's time goes to transforming them on a busy machine.
beforeAll(async () => {
  await Promise.all([AREA_CHUNKS.field(), AREA_CHUNKS.home(), import('./weather-panel')]);
});

async function openWeatherTab() {
  renderArea('/field?plot_id=71&fazenda_id=7');
  // The first render of a file loads the lazy areas: give it time on a busy machine.
  const tabs = await screen.findByRole('tablist', {}, { timeout: 20_000 });
  fireEvent.click(within(tabs).getByTestId('field-tab-weather'));
  return screen.findByTestId('weather-panel');
}

describe('the plot’s weather tab', () => {
  const missingKeys = trackMissingKeys();

  it('shows a loading state, then the forecast labelled as simulated data', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    serveWeather({
      weather: async () => {
        await gate;
        return HttpResponse.json(weatherAnswer(7, { today: TODAY }));
      },
    });
    await changeLanguage('en');
    await openWeatherTab();
    expect(await screen.findByTestId('weather-loading')).toBeTruthy();
    release();
    expect((await screen.findByTestId('weather-provider')).textContent).toBe(
      'Source: offline simulation',
    );
    // The forecast and the rainfall history each carry the label.
    const chips = screen.getAllByTestId('weather-simulated');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Simulated data', 'Simulated data']);
    expect(screen.queryByTestId('weather-loading')).toBeNull();
    // Today and the seven days after it, one card each.
    expect(screen.getByTestId(`weather-day-${TODAY}`).textContent).toContain('Today');
    expect(screen.getAllByTestId(/^weather-day-\d/)).toHaveLength(8);
    expectNoRawKeys(screen.getByTestId('weather-panel'));
    expect(missingKeys).toEqual([]);
  });

  it('says nothing of simulation for a real provider', async () => {
    serveWeather({
      weather: () => HttpResponse.json(weatherAnswer(7, { today: TODAY, simulated: false })),
    });
    await changeLanguage('pt');
    await openWeatherTab();
    expect((await screen.findByTestId('weather-provider')).textContent).toBe('Fonte: Open-Meteo');
    // The rainfall history of these tests is still the simulation's (its own chip).
    expect(
      within(screen.getByTestId('weather-panel')).getAllByTestId('weather-simulated'),
    ).toHaveLength(1);
  });

  it.each([
    ['en', 'Failed to load weather', 'Try again'],
    ['pt', 'Falha ao carregar o clima', 'Tentar novamente'],
    ['es', 'Error al cargar el clima', 'Intentar de nuevo'],
  ] as const)(
    'shows the spec’s ‘Fail to load wheather’ in %s when the weather fails, and retries',
    async (language, message, retry) => {
      let failing = true;
      serveWeather({
        weather: () =>
          failing
            ? apiError(502, 'exception.provider_unavailable')
            : HttpResponse.json(weatherAnswer(7, { today: TODAY })),
      });
      await changeLanguage(language);
      await openWeatherTab();
      const alert = await screen.findByTestId('weather-error');
      expect(alert.textContent).toContain(message);
      failing = false;
      fireEvent.click(within(alert).getByRole('button', { name: retry }));
      expect(await screen.findByTestId(`weather-day-${TODAY}`)).toBeTruthy();
      expect(screen.queryByTestId('weather-error')).toBeNull();
    },
  );

  it.each([
    ['en', '86°F', '68°F', '0.39 in', '12 mph'],
    ['pt', '30°C', '20°C', '10 mm', '20 km/h'],
    ['es', '30°C', '20°C', '10 mm', '20 km/h'],
  ] as const)('writes the forecast in the units of %s', async (language, max, min, rain, wind) => {
    serveWeather();
    await changeLanguage(language);
    await openWeatherTab();
    const day = await screen.findByTestId(`weather-day-${TODAY}`);
    expect(within(day).getByTestId('weather-day-max').textContent).toBe(max);
    expect(within(day).getByTestId('weather-day-min').textContent).toBe(min);
    expect(day.textContent).toContain(rain);
    expect(day.textContent).toContain(wind);
  });

  it('records the rain measured in inches in English, sends millimetres and shows it after reloading', async () => {
    const posted: unknown[] = [];
    serveWeather({ posted, observed: [] });
    await changeLanguage('en');
    await openWeatherTab();
    expect(await screen.findByTestId('rainfall-observed-empty')).toBeTruthy();
    const form = screen.getByTestId('rain-entry');
    fireEvent.change(within(form).getByLabelText(/^Day/), { target: { value: '2026-11-25' } });
    fireEvent.change(within(form).getByLabelText(/^Rain \(in\)/), { target: { value: '0.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('rain-entry-saved')).toBeTruthy();
    expect(posted).toEqual([{ date: '2026-11-25', observed: 12.7 }]);
    // The history was asked again: the measured day is listed, in inches.
    await waitFor(() =>
      expect(screen.getByTestId('observed-2026-11-25').textContent).toBe('0.5 in'),
    );
    expect(screen.getByTestId('rainfall-observed-total').textContent).toBe('Measured: 0.5 in');
  });

  it('records millimetres as typed in Portuguese and refuses an impossible amount without sending it', async () => {
    const posted: unknown[] = [];
    serveWeather({ posted, observed: [{ date: '2026-11-20', observed_mm: 3 }] });
    await changeLanguage('pt');
    await openWeatherTab();
    expect((await screen.findByTestId('observed-2026-11-20')).textContent).toBe('3 mm');
    const form = screen.getByTestId('rain-entry');
    const amount = within(form).getByLabelText(/^Chuva \(mm\)/);
    fireEvent.change(amount, { target: { value: '-4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('Informe um valor de 0 a 1.000 mm.')).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(amount, { target: { value: '12,5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.queryByTestId(`observed-${TODAY}`)?.textContent).toBe('12,5 mm'),
    );
    expect(posted).toEqual([{ date: TODAY, observed: 12.5 }]);
  });

  it('shows an observer the rainfall without the entry form', async () => {
    serveWeather({
      permissions: withShellKeys(
        permissionsFor({ profile: 'ASSISTENTE_TECNICO', planLevel: 4 }),
        'ASSISTENTE_TECNICO',
      ),
    });
    await changeLanguage('en');
    await openWeatherTab();
    expect(await screen.findByTestId('rain-entry-readonly')).toBeTruthy();
    expect(screen.queryByTestId('rain-entry')).toBeNull();
  });

  it('tells a new farm’s grower the history starts later and the rain is entered by hand', async () => {
    signIn();
    serveWeather();
    serve(
      http.get('/api/fazendas/:farmId/precipitation', () =>
        HttpResponse.json(precipitationAnswer(7, { today: TODAY, gapFrom: '2026-11-18' })),
      ),
    );
    await changeLanguage('en');
    await openWeatherTab();
    expect((await screen.findByTestId('rainfall-new-farm')).textContent).toContain(
      'there is no rainfall history from Wed, Nov 18 on',
    );
  });
});

describe('the farm’s weather on home', () => {
  it('shows the current farm’s weather, labelled simulated', async () => {
    serveWeather();
    await changeLanguage('en');
    renderArea('/');
    const card = await screen.findByTestId('farm-weather', {}, { timeout: 20_000 });
    expect(within(card).getByRole('heading').textContent).toBe('Weather at Fazenda Santa Helena');
    expect((await within(card).findByTestId('weather-simulated')).textContent).toBe(
      'Simulated data',
    );
    expect(within(card).getByTestId('farm-weather-now').textContent).toBe('77°F');
  });
});
