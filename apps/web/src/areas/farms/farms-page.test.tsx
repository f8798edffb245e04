import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COUNTRIES, ERROR_KEYS, permissionsFor, withShellKeys, type Farm } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import { farm } from '../../test/farm-fixtures';
import { type PathAnswers, byPath, jsonResponse, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  ALL_PERMISSIONS,
  apiError,
  screenWidth,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';

const BOA_VISTA = farm({ id: 1, nome: 'Fazenda Boa Vista', active_sowing: true });
const SANTA_RITA = farm({
  id: 2,
  nome: 'Fazenda Santa Rita',
  enabled: false,
  total_area: 0,
  total_talhoes: 0,
  total_plots: 0,
  municipio: { id: 4113700, nome: 'Londrina' },
});

const STATES: Record<number, unknown[]> = {
  1: [
    {
      id: 16,
      country_id: 1,
      code: 'PR',
      official_code: '41',
      name: 'Paraná',
      latitude: null,
      longitude: null,
    },
    {
      id: 26,
      country_id: 1,
      code: 'SP',
      official_code: '35',
      name: 'São Paulo',
      latitude: null,
      longitude: null,
    },
  ],
  2: [],
  3: [
    {
      id: 60,
      country_id: 3,
      code: 'IA',
      official_code: '19',
      name: 'Iowa',
      latitude: null,
      longitude: null,
    },
  ],
};
const CITIES: Record<number, unknown[]> = {
  16: [
    {
      id: 4104808,
      state_id: 16,
      code: '4104808',
      name: 'Cascavel',
      latitude: -24.95,
      longitude: -53.45,
    },
    {
      id: 4113700,
      state_id: 16,
      code: '4113700',
      name: 'Londrina',
      latitude: -23.3,
      longitude: -51.16,
    },
  ],
  26: [
    {
      id: 3509502,
      state_id: 26,
      code: '3509502',
      name: 'Campinas',
      latitude: -22.9,
      longitude: -47.06,
    },
  ],
  60: [
    {
      id: 19169,
      state_id: 60,
      code: '19169',
      name: 'Story County',
      latitude: 42.03,
      longitude: -93.46,
    },
  ],
};
const NOTIFICATION_TYPES = [
  { id: 1, code: 'weather_forecast', message_key: 'notification_type.weather_forecast' },
  { id: 2, code: 'commodity_quotations', message_key: 'notification_type.commodity_quotations' },
  { id: 3, code: 'weekly_applications', message_key: 'notification_type.weekly_applications' },
];

const READ_ONLY = withShellKeys(
  permissionsFor({ profile: 'ASSISTENTE_TECNICO', planLevel: 4 }),
  'ASSISTENTE_TECNICO',
);

/** Signed in with the farms area's calls answered; `extra` answers come first. */
function serveFarms(
  farms: Farm[] | (() => Response | Promise<Response>),
  extra: PathAnswers = {},
  permissions: readonly string[] = ALL_PERMISSIONS,
) {
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser(), permissions },
      ...byPath({
        ...extra,
        '/api/farms': typeof farms === 'function' ? farms : () => jsonResponse(farms),
        '/api/countries': () => jsonResponse(COUNTRIES),
        '/api/estados/:country': (request) =>
          jsonResponse(STATES[Number(new URL(request.url).pathname.split('/').pop())] ?? []),
        '/api/municipios/:state': (request) =>
          jsonResponse(CITIES[Number(new URL(request.url).pathname.split('/').pop())] ?? []),
        '/api/notification-types': () => jsonResponse(NOTIFICATION_TYPES),
      }),
    ),
  );
}

/** The page, once its chunk has loaded (the first render of a file loads it: slow on a busy machine). */
async function renderFarms(path = '/farms') {
  const rendered = renderArea(path);
  await screen.findByTestId('farms-page', undefined, { timeout: 15_000 });
  return rendered;
}

const refusal = (status: number, key: string, additionalInfo?: unknown) =>
  apiError(status, key, additionalInfo);

async function pickOption(dialog: HTMLElement, label: RegExp, option: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

async function pickCity(dialog: HTMLElement, label: RegExp, typed: string, option: string) {
  const input = within(dialog).getByRole('combobox', { name: label });
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const textbox = (dialog: HTMLElement, name: RegExp) =>
  within(dialog).getByRole('textbox', { name }) as HTMLInputElement;

/** The city's searchable list is a combobox input. */
const cityInput = (dialog: HTMLElement, name: RegExp) =>
  within(dialog).getByRole('combobox', { name }) as HTMLInputElement;

// The dialogs' selects and searchable list take a few seconds to drive in jsdom.
describe('farms page', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();

  it.each([
    ['pt', '120,50 ha', 'R$ 150,00/saca'],
    ['en', '297.76 ac', 'R$68.04/bu'],
    ['es', '120,50 ha', '/bolsa'],
  ] as const)(
    'shows each farm as a card in %s: place, area in the language’s unit, plots, badges, prices',
    async (language, area, price) => {
      screenWidth(1280);
      serveFarms([BOA_VISTA, SANTA_RITA]);
      await changeLanguage(language);
      const { container } = await renderFarms();
      const card = await screen.findByTestId('farm-1');
      expect(screen.getByTestId('farms-list').children).toHaveLength(2);
      expect(within(card).getByRole('heading', { name: 'Fazenda Boa Vista' })).toBeTruthy();
      expect(within(card).getByTestId('farm-place').textContent).toContain('Cascavel, Paraná');
      expect(within(card).getByTestId('farm-area').textContent?.replace(/\s/g, ' ')).toBe(area);
      expect(within(card).getByTestId('farm-plots').textContent).toBe('3');
      expect(card.textContent?.replace(/\s/g, ' ')).toContain(price.replace(/\s/g, ' '));
      expect(within(card).getByTestId('farm-active-sowing-badge').textContent).toBe(
        i18n.t('card.active_sowing', { ns: 'farms' }),
      );
      expect(within(card).getByTestId('farm-current')).toBeTruthy();
      // The disabled farm says so, and cannot be edited until enabled.
      const disabled = screen.getByTestId('farm-2');
      expect(within(disabled).getByTestId('farm-disabled').textContent).toBe(
        i18n.t('card.disabled', { ns: 'farms' }),
      );
      const edit = within(disabled).getByRole('button', {
        name: i18n.t('action.edit_named', { ns: 'farms', name: 'Fazenda Santa Rita' }),
      }) as HTMLButtonElement;
      expect(edit.disabled).toBe(true);
      expect(screen.getByTestId('farms-count').textContent).toBe(
        i18n.t('count', { ns: 'farms', count: 2 }),
      );
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );

  it('shows skeletons while loading, then an error with a retry that loads the list', async () => {
    let fail = true;
    let answer: (response: Response) => void = () => {};
    serveFarms(() =>
      fail ? new Promise<Response>((resolve) => (answer = resolve)) : jsonResponse([BOA_VISTA]),
    );
    await changeLanguage('en');
    await renderFarms();
    expect(await screen.findByTestId('farms-loading')).toBeTruthy();
    answer(refusal(500, ERROR_KEYS.unexpected));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(i18n.t(ERROR_KEYS.unexpected, { ns: 'errors' }));
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('farm-1')).toBeTruthy();
  });

  it('says there are no farms yet, with the add button for someone who may add', async () => {
    serveFarms([]);
    await changeLanguage('en');
    const { unmount } = await renderFarms();
    const empty = await screen.findByTestId('farms-empty');
    expect(within(empty).getByRole('heading', { name: 'No farms yet' })).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Add farm' }));
    expect(await screen.findByTestId('farm-dialog')).toBeTruthy();
    unmount();

    serveFarms([], {}, READ_ONLY);
    await renderFarms();
    const readOnly = await screen.findByTestId('farms-empty');
    expect(readOnly.textContent).toContain('No farm is shared with you yet');
    expect(within(readOnly).queryByRole('button')).toBeNull();
  });

  it('adds a farm: state, then a city found by typing, and the bag prices as typed in pt', async () => {
    const bodies: unknown[] = [];
    const create = vi.fn(async (request: Request) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return jsonResponse(farm({ id: 9, nome: String(body.nome) }), 201);
    });
    serveFarms([BOA_VISTA], { '/api/fazendas': create });
    await changeLanguage('pt');
    await renderFarms();
    fireEvent.click(await screen.findByRole('button', { name: 'Cadastrar fazenda' }));
    const dialog = await screen.findByTestId('farm-dialog');
    // The account's country is the first guess; the city waits for the state.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /País/ }).textContent).toBe('Brasil'),
    );
    expect(cityInput(dialog, /Município/).disabled).toBe(true);

    fireEvent.change(textbox(dialog, /Nome da fazenda/), { target: { value: ' Fazenda Nova ' } });
    await pickOption(dialog, /Estado/, 'Paraná');
    await pickCity(dialog, /Município/, 'casc', 'Cascavel');
    fireEvent.change(textbox(dialog, /Soja/), { target: { value: '150,5' } });
    fireEvent.change(textbox(dialog, /Trigo/), { target: { value: '1.090' } });
    expect(within(dialog).getByText('Preço da saca de 60 kg')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));

    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(bodies[0]).toEqual({
      nome: 'Fazenda Nova',
      pais: 1,
      estado: 16,
      municipio: 4104808,
      bag_price: [
        { crop_id: 1, price: 150.5 },
        { crop_id: 2, price: 1090 },
      ],
    });
    expect(await screen.findByText('Fazenda Nova foi cadastrada.')).toBeTruthy();
  });

  it('takes prices per bushel in English and stores them per 60 kg bag', async () => {
    const create = vi.fn(async () => jsonResponse(farm({ id: 9 }), 201));
    serveFarms([BOA_VISTA], { '/api/fazendas': create });
    await changeLanguage('en');
    await renderFarms();
    fireEvent.click(await screen.findByRole('button', { name: 'Add farm' }));
    const dialog = await screen.findByTestId('farm-dialog');
    fireEvent.change(textbox(dialog, /Farm name/), { target: { value: 'North' } });
    await pickOption(dialog, /State/, 'Paraná');
    await pickCity(dialog, /City/, 'Lon', 'Londrina');
    expect(within(dialog).getByText('Price per bushel')).toBeTruthy();
    fireEvent.change(textbox(dialog, /Soybean/), { target: { value: '68.04' } });
    fireEvent.change(textbox(dialog, /Wheat/), { target: { value: '1,000' } });
    fireEvent.change(textbox(dialog, /Latitude/), { target: { value: '-23.31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add farm' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const calls = create.mock.calls as unknown as [Request][];
    expect(await calls[0]![0].json()).toMatchObject({
      bag_price: [
        { crop_id: 1, price: 150 },
        { crop_id: 2, price: 2204.64 },
      ],
      latitude: -23.31,
    });
  });

  it('clears the city with a new state, and state and city with a new country', async () => {
    serveFarms([BOA_VISTA]);
    await changeLanguage('en');
    await renderFarms();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Fazenda Boa Vista' }));
    const dialog = await screen.findByTestId('farm-dialog');
    await waitFor(() => expect(cityInput(dialog, /City/).value).toBe('Cascavel'));
    expect(within(dialog).getByRole('combobox', { name: /State/ }).textContent).toBe('Paraná');
    expect(textbox(dialog, /Latitude/).value).toBe('-24.9555');

    await pickOption(dialog, /State/, 'São Paulo');
    await waitFor(() => expect(cityInput(dialog, /City/).value).toBe(''));
    // Coordinates nobody typed follow the city: the server takes the new one's.
    expect(textbox(dialog, /Latitude/).value).toBe('');
    await pickCity(dialog, /City/, 'Camp', 'Campinas');

    await pickOption(dialog, /Country/, 'United States');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /State/ }).textContent).not.toContain(
        'São Paulo',
      ),
    );
    expect(cityInput(dialog, /County/).value).toBe('');
    expect(cityInput(dialog, /County/).disabled).toBe(true);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /State/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Iowa']);
  });

  it('shows a refusal of the server under the field it names', async () => {
    serveFarms([BOA_VISTA], {
      '/api/fazendas': () =>
        refusal(400, ERROR_KEYS.validation, [
          {
            field: 'body.municipio',
            key: 'field.invalid',
            message: 'The city is not in the state',
          },
        ]),
    });
    await changeLanguage('en');
    await renderFarms();
    fireEvent.click(await screen.findByRole('button', { name: 'Add farm' }));
    const dialog = await screen.findByTestId('farm-dialog');
    fireEvent.change(textbox(dialog, /Farm name/), { target: { value: 'North' } });
    await pickOption(dialog, /State/, 'Paraná');
    await pickCity(dialog, /City/, 'Casc', 'Cascavel');
    fireEvent.change(textbox(dialog, /Soybean/), { target: { value: '70' } });
    fireEvent.change(textbox(dialog, /Wheat/), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add farm' }));
    const city = cityInput(dialog, /City/);
    await waitFor(() => expect(city.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Invalid value.')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('checks the form before sending: required fields and numbers', async () => {
    const create = vi.fn(() => jsonResponse(farm(), 201));
    serveFarms([BOA_VISTA], { '/api/fazendas': create });
    await changeLanguage('en');
    await renderFarms();
    fireEvent.click(await screen.findByRole('button', { name: 'Add farm' }));
    const dialog = await screen.findByTestId('farm-dialog');
    fireEvent.change(textbox(dialog, /Soybean/), { target: { value: 'abc' } });
    fireEvent.change(textbox(dialog, /Latitude/), { target: { value: '-95' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add farm' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText('This field is required.').length).toBeGreaterThan(2),
    );
    expect(within(dialog).getByText('Enter a number.')).toBeTruthy();
    expect(within(dialog).getByText('The minimum is -90.')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('tells of a change made meanwhile (409) and reloads the farm on request', async () => {
    const renamed = farm({
      ...BOA_VISTA,
      nome: 'Fazenda Boa Vista II',
      updated_at: '2026-02-01T08:00:00.000Z',
    });
    const sent: unknown[] = [];
    serveFarms([BOA_VISTA], {
      '/api/fazendas/1': async (request) => {
        const body = (await request.json()) as { updated_at: string };
        sent.push(body);
        return body.updated_at === renamed.updated_at
          ? jsonResponse({ ...renamed, nome: 'Mine' })
          : refusal(409, ERROR_KEYS.conflict);
      },
      '/api/farms/1': () => jsonResponse(renamed),
    });
    await changeLanguage('pt');
    await renderFarms();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Fazenda Boa Vista' }));
    const dialog = await screen.findByTestId('farm-dialog');
    await waitFor(() => expect(cityInput(dialog, /Município/).value).toBe('Cascavel'));
    expect(textbox(dialog, /Soja/).value).toBe('150');
    fireEvent.change(textbox(dialog, /Nome da fazenda/), { target: { value: 'Mine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    const conflict = await within(dialog).findByTestId('farm-conflict');
    expect(conflict.textContent).toContain('Outra pessoa alterou esta fazenda');
    expect(sent[0]).toMatchObject({
      updated_at: BOA_VISTA.updated_at,
      // A price shown and left alone keeps its stored value.
      bag_price: [
        { crop_id: 1, price: 150 },
        { crop_id: 2, price: 90 },
      ],
    });

    fireEvent.click(within(conflict).getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(textbox(dialog, /Nome da fazenda/).value).toBe('Fazenda Boa Vista II'),
    );
    expect(within(dialog).queryByTestId('farm-conflict')).toBeNull();
    fireEvent.change(textbox(dialog, /Nome da fazenda/), { target: { value: 'Mine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('As alterações em Mine foram salvas.')).toBeTruthy();
    expect(sent[1]).toMatchObject({ updated_at: renamed.updated_at, nome: 'Mine' });
  });

  it('enables a disabled farm; beyond the season limit it says so with the way to support', async () => {
    const toggle = vi.fn(async (request: Request) => {
      expect(await request.json()).toEqual({ enabled: true, updated_at: SANTA_RITA.updated_at });
      return refusal(409, ERROR_KEYS.seasonEnableLimitExceeded, { limit: 2 });
    });
    serveFarms([BOA_VISTA, SANTA_RITA], { '/api/farms/2/enable-disable': toggle });
    await changeLanguage('es');
    await renderFarms();
    const card = await screen.findByTestId('farm-2');
    fireEvent.click(within(card).getByRole('switch'));
    const alert = await screen.findByTestId('farm-enable-limit');
    expect(alert.textContent).toContain(
      i18n.t(ERROR_KEYS.seasonEnableLimitExceeded, { ns: 'errors' }),
    );
    expect(
      within(alert).getByRole('link', { name: 'Contactar al soporte' }).getAttribute('href'),
    ).toMatch(/^mailto:suporte@lavoura\.app/);
    expect((within(card).getByRole('switch') as HTMLInputElement).checked).toBe(false);
  });

  it('disables a farm', async () => {
    serveFarms([BOA_VISTA], {
      '/api/farms/1/enable-disable': () => jsonResponse({ ...BOA_VISTA, enabled: false }),
    });
    await changeLanguage('en');
    await renderFarms();
    const card = await screen.findByTestId('farm-1');
    fireEvent.click(within(card).getByRole('switch'));
    expect(await screen.findByText('Fazenda Boa Vista was disabled.')).toBeTruthy();
  });

  it('shows a refusal to delete translated, and deletes after confirmation', async () => {
    let refuse = true;
    let farms = [BOA_VISTA, SANTA_RITA];
    serveFarms(() => jsonResponse(farms), {
      '/api/fazendas/1': () => {
        if (refuse) return refusal(409, ERROR_KEYS.farmUsedInSowing);
        farms = [SANTA_RITA];
        return new Response(null, { status: 204 });
      },
    });
    await changeLanguage('pt');
    await renderFarms();
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Fazenda Boa Vista' }));
    let dialog = await screen.findByTestId('farm-delete-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(
      await within(dialog).findByText(
        'Esta fazenda tem semeaduras em andamento e não pode ser excluída.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByTestId('farm-delete-dialog')).toBeNull());

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Excluir Fazenda Boa Vista' }));
    dialog = await screen.findByTestId('farm-delete-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Fazenda Boa Vista foi excluída.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('farm-1')).toBeNull());
    // The deleted farm was current: the first farm left takes its place.
    await waitFor(() =>
      expect(within(screen.getByTestId('farm-2')).getByTestId('farm-current')).toBeTruthy(),
    );
  });

  it('sets the notifications: types as checkboxes, WhatsApp needs a complete phone', async () => {
    const bodies: unknown[] = [];
    const saved = vi.fn(async (request: Request) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return jsonResponse({ ...body, phone: body.phone ?? null });
    });
    serveFarms([BOA_VISTA], {
      '/api/farms/1/notifications': (request) =>
        request.method === 'PUT'
          ? saved(request)
          : jsonResponse({ notification_type_ids: [1], whatsapp_opt_in: false, phone: null }),
    });
    await changeLanguage('en');
    await renderFarms();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Notifications of Fazenda Boa Vista' }),
    );
    const dialog = await screen.findByTestId('farm-notifications-dialog');
    const weather = (await within(dialog).findByRole('checkbox', {
      name: 'Weather forecast',
    })) as HTMLInputElement;
    expect(weather.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Weekly applications' }));
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Also send them to my WhatsApp' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'WhatsApp number' }), {
      target: { value: '(45) 99988-7766' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification settings saved.')).toBeTruthy();
    expect(bodies).toEqual([
      { notification_type_ids: [1, 3], whatsapp_opt_in: true, phone: '+5545999887766' },
    ]);
  });

  it('shows only the actions the permission codes allow', async () => {
    serveFarms([BOA_VISTA], {}, READ_ONLY);
    await changeLanguage('en');
    await renderFarms();
    const card = await screen.findByTestId('farm-1');
    expect(screen.queryByRole('button', { name: 'Add farm' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(within(card).queryByRole('switch')).toBeNull();
    expect(
      within(card).getByRole('button', { name: 'Notifications of Fazenda Boa Vista' }),
    ).toBeTruthy();
  });
});
