import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { delay } from 'msw';
import { changeLanguage } from '../../../lib/i18n';
import { byPath, jsonResponse, serve, type PathAnswers } from '../../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../../test/render-app';
import { apiError, sessionHandlers, signIn } from '../../../test/session-fixtures';

const SOYBEAN = {
  simulated: true,
  source: 'simulated',
  quotes: [
    {
      name: 'Paranaguá (PR)',
      date: '2026-11-26',
      price: 128.62,
      percentage_variation: 1.28,
      crop_id: 1,
      currency: 'BRL',
      unit: 'sc60kg',
    },
  ],
};
const WHEAT = {
  simulated: true,
  source: 'simulated',
  quotes: [
    {
      name: 'Rio Grande do Sul (RS)',
      date: '2026-11-26',
      price: 74.1,
      percentage_variation: -0.52,
      crop_id: 2,
      currency: 'BRL',
      unit: 'sc60kg',
    },
  ],
};
const INDEXES = {
  simulated: true,
  source: 'simulated',
  unavailable_reason: null,
  indexes: [
    {
      name: 'CBOT Soybean',
      open: 10.9,
      close: 10.9525,
      date: '2026-11-26',
      contract_type: 'ZSF27',
      percentage_variation: 0,
      currency: 'USD',
      unit: 'bu',
    },
  ],
};
const DOLLAR = {
  simulated: true,
  source: 'simulated',
  usd_brl: 5.3518,
  date: '2026-11-26',
  percentage_variation: 0.36,
};

/** The first render of the file loads the home area's chunk, slow on a busy machine. */
const AREA_LOAD = { timeout: 20_000 };

const markets = (request: Request) =>
  jsonResponse(new URL(request.url).searchParams.get('crop_id') === '2' ? WHEAT : SOYBEAN);

function serveMarket(answers: PathAnswers = {}) {
  signIn();
  serve(
    ...sessionHandlers(
      {},
      ...byPath({
        '/api/markets': markets,
        '/api/market-indexes': () => jsonResponse(INDEXES),
        '/api/dollar-quotation': () => jsonResponse(DOLLAR),
        ...answers,
      }),
    ),
  );
}

describe('market card on the home', () => {
  const missingKeys = trackMissingKeys();

  it('shows quotes in their own currency with their change, and labels simulated data (pt)', async () => {
    serveMarket();
    await changeLanguage('pt');
    const { container } = renderArea('/my_farm');
    const card = await screen.findByTestId('market-card', {}, AREA_LOAD);

    expect(await within(card).findByTestId('market-simulated')).toHaveProperty(
      'textContent',
      'Dados simulados',
    );
    const soybean = await within(card).findByTestId('market-quote-soybean');
    expect(within(soybean).getByText('Paranaguá (PR)')).toBeTruthy();
    expect(within(soybean).getByText('R$ 128,62 / sc 60 kg')).toBeTruthy();
    // Up: an arrow, green, and words (not colour only).
    const up = within(soybean).getByRole('img', { name: 'Alta de 1,28%' });
    expect(up.dataset.direction).toBe('up');
    expect(within(up).getByText('+1,28%')).toBeTruthy();

    const wheat = within(card).getByTestId('market-quote-wheat');
    expect(within(wheat).getByText('R$ 74,10 / sc 60 kg')).toBeTruthy();
    expect(within(wheat).getByRole('img', { name: 'Queda de 0,52%' }).dataset.direction).toBe(
      'down',
    );

    // CBOT stays in US dollars per bushel: nothing converted.
    const index = within(card).getByTestId('market-index');
    expect(within(index).getByText('US$ 10,95 / bushel')).toBeTruthy();
    expect(within(index).getByText(/Contrato ZSF27/)).toBeTruthy();
    expect(within(index).getByText(/Abertura US\$ 10,90/)).toBeTruthy();
    expect(within(index).getByRole('img', { name: 'Estável' })).toBeTruthy();

    const dollar = within(card).getByTestId('market-dollar-rate');
    expect(within(dollar).getByText('R$ 5,3518 por US$ 1')).toBeTruthy();
    expect(within(dollar).getByText('Dólar (PTAX)')).toBeTruthy();
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('writes prices the English way and keeps each currency', async () => {
    serveMarket();
    await changeLanguage('en');
    renderArea('/my_farm');
    const soybean = await screen.findByTestId('market-quote-soybean', {}, AREA_LOAD);
    expect(within(soybean).getByText('R$128.62 / 60 kg sack')).toBeTruthy();
    expect(within(soybean).getByRole('img', { name: 'Up 1.28%' })).toBeTruthy();
    expect(within(screen.getByTestId('market-index')).getByText('$10.95 / bushel')).toBeTruthy();
    expect(screen.getByText('Simulated data')).toBeTruthy();
    expect(missingKeys).toEqual([]);
  });

  it('has no simulated label for real data and names the source', async () => {
    const real = <T extends object>(answer: T) => ({
      ...answer,
      simulated: false,
      source: 'bcb-ipeadata',
    });
    serveMarket({
      '/api/markets': (request) =>
        jsonResponse(
          real(new URL(request.url).searchParams.get('crop_id') === '2' ? WHEAT : SOYBEAN),
        ),
      '/api/market-indexes': () =>
        jsonResponse({ ...real(INDEXES), indexes: [], unavailable_reason: 'no_public_source' }),
      '/api/dollar-quotation': () => jsonResponse(real(DOLLAR)),
    });
    await changeLanguage('es');
    renderArea('/my_farm');
    await screen.findByTestId('market-quote-soybean', {}, AREA_LOAD);
    expect(
      await screen.findByText('Fuente: Banco Central de Brasil (PTAX) e Ipeadata'),
    ).toBeTruthy();
    expect(screen.queryByTestId('market-simulated')).toBeNull();
    expect(screen.getByText('La fuente configurada no publica índices de futuros.')).toBeTruthy();
  });

  it('shows skeletons while loading, then the empty messages', async () => {
    serveMarket({
      '/api/markets': async () => {
        await delay(300);
        return jsonResponse({ simulated: false, source: 'test', quotes: [] });
      },
      '/api/market-indexes': async () => {
        await delay(300);
        return jsonResponse({
          simulated: false,
          source: 'test',
          indexes: [],
          unavailable_reason: null,
        });
      },
    });
    await changeLanguage('en');
    renderArea('/my_farm');
    expect(await screen.findByTestId('market-crop-soybean-loading', {}, AREA_LOAD)).toBeTruthy();
    expect(screen.getByTestId('market-indexes-loading')).toBeTruthy();
    expect(await screen.findAllByText('No quotes available for this crop.')).toHaveLength(2);
    expect(await screen.findByText('No indexes available.')).toBeTruthy();
    expect(screen.queryByTestId('market-crop-soybean-loading')).toBeNull();
  });

  it("says the spec's messages when a call fails, and retries", async () => {
    let dollarFails = true;
    serveMarket({
      '/api/markets': () => apiError(502, 'exception.provider_unavailable'),
      '/api/market-indexes': () => apiError(502, 'exception.provider_unavailable'),
      '/api/dollar-quotation': () =>
        dollarFails ? apiError(502, 'exception.provider_unavailable') : jsonResponse(DOLLAR),
    });
    await changeLanguage('pt');
    renderArea('/my_farm');
    await screen.findAllByText('Erro na listagem de ações (mercado)', {}, AREA_LOAD);
    await waitFor(() =>
      expect(screen.getAllByText('Erro na listagem de ações (mercado)')).toHaveLength(3),
    );
    const dollar = screen.getByTestId('market-dollar');
    expect(within(dollar).getByText('Erro na listagem do valor do dólar')).toBeTruthy();

    dollarFails = false;
    fireEvent.click(within(dollar).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dollar).findByText('R$ 5,3518 por US$ 1')).toBeTruthy();
  });
});
