import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  ERROR_KEYS,
  permissionsFor,
  withShellKeys,
  type Farm,
  type Plot,
} from '@lavoura/domain';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { farm, plot } from '../../../test/farm-fixtures';
import {
  type PathAnswers,
  byPath,
  jsonResponse,
  recordRequests,
  serve,
} from '../../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../../test/render-app';
import {
  ALL_PERMISSIONS,
  apiError,
  screenWidth,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../../test/session-fixtures';

/** A square outline near Cascavel, [lng, lat]. */
function square(lng: number, lat: number, size = 0.005): Plot['geometry'] {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng, lat],
        [lng + size, lat],
        [lng + size, lat - size],
        [lng, lat - size],
        [lng, lat],
      ],
    ],
  };
}

const BOA_VISTA = farm({ id: 1, nome: 'Fazenda Boa Vista' });
const NORTE = plot({
  id: 102,
  nome: 'Talhão Norte',
  area: 40.5,
  area_calculada: 40.5,
  geometry: square(-53.46, -24.95),
  updated_at: '2026-02-01T10:00:00.000Z',
});
const SUL = plot({
  id: 101,
  nome: 'Talhão Sul',
  area: 12.25,
  area_calculada: 12.25,
  enabled: false,
  geometry: square(-53.45, -24.96),
});

const READ_ONLY = withShellKeys(
  permissionsFor({ profile: 'ASSISTENTE_TECNICO', planLevel: 4 }),
  'ASSISTENTE_TECNICO',
);

/** Signed in on /farms with the farm's plots answered; `extra` answers come first. */
function servePlots(
  plots: Plot[] | ((request: Request) => Response | Promise<Response>),
  extra: PathAnswers = {},
  {
    permissions = ALL_PERMISSIONS,
    farms = [BOA_VISTA],
  }: { permissions?: readonly string[]; farms?: Farm[] } = {},
) {
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser(), permissions },
      ...byPath({
        ...extra,
        '/api/talhoes/:farmId': typeof plots === 'function' ? plots : () => jsonResponse(plots),
        '/api/farms': () => jsonResponse(farms),
        '/api/countries': () => jsonResponse(COUNTRIES),
      }),
    ),
  );
}

/** /farms, then the farm card's fields modal. */
async function openFields(name = 'Fazenda Boa Vista') {
  renderArea('/farms');
  const button = await screen.findByRole(
    'button',
    { name: i18n.t('action.fields_named', { ns: 'farms', name }) },
    { timeout: 15_000 },
  );
  fireEvent.click(button);
  return screen.findByTestId('plots-dialog');
}

const t = (key: string, options: Record<string, unknown> = {}) =>
  i18n.t(key, { ns: 'farms', ...options });

describe('fields modal', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();

  it.each([
    ['pt', ['40,50 ha', '12,25 ha'], '2 talhões · 52,75 ha'],
    ['en', ['100.07 ac', '30.27 ac'], '2 fields · 130.34 ac'],
    ['es', ['40,50 ha', '12,25 ha'], '2 lotes · 52,75 ha'],
  ] as const)(
    'lists the farm’s plots newest first with their areas in %s, on a map, with their state',
    async (language, areas, count) => {
      screenWidth(1280);
      servePlots([NORTE, SUL]);
      await changeLanguage(language);
      const dialog = await openFields();
      const list = await within(dialog).findByTestId('plots-list');
      const items = within(list).getAllByRole('listitem');
      expect(items.map((item) => within(item).getByTestId('plot-area').textContent)).toEqual(areas);
      expect(items[0]!.textContent).toContain('Talhão Norte');
      expect(items[1]!.textContent).toContain(t('card.disabled'));
      expect(within(dialog).getByTestId('plots-count').textContent).toBe(count);
      expect(
        await within(dialog).findByRole('region', {
          name: t('plots.map_aria', { farm: 'Fazenda Boa Vista' }),
        }),
      ).toBeTruthy();
      // A disabled plot cannot be edited until enabled again.
      const editSul = within(items[1]!).getByRole('button', {
        name: t('plots.action.edit_named', { name: 'Talhão Sul' }),
      }) as HTMLButtonElement;
      expect(editSul.disabled).toBe(true);
      expectNoRawKeys(dialog);
      expect(missingKeys).toEqual([]);
    },
  );

  it('counts ground shared by overlapping plots once in the farm’s total, and says so', async () => {
    // A second square over the eastern half of Norte's.
    const OVER = plot({
      id: 103,
      nome: 'Talhão Sobreposto',
      area: 40.5,
      area_calculada: 40.5,
      geometry: square(-53.4575, -24.95),
    });
    screenWidth(1280);
    servePlots([OVER, NORTE]);
    await changeLanguage('pt');
    const dialog = await openFields();
    await within(dialog).findByTestId('plots-list');
    const count = within(dialog).getByTestId('plots-count').textContent ?? '';
    const number = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));
    const total = number(/· ([\d.,]+) ha$/.exec(count)![1]!);
    const note = within(dialog).getByTestId('plots-shared-note').textContent ?? '';
    const shared = number(/\(([\d,]+) ha em comum\)$/.exec(note)![1]!);
    expect(count).toMatch(/^2 talhões · /);
    expect(note).toMatch(/^Áreas sobrepostas contadas uma vez /);
    // 81 ha added up; half of Norte's square (about 14 ha measured) is counted once.
    expect(shared).toBeGreaterThan(12);
    expect(shared).toBeLessThan(16);
    expect(total + shared).toBeCloseTo(81, 1);
    expect(missingKeys).toEqual([]);
  });

  it('shows loading, then an error with a retry, then the empty state', async () => {
    let calls = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    servePlots(async () => {
      calls += 1;
      if (calls === 1) {
        await held;
        return apiError(500, ERROR_KEYS.unexpected);
      }
      return jsonResponse([]);
    });
    const dialog = await openFields();
    expect(within(dialog).getByTestId('plots-loading')).toBeTruthy();
    release();
    const retry = await within(dialog).findByRole('button', { name: t('retry') });
    expect(within(dialog).getByRole('alert').textContent).toContain(
      i18n.t(ERROR_KEYS.unexpected, { ns: 'errors' }),
    );
    fireEvent.click(retry);
    const empty = await within(dialog).findByTestId('plots-empty');
    expect(empty.textContent).toContain(t('plots.empty.title'));
    expect(within(dialog).getByRole('button', { name: t('plots.action.draw') })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: t('plots.action.import') })).toBeTruthy();
    expect(missingKeys).toEqual([]);
  });

  it('offers no change to a profile without the plot codes', async () => {
    servePlots([NORTE, SUL], {}, { permissions: READ_ONLY });
    const dialog = await openFields();
    await within(dialog).findByTestId('plots-list');
    expect(within(dialog).queryByRole('button', { name: t('plots.action.draw') })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: t('plots.action.import') })).toBeNull();
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(
      within(dialog).queryByRole('button', {
        name: t('plots.action.edit_named', { name: 'Talhão Norte' }),
      }),
    ).toBeNull();
    expect(
      within(dialog).queryByRole('button', {
        name: t('plots.action.delete_named', { name: 'Talhão Norte' }),
      }),
    ).toBeNull();
  });

  it('disables a plot with the updated_at it read, and points to support past the season’s limit', async () => {
    const bodies: unknown[] = [];
    servePlots([NORTE, SUL], {
      '/api/plots/:id/enable-disable': async (request) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? jsonResponse({ ...NORTE, enabled: false })
          : apiError(409, ERROR_KEYS.seasonEnableLimitExceeded);
      },
    });
    const dialog = await openFields();
    const norte = await within(dialog).findByRole('switch', {
      name: t('plots.action.enabled_named', { name: 'Talhão Norte' }),
    });
    fireEvent.click(norte);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ enabled: false, updated_at: NORTE.updated_at });
    expect(
      await screen.findByText(t('plots.disabled_done', { name: 'Talhão Norte' })),
    ).toBeTruthy();

    fireEvent.click(
      within(dialog).getByRole('switch', {
        name: t('plots.action.enabled_named', { name: 'Talhão Sul' }),
      }),
    );
    const alert = await within(dialog).findByTestId('plot-error');
    expect(alert.textContent).toContain(
      i18n.t(ERROR_KEYS.seasonEnableLimitExceeded, { ns: 'errors' }),
    );
    expect(within(alert).getByRole('link', { name: t('contact_support') })).toBeTruthy();
  });

  it('deletes a plot after confirmation and tells a refusal in the user’s words', async () => {
    let deletes = 0;
    servePlots([NORTE, SUL], {
      '/api/talhoes/:id': (request) => {
        if (request.method !== 'DELETE') return jsonResponse([NORTE, SUL]);
        deletes += 1;
        return deletes === 1
          ? apiError(409, ERROR_KEYS.plotHasUnharvestedSowing)
          : new Response(null, { status: 204 });
      },
    });
    const dialog = await openFields();
    fireEvent.click(
      await within(dialog).findByRole('button', {
        name: t('plots.action.delete_named', { name: 'Talhão Norte' }),
      }),
    );
    const confirm = await screen.findByTestId('plot-delete-dialog');
    expect(within(confirm).getByRole('heading').textContent).toBe(
      t('plots.delete.title', { name: 'Talhão Norte' }),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: t('delete.confirm') }));
    expect((await within(confirm).findByTestId('plot-error')).textContent).toBe(
      i18n.t(ERROR_KEYS.plotHasUnharvestedSowing, { ns: 'errors' }),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: t('delete.confirm') }));
    expect(await screen.findByText(t('plots.deleted', { name: 'Talhão Norte' }))).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('plot-delete-dialog')).toBeNull());
  });
});

describe('map modal', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();

  async function openEditor(name = 'Talhão Norte') {
    const dialog = await openFields();
    fireEvent.click(
      await within(dialog).findByRole('button', { name: t('plots.action.edit_named', { name }) }),
    );
    return screen.findByTestId('plot-map-dialog');
  }

  it('a new plot needs a name and an outline before anything is sent', async () => {
    const seen = recordRequests();
    servePlots([NORTE]);
    const dialog = await openFields();
    fireEvent.click(await within(dialog).findByRole('button', { name: t('plots.action.draw') }));
    const editor = await screen.findByTestId('plot-map-dialog');
    expect(within(editor).getByRole('heading').textContent).toContain(t('plots.map.create_title'));
    expect(within(editor).getByTestId('plot-area-live').textContent).toBe(t('plots.map.area_none'));
    fireEvent.click(within(editor).getByRole('button', { name: t('plots.map.create') }));
    expect(
      await within(editor).findByText(i18n.t('field.required', { ns: 'errors' })),
    ).toBeTruthy();
    expect(within(editor).getByTestId('plot-outline-missing').textContent).toBe(
      t('plots.map.outline_required'),
    );
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
    expect(missingKeys).toEqual([]);
  });

  it('renames a plot with the updated_at it read (the outline, unchanged, is not sent) and shows its area', async () => {
    const bodies: unknown[] = [];
    servePlots([NORTE, SUL], {
      '/api/talhoes/:id': async (request) => {
        if (request.method !== 'PUT') return jsonResponse([NORTE, SUL]);
        bodies.push(await request.json());
        return jsonResponse({ ...NORTE, nome: 'Talhão Norte Novo' });
      },
    });
    await changeLanguage('en');
    const editor = await openEditor();
    // The outline is on the map, ready to edit (the map did not fail).
    expect(
      await within(editor).findByRole('region', {
        name: t('plots.map.aria', { farm: 'Fazenda Boa Vista' }),
      }),
    ).toBeTruthy();
    expect(within(editor).queryByTestId('map-unavailable')).toBeNull();
    expect(within(editor).getByText(i18n.t('hint_editing', { ns: 'map' }))).toBeTruthy();
    // The live area is the domain's geodesic area of the outline, in acres in English.
    expect(within(editor).getByTestId('plot-area-live').textContent).toMatch(/^Area: [\d.,]+ ac$/);
    const name = within(editor).getByRole('textbox', { name: new RegExp(t('plots.field.name')) });
    fireEvent.change(name, { target: { value: 'Talhão Norte Novo' } });
    fireEvent.click(within(editor).getByRole('button', { name: t('dialog.save') }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ nome: 'Talhão Norte Novo', updated_at: NORTE.updated_at });
    expect(await screen.findByText(t('plots.saved', { name: 'Talhão Norte Novo' }))).toBeTruthy();
  });

  it.each([
    [ERROR_KEYS.farmDisabled, 409, undefined],
    [ERROR_KEYS.plotAreaLocked, 409, { until: '2027-01-01T00:00:00.000Z' }],
    [ERROR_KEYS.plotDisabled, 409, undefined],
  ])('shows the refusal %s translated', async (key, status, info) => {
    servePlots([NORTE], {
      '/api/talhoes/:id': (request) =>
        request.method === 'PUT' ? apiError(status, key, info) : jsonResponse([NORTE]),
    });
    const editor = await openEditor();
    fireEvent.click(within(editor).getByRole('button', { name: t('dialog.save') }));
    const alert = await within(editor).findByTestId('plot-error');
    expect(alert.textContent).toBe(i18n.t(key, { ns: 'errors' }));
    expect(screen.getByTestId('plot-map-dialog')).toBeTruthy();
  });

  it('tells an invalid outline with its reason', async () => {
    servePlots([NORTE], {
      '/api/talhoes/:id': (request) =>
        request.method === 'PUT'
          ? apiError(400, ERROR_KEYS.plotInvalidGeometry, { reason: 'self_crossing', ring: 0 })
          : jsonResponse([NORTE]),
    });
    await changeLanguage('pt');
    const editor = await openEditor();
    fireEvent.click(within(editor).getByRole('button', { name: t('dialog.save') }));
    const alert = await within(editor).findByTestId('plot-error');
    expect(alert.textContent).toContain(i18n.t(ERROR_KEYS.plotInvalidGeometry, { ns: 'errors' }));
    expect(alert.textContent).toContain(t('plots.geometry_problem.self_crossing'));
  });

  it('deletes the plot from the map modal after confirmation', async () => {
    const deleted: string[] = [];
    servePlots([NORTE], {
      '/api/talhoes/:id': (request) => {
        if (request.method !== 'DELETE') return jsonResponse([NORTE]);
        deleted.push(new URL(request.url).pathname);
        return new Response(null, { status: 204 });
      },
    });
    const editor = await openEditor();
    fireEvent.click(within(editor).getByRole('button', { name: t('plots.action.delete') }));
    const confirm = await screen.findByTestId('plot-delete-dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: t('delete.confirm') }));
    expect(await screen.findByText(t('plots.deleted', { name: 'Talhão Norte' }))).toBeTruthy();
    expect(deleted).toEqual([`/api/talhoes/${NORTE.id}`]);
    await waitFor(() => expect(screen.queryByTestId('plot-map-dialog')).toBeNull());
  });

  it('on a stale edit (409) offers to reload the plot, then saves with the new updated_at', async () => {
    const fresh = {
      ...NORTE,
      nome: 'Talhão Norte (renamed)',
      updated_at: '2026-03-01T10:00:00.000Z',
    };
    const bodies: { updated_at?: string }[] = [];
    servePlots([NORTE], {
      '/api/talhoes/:plotId/fazenda/:farmId': () => jsonResponse(fresh),
      '/api/talhoes/:id': async (request) => {
        if (request.method !== 'PUT') return jsonResponse([NORTE]);
        bodies.push((await request.json()) as { updated_at?: string });
        return bodies.length === 1 ? apiError(409, ERROR_KEYS.conflict) : jsonResponse(fresh);
      },
    });
    const editor = await openEditor();
    fireEvent.click(within(editor).getByRole('button', { name: t('dialog.save') }));
    const alert = await within(editor).findByTestId('plot-error');
    expect(alert.textContent).toContain(i18n.t(ERROR_KEYS.conflict, { ns: 'errors' }));
    fireEvent.click(within(alert).getByRole('button', { name: t('dialog.reload') }));
    const name = within(editor).getByRole('textbox', { name: new RegExp(t('plots.field.name')) });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Talhão Norte (renamed)'));
    expect(within(editor).queryByTestId('plot-error')).toBeNull();
    fireEvent.click(within(editor).getByRole('button', { name: t('dialog.save') }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]!.updated_at).toBe(fresh.updated_at);
  });
});

describe('KML import', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();
  const PREVIEW = {
    plots: [
      { nome: 'Lote 1', geometry: square(-55.75, -26.98), area_calculada: 25.5 },
      { nome: 'Lote 2', geometry: square(-55.74, -26.99), area_calculada: 31.25 },
    ],
    attributes: [],
  };

  async function openImport() {
    const dialog = await openFields();
    fireEvent.click(await within(dialog).findByRole('button', { name: t('plots.action.import') }));
    return screen.findByTestId('kml-import-dialog');
  }

  function pick(dialog: HTMLElement, file: File) {
    fireEvent.change(within(dialog).getByTestId('kml-file'), { target: { files: [file] } });
  }

  it('previews the file’s polygons with names and areas, then sends the same file to be saved', async () => {
    const uploads: (File | string | null)[] = [];
    const saves: { url: string; file: FormDataEntryValue | null }[] = [];
    servePlots([], {
      '/api/plots/kml-preview': async (request) => {
        uploads.push((await request.formData()).get('file'));
        return jsonResponse(PREVIEW);
      },
      '/api/fazendas/:id/kml-import': async (request) => {
        saves.push({ url: request.url, file: (await request.formData()).get('file') });
        return jsonResponse(
          [plot({ id: 201, nome: 'Lote 1' }), plot({ id: 202, nome: 'Lote 2' })],
          201,
        );
      },
    });
    await changeLanguage('en');
    const dialog = await openImport();
    const save = within(dialog).getByTestId('kml-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    pick(
      dialog,
      new File(['<kml/>'], 'itapua-lotes.kml', { type: 'application/vnd.google-earth.kml+xml' }),
    );
    const list = await within(dialog).findByTestId('kml-preview-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lote 163.01 ac', 'Lote 277.22 ac']);
    expect(within(dialog).getByTestId('kml-summary').textContent).toContain(
      '2 fields found, 140.23 ac',
    );
    // The file travels as the multipart field `file`.
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).not.toBeNull();
    expect(
      await within(dialog).findByRole('region', {
        name: t('plots.kml.map_aria', { file: 'itapua-lotes.kml' }),
      }),
    ).toBeTruthy();
    expect(save.textContent).toBe(t('plots.kml.save', { count: 2 }));
    fireEvent.click(save);
    await waitFor(() => expect(saves).toHaveLength(1));
    // The server reads the file again (no JSON body of outlines that could pass its size limit).
    expect(new URL(saves[0]!.url).pathname).toBe('/api/fazendas/1/kml-import');
    expect(new URL(saves[0]!.url).search).toBe('');
    expect(saves[0]!.file).not.toBeNull();
    expect(within(dialog).queryByTestId('kml-name-by')).toBeNull();
    expect(await screen.findByText(t('plots.imported', { count: 2 }))).toBeTruthy();
    expect(missingKeys).toEqual([]);
  });

  it.each([
    [ERROR_KEYS.kmlInvalidCoordinates, 400, { placemark: 'Lote 7', position: 12 }, 'Lote 7'],
    [ERROR_KEYS.kmlTooFewPoints, 400, { placemark: 'Lote 8', position: 3 }, 'Lote 8'],
    [ERROR_KEYS.plotImportTooManyPlots, 400, { max_plots: 1000 }, '1000'],
    [ERROR_KEYS.kmlInvalidFormat, 400, { reason: 'not xml' }, null],
    [
      ERROR_KEYS.plotInvalidGeometry,
      400,
      { placemark: 'Bow tie', reason: 'self_crossing' },
      'Bow tie',
    ],
    [ERROR_KEYS.fileTooLarge, 413, undefined, null],
  ])('tells %s in the user’s words, with the Placemark’s name', async (key, status, info, name) => {
    servePlots([], { '/api/plots/kml-preview': () => apiError(status, key, info) });
    const dialog = await openImport();
    pick(dialog, new File(['x'], 'bad.kml'));
    const alert = await within(dialog).findByTestId('plot-error');
    expect(alert.getAttribute('data-key')).toBe(key);
    if (name) expect(alert.textContent).toContain(name);
    const position = (info as { position?: number } | undefined)?.position;
    if (position) expect(alert.textContent).toContain(t('plots.at_position', { position }));
    expect(alert.textContent).not.toMatch(/\{\{|exception\./);
    expect((within(dialog).getByTestId('kml-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks before importing outlines over the farm’s plots, then imports with the confirmation', async () => {
    const saves: URLSearchParams[] = [];
    servePlots([NORTE], {
      '/api/plots/kml-preview': () => jsonResponse(PREVIEW),
      '/api/fazendas/:id/kml-import': (request) => {
        const query = new URL(request.url).searchParams;
        saves.push(query);
        if (query.get('confirm_overlap') !== '1')
          return apiError(409, ERROR_KEYS.plotOverlap, {
            area_ha: 14.5,
            overlaps: [
              { nome: 'Lote 1', plot_id: NORTE.id, plot_nome: 'Talhão Norte', area_ha: 12.25 },
              { nome: 'Lote 2', plot_id: null, plot_nome: 'Lote 1', area_ha: 2.25 },
            ],
          });
        return jsonResponse(
          [plot({ id: 201, nome: 'Lote 1' }), plot({ id: 202, nome: 'Lote 2' })],
          201,
        );
      },
    });
    await changeLanguage('pt');
    const dialog = await openImport();
    pick(dialog, new File(['<kml/>'], 'lotes.kml'));
    await within(dialog).findByTestId('kml-preview-list');
    fireEvent.click(within(dialog).getByTestId('kml-save'));
    const ask = await screen.findByTestId('plot-overlap-dialog');
    expect(within(ask).getByRole('heading').textContent).toBe(t('plots.overlap.title'));
    expect(
      within(ask)
        .getAllByTestId('plot-overlap-item')
        .map((item) => item.textContent),
    ).toEqual(['Lote 1 sobre Talhão Norte (12,25 ha)', 'Lote 2 sobre Lote 1 (2,25 ha)']);
    expect(within(ask).getByTestId('plot-overlap-total').textContent).toBe(
      t('plots.overlap.total', { area: '14,50 ha' }),
    );
    expect(screen.queryByText(t('plots.imported', { count: 2 }))).toBeNull();
    // Cancelling goes back to the preview, nothing saved.
    fireEvent.click(within(ask).getByRole('button', { name: t('dialog.cancel') }));
    await waitFor(() => expect(screen.queryByTestId('plot-overlap-dialog')).toBeNull());
    expect(saves).toHaveLength(1);
    fireEvent.click(within(dialog).getByTestId('kml-save'));
    fireEvent.click(
      within(await screen.findByTestId('plot-overlap-dialog')).getByRole('button', {
        name: t('plots.overlap.confirm_import'),
      }),
    );
    expect(await screen.findByText(t('plots.imported', { count: 2 }))).toBeTruthy();
    expect(saves).toHaveLength(3);
    expect(saves[2]!.get('confirm_overlap')).toBe('1');
    expect(saves[1]!.get('confirm_overlap')).toBeNull();
    expect(missingKeys).toEqual([]);
  });

  it('lets the user pick the attribute that names the fields, previews and saves with it', async () => {
    const previews: (string | null)[] = [];
    const saves: (string | null)[] = [];
    servePlots([], {
      '/api/plots/kml-preview': (request) => {
        const picked = new URL(request.url).searchParams.get('name_attribute');
        previews.push(picked);
        return jsonResponse({
          attributes: ['COD_IMOVEL', 'NOM_MUNICI'],
          plots: PREVIEW.plots.map((plot, index) => ({
            ...plot,
            nome: picked === 'COD_IMOVEL' ? `MT-51079${index}` : `#${index + 1}`,
          })),
        });
      },
      '/api/fazendas/:id/kml-import': (request) => {
        saves.push(new URL(request.url).searchParams.get('name_attribute'));
        return jsonResponse([plot({ id: 201, nome: 'MT-510790' })], 201);
      },
    });
    await changeLanguage('es');
    const dialog = await openImport();
    pick(dialog, new File(['<kml/>'], 'car.kml'));
    const names = async () =>
      within(await within(dialog).findByTestId('kml-preview-list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '');
    expect((await names()).map((name) => name.slice(0, 2))).toEqual(['#1', '#2']);
    expect(within(dialog).getByTestId('kml-name-by').textContent).toBe(t('plots.kml.name_by_own'));
    fireEvent.mouseDown(within(dialog).getByTestId('kml-name-by'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      t('plots.kml.name_by_own'),
      'COD_IMOVEL',
      'NOM_MUNICI',
    ]);
    fireEvent.click(options[1]!);
    await waitFor(async () => expect((await names())[0]).toMatch(/^MT-510790/));
    expect(previews).toEqual([null, 'COD_IMOVEL']);
    fireEvent.click(within(dialog).getByTestId('kml-save'));
    await waitFor(() => expect(saves).toEqual(['COD_IMOVEL']));
    expect(missingKeys).toEqual([]);
  });

  it('refuses a file over 5 MB without sending it', async () => {
    const seen = recordRequests();
    servePlots([]);
    const dialog = await openImport();
    pick(dialog, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.kmz'));
    expect((await within(dialog).findByTestId('plot-error')).textContent).toBe(
      i18n.t(ERROR_KEYS.fileTooLarge, { ns: 'errors' }),
    );
    expect(seen.some((request) => request.path === '/api/plots/kml-preview')).toBe(false);
  });
});
