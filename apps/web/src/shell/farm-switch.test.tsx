import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import type { Farm, Plot } from '@lavoura/domain';
import { changeLanguage } from '../lib/i18n';
import { farm, plot } from '../test/farm-fixtures';
import { recordRequests, serve } from '../test/msw-server';
import { expectNoRawKeys, renderApp } from '../test/render-app';
import { screenWidth, sessionHandlers, signIn } from '../test/session-fixtures';

const NORTE = farm({ id: 1, nome: 'Fazenda Norte', active_sowing: true });
const SUL = farm({
  id: 2,
  nome: 'Fazenda Sul',
  closets_applications: true,
  municipio: { id: 4113700, nome: 'Londrina' },
});
const PARADA = farm({ id: 3, nome: 'Fazenda Parada', enabled: false });

const PLOTS: Record<number, Plot[]> = {
  1: [plot({ id: 11, nome: 'Norte A', fazenda_id: 1 })],
  2: [
    plot({ id: 22, nome: 'Sul novo', fazenda_id: 2, area: 12.5 }),
    plot({ id: 21, nome: 'Sul antigo', fazenda_id: 2 }),
  ],
  3: [],
};

/** Signed in with farms; `plotsOf` answers each farm's enabled plots (waiting when it says). */
function serveFarms(
  farms: Farm[] = [NORTE, SUL, PARADA],
  plotsOf: (farmId: number) => Promise<Response> | Response = (farmId) =>
    HttpResponse.json(PLOTS[farmId] ?? []),
) {
  signIn();
  serve(
    ...sessionHandlers(
      { farms },
      http.get('/api/talhoes/:farmId', ({ params, request }) => {
        expect(new URL(request.url).searchParams.get('enabled')).toBe('1');
        return plotsOf(Number(params.farmId));
      }),
    ),
  );
}

async function openSelector() {
  fireEvent.click(await screen.findByTestId('farm-selector'));
  return screen.findByRole('menu', { name: /farms|fazendas|fincas/i });
}

async function openFieldGroup() {
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  fireEvent.click(await within(nav).findByRole('button', { name: /Fields/ }));
  return screen.findByTestId('sub-drawer');
}

describe('the farm selector and the farm switch', { timeout: 20_000 }, () => {
  it('shows the current farm and lists the enabled farms only, with their icons named', async () => {
    screenWidth(1280);
    serveFarms();
    await changeLanguage('en');
    const { container } = renderApp('/farms');
    const selector = await screen.findByTestId('farm-selector');
    expect(selector.textContent).toContain('Fazenda Norte');
    expect(selector.getAttribute('aria-label')).toBe('Farm: Fazenda Norte. Change farm');

    const menu = await openSelector();
    const options = within(menu).getAllByRole('menuitem');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Fazenda Norte'),
      expect.stringContaining('Fazenda Sul'),
      'Manage farms',
    ]);
    expect(within(menu).queryByText('Fazenda Parada')).toBeNull();
    expect(options[0]!.getAttribute('aria-current')).toBe('true');
    expect(within(options[0]!).getByTitle('Sowing in progress')).toBeTruthy();
    expect(within(options[1]!).getByTitle('Applications due in the next 15 days')).toBeTruthy();
    expectNoRawKeys(container);
  });

  it('does nothing when the current farm is chosen', async () => {
    screenWidth(1280);
    serveFarms();
    await changeLanguage('en');
    const { router } = renderApp('/farms?fazenda_id=1');
    const menu = await openSelector();
    const seen = recordRequests();
    fireEvent.click(within(menu).getByTestId('farm-option-1'));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(router.state.location.search).toBe('?fazenda_id=1');
    expect(router.state.location.pathname).toBe('/farms');
    expect(seen).toEqual([]);
    expect(screen.getByTestId('farm-selector').getAttribute('aria-busy')).toBe('false');
  });

  it('loads the new farm’s plots with the flag on, then leaves a plot’s page for my farm', async () => {
    screenWidth(1280);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    serveFarms(undefined, async (farmId) => {
      if (farmId === 2) await held;
      return HttpResponse.json(PLOTS[farmId] ?? []);
    });
    await changeLanguage('en');
    const { router } = renderApp('/field?plot_id=11&fazenda_id=1');
    const menu = await openSelector();
    fireEvent.click(within(menu).getByTestId('farm-option-2'));

    // The loading flag, while the plots load; the page has not moved yet.
    const selector = screen.getByTestId('farm-selector');
    await waitFor(() => expect(selector.getAttribute('aria-busy')).toBe('true'));
    expect((selector as HTMLButtonElement).disabled).toBe(true);
    expect(router.state.location.pathname).toBe('/field');

    await act(async () => release());
    await waitFor(() => expect(router.state.location.pathname).toBe('/my_farm'));
    expect(router.state.location.search).toBe('?fazenda_id=2');
    await waitFor(() => expect(selector.getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByTestId('farm-selector').textContent).toContain('Fazenda Sul');
  });

  it('keeps any other page and sets fazenda_id; the previous farm’s queries leave the cache', async () => {
    screenWidth(1280);
    serveFarms();
    await changeLanguage('en');
    const { router, queryClient } = renderApp('/farms?view=cards');

    // Farm 1's plots in the menu, cached under its key.
    let sub = await openFieldGroup();
    await within(sub).findByText('Norte A');
    expect(
      within(sub)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining('Norte A'), 'See all fields']);
    expect(queryClient.getQueryData(['farm', 1, 'plots', 'enabled'])).toHaveLength(1);
    fireEvent.keyDown(sub, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('sub-drawer')).toBeNull());

    fireEvent.click(within(await openSelector()).getByTestId('farm-option-2'));
    await waitFor(() => expect(router.state.location.search).toBe('?view=cards&fazenda_id=2'));
    expect(router.state.location.pathname).toBe('/farms');

    const farmKeys = () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['farm'] })
        .map((query) => query.queryKey);
    await waitFor(() => expect(farmKeys().filter((key) => key[1] === 1)).toEqual([]));
    expect(farmKeys()).toContainEqual(['farm', 2, 'plots', 'enabled']);

    // The menu shows the new farm's plots, newest first as the API answers, linked to their page.
    sub = await openFieldGroup();
    await within(sub).findByText('Sul novo');
    const links = within(sub).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Sul novo'),
      expect.stringContaining('Sul antigo'),
      'See all fields',
    ]);
    expect(links[0]!.getAttribute('href')).toBe('/field?plot_id=22&fazenda_id=2');
    expect(links[0]!.textContent).toContain('30.88 ac');
    expect(within(sub).queryByText('Norte A')).toBeNull();
  });

  it('takes the stored choice on a page without fazenda_id, and remembers a farm the route names', async () => {
    screenWidth(1280);
    serveFarms();
    window.localStorage.setItem('current_farm.10.1', '2');
    await changeLanguage('en');
    const first = renderApp('/farms');
    await waitFor(() =>
      expect(screen.getByTestId('farm-selector').textContent).toContain('Fazenda Sul'),
    );
    first.unmount();

    renderApp('/farms?fazenda_id=1');
    await waitFor(() =>
      expect(screen.getByTestId('farm-selector').textContent).toContain('Fazenda Norte'),
    );
    await waitFor(() => expect(window.localStorage.getItem('current_farm.10.1')).toBe('1'));
  });

  it('warns that the current farm is disabled', async () => {
    screenWidth(1280);
    serveFarms();
    await changeLanguage('pt');
    renderApp('/my_farm?fazenda_id=3');
    const banner = await screen.findByTestId('farm-disabled-banner');
    expect(banner.textContent).toContain('A fazenda Fazenda Parada está desativada');
    expect(within(banner).getByRole('link', { name: 'Ir para Fazendas' })).toBeTruthy();
  });

  it('says when the farm has no plots, and offers a retry when they fail', async () => {
    screenWidth(1280);
    let fail = true;
    serveFarms([PARADA, SUL], (farmId) =>
      farmId === 2 && fail
        ? HttpResponse.json(
            { code: 500, key: 'exception.unexpected_error', context: { message: 'x' } },
            { status: 500 },
          )
        : HttpResponse.json(PLOTS[farmId] ?? []),
    );
    await changeLanguage('en');
    renderApp('/farms?fazenda_id=3');
    let sub = await openFieldGroup();
    expect((await within(sub).findByTestId('no-plots')).textContent).toBe(
      'You have no fields yet. Create fields on your farm to see them here.',
    );
    fireEvent.keyDown(sub, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('sub-drawer')).toBeNull());

    fireEvent.click(within(await openSelector()).getByTestId('farm-option-2'));
    await waitFor(() =>
      expect(screen.getByTestId('farm-selector').textContent).toContain('Fazenda Sul'),
    );
    sub = await openFieldGroup();
    const error = await within(sub).findByTestId('plots-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await within(sub).findByText('Sul novo')).toBeTruthy();
  });

  it('offers to add a farm when there is none', async () => {
    screenWidth(1280);
    serveFarms([]);
    await changeLanguage('en');
    renderApp('/my_farm');
    const add = await screen.findByTestId('farm-selector-add');
    expect(add.getAttribute('href')).toBe('/farms');
  });
});
