import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Note } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import { farm, plot } from '../../test/farm-fixtures';
import {
  byPath,
  jsonResponse,
  recordRequests,
  serve,
  type PathAnswers,
} from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  ALL_PERMISSIONS,
  apiError,
  screenWidth,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';
import { permissionsFor, withShellKeys } from '@lavoura/domain';

const BOA_VISTA = farm({ id: 1, nome: 'Fazenda Boa Vista' });
const NORTE = plot({ id: 100, nome: 'Talhão Norte' });

function note(overrides: Partial<Note> = {}): Note {
  return {
    id: 7,
    title: 'Ferrugem no baixeiro',
    description: 'Pústulas nas folhas de baixo.\nAplicar na semana que vem.',
    category: { id: 3, code: 'diseases', message_key: 'note_category.diseases' },
    farm: { id: 1, nome: 'Fazenda Boa Vista' },
    plot: { id: 100, nome: 'Talhão Norte' },
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
        storage_link: '/api/fields-notes/7/files/1',
      },
      {
        id: 2,
        name: 'laudo.pdf',
        mimetype: 'application/pdf',
        size: 3400,
        storage_link: '/api/fields-notes/7/files/2',
      },
    ],
    ...overrides,
  };
}

const MACHINE = note({
  id: 8,
  title: 'Trator na oficina',
  description: '',
  category: { id: 5, code: 'machines', message_key: 'note_category.machines' },
  plot: null,
  created_by: { id: 6, name: 'Bruno Lima' },
  edited_by: { id: 5, name: 'Ana Souza' },
  files: [],
});

const READ_ONLY = withShellKeys(permissionsFor({ profile: 'PESQUISA', planLevel: 4 }), 'PESQUISA');

function serveNotes(
  notes: Note[] | ((request: Request) => Response | Promise<Response>),
  extra: PathAnswers = {},
  permissions: readonly string[] = ALL_PERMISSIONS,
) {
  const answer = typeof notes === 'function' ? notes : () => jsonResponse(notes);
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser(), permissions, farms: [BOA_VISTA] },
      ...byPath({
        ...extra,
        '/api/farms/:farmId/fields-notes': answer,
        // An edit posts to the note's own address (docs/notes.md).
        '/api/farms/:farmId/fields-notes/:noteId': answer,
        '/api/talhoes/:farmId': () => jsonResponse([NORTE]),
      }),
    ),
  );
}

async function renderNotes(path = '/notes') {
  const rendered = renderArea(path);
  await screen.findByTestId('notes-page', undefined, { timeout: 15_000 });
  return rendered;
}

const n = (key: string, values?: Record<string, unknown>) =>
  i18n.t(key, { ns: 'notes', ...values });

/** From the empty notebook: the new-note form with its title typed and "Diseases" chosen. */
async function newDiseaseNote(title: string): Promise<HTMLElement> {
  await screen.findByTestId('notes-empty');
  fireEvent.click(screen.getByTestId('note-add'));
  const dialog = await screen.findByTestId('note-dialog');
  fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(n('form.title')) }), {
    target: { value: title },
  });
  fireEvent.mouseDown(
    within(dialog).getByRole('combobox', { name: new RegExp(n('form.category')) }),
  );
  fireEvent.click(
    await screen.findByRole('option', {
      name: i18n.t('note_category.diseases', { ns: 'reference' }),
    }),
  );
  return dialog;
}

describe('notes page', { timeout: 30_000 }, () => {
  const missingKeys = trackMissingKeys();

  it.each(['pt', 'en', 'es'] as const)(
    'lists the farm’s notes in %s: category, field, text, image preview, download, author',
    async (language) => {
      screenWidth(1280);
      serveNotes([note(), MACHINE]);
      await changeLanguage(language);
      const { container } = await renderNotes();
      const cards = await screen.findAllByTestId('note-card');
      expect(cards).toHaveLength(2);
      const first = cards[0]!;
      expect(within(first).getByRole('heading', { name: 'Ferrugem no baixeiro' })).toBeTruthy();
      expect(within(first).getByTestId('note-category-chip').textContent).toBe(
        i18n.t('note_category.diseases', { ns: 'reference' }),
      );
      expect(first.textContent).toContain('Talhão Norte');
      const image = within(first).getByTestId('note-image');
      expect(image.getAttribute('href')).toBe('/api/fields-notes/7/files/1');
      expect(image.querySelector('img')?.getAttribute('src')).toBe('/api/fields-notes/7/files/1');
      const pdf = within(first).getByTestId('note-file');
      expect(pdf.getAttribute('href')).toBe('/api/fields-notes/7/files/2');
      expect(pdf.getAttribute('download')).toBe('laudo.pdf');
      expect(first.textContent).toContain('Ana Souza');
      // A note about no field says so; an edited note names who edited it.
      expect(cards[1]!.textContent).toContain(n('note.whole_farm'));
      expect(cards[1]!.textContent).toContain(
        n('note.edited', { name: 'Ana Souza', date: '' }).trim().split(' ')[0]!,
      );
      // File names are the user's words, not texts of ours: 'laudo.pdf' reads like a key to the
      // check, so it looks at the page without them.
      const page = container.cloneNode(true) as HTMLElement;
      for (const file of page.querySelectorAll('[data-testid="note-file"]')) file.remove();
      expectNoRawKeys(page);
      expect(missingKeys).toEqual([]);
      await changeLanguage('pt');
    },
  );

  it('shows a note’s time on the farm’s clock, as its report does, wherever the reader is', async () => {
    screenWidth(1280);
    serveNotes([note()]);
    await changeLanguage('pt');
    await renderNotes();
    const [card] = await screen.findAllByTestId('note-card');
    // Written at 13:30 UTC: 10:30 at Fazenda Boa Vista (São Paulo), not the browser's hour.
    expect(card!.textContent).toContain(
      n('note.by', { name: 'Ana Souza', date: '20 de nov. de 2026, 10:30' }),
    );
  });

  it('shows the empty notebook, with the new-note action', async () => {
    serveNotes([]);
    await renderNotes();
    const empty = await screen.findByTestId('notes-empty');
    expect(within(empty).getByRole('button', { name: n('new') })).toBeTruthy();
  });

  it('shows a failure with a retry that loads again', async () => {
    let calls = 0;
    serveNotes(() => {
      calls += 1;
      return calls === 1 ? apiError(500, 'exception.unexpected_error') : jsonResponse([note()]);
    });
    await renderNotes();
    fireEvent.click(await screen.findByRole('button', { name: n('retry') }));
    expect(await screen.findByTestId('note-card')).toBeTruthy();
  });

  it('filters by category, field and author through the API’s filter pairs', async () => {
    const seen = recordRequests();
    serveNotes((request) => {
      const filter = new URL(request.url).searchParams.get('filter');
      // As the API would: every note unfiltered, the machine note by its category, none else.
      if (filter === null) return jsonResponse([note(), MACHINE]);
      return jsonResponse(filter === 'category_id:5' ? [MACHINE] : []);
    });
    await renderNotes();
    await screen.findAllByTestId('note-card');
    fireEvent.mouseDown(
      within(screen.getByTestId('notes-filter-category_id')).getByRole('combobox'),
    );
    fireEvent.click(
      await screen.findByRole('option', {
        name: i18n.t('note_category.machines', { ns: 'reference' }),
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('note-card')).toHaveLength(1));
    fireEvent.mouseDown(within(screen.getByTestId('notes-filter-plot_id')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Talhão Norte' }));
    fireEvent.mouseDown(
      within(screen.getByTestId('notes-filter-created_by')).getByRole('combobox'),
    );
    // Authors of every list loaded so far stay choosable.
    fireEvent.click(await screen.findByRole('option', { name: 'Bruno Lima' }));
    fireEvent.change(
      within(screen.getByTestId('notes-filter-created_at')).getByLabelText(n('filter.date')),
      {
        target: { value: '2026-11-20' },
      },
    );
    await waitFor(() =>
      expect(
        seen
          .filter((request) => request.path === '/api/farms/1/fields-notes')
          .map((request) => request.url.searchParams.get('filter')),
      ).toContain('plot_id:100,category_id:5,created_by:6,created_at:2026-11-20'),
    );
    expect(await screen.findByTestId('notes-no-match')).toBeTruthy();
    fireEvent.click(screen.getByTestId('notes-filter-clear'));
    await waitFor(() => expect(screen.getAllByTestId('note-card')).toHaveLength(2));
  });

  it('creates a note with a photo as a multipart form, refusing a file it cannot take', async () => {
    let sent: FormData | null = null;
    let notes: Note[] = [];
    serveNotes((request) => {
      if (request.method === 'POST') {
        return request.formData().then((form) => {
          sent = form;
          const created = note({ id: 9, title: String(form.get('title')) });
          notes = [created];
          return jsonResponse(created, 201);
        });
      }
      return jsonResponse(notes);
    });
    await renderNotes();
    const dialog = await newDiseaseNote('Ferrugem');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: new RegExp(n('form.plot')) }));
    fireEvent.click(await screen.findByRole('option', { name: 'Talhão Norte' }));
    const input = within(dialog).getByTestId('note-file-input');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'folha.jpg', {
      type: 'image/jpeg',
    });
    const program = new File([new Uint8Array([0x4d, 0x5a])], 'setup.exe', {
      type: 'application/x-msdownload',
    });
    fireEvent.change(input, { target: { files: [photo, program] } });
    expect(within(dialog).getByTestId('note-file-error').textContent).toContain('setup.exe');
    expect(within(dialog).getAllByTestId('note-new-file')).toHaveLength(1);
    fireEvent.click(within(dialog).getByTestId('note-save'));
    await waitFor(() => expect(screen.queryByTestId('note-dialog')).toBeNull());
    const form = sent as unknown as FormData;
    expect(form.get('title')).toBe('Ferrugem');
    expect(form.get('category_id')).toBe('3');
    expect(form.get('plot_id')).toBe('100');
    // Only the photo travels, not the refused program. (Vitest's jsdom bridge re-wraps each file
    // as a nameless Blob on its way to fetch, so the photo is told by its type, not its name.)
    expect((form.getAll('files') as Blob[]).map((file) => file.type)).toEqual(['image/jpeg']);
    expect(await screen.findByTestId('note-card')).toBeTruthy();
  });

  it('keeps a note written without signal on the device, shows it waiting, and sends it with its photo when the signal returns (issue 30 item 7)', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const posted: FormData[] = [];
    let notes: Note[] = [];
    serveNotes((request) => {
      if (request.method === 'POST') {
        return request.formData().then((form) => {
          posted.push(form);
          const created = note({ id: 9, title: String(form.get('title')) });
          notes = [created];
          return jsonResponse(created, 201);
        });
      }
      return jsonResponse(notes);
    });
    await renderNotes();
    const dialog = await newDiseaseNote('Ferrugem sem sinal');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'folha.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.change(within(dialog).getByTestId('note-file-input'), {
      target: { files: [photo] },
    });
    fireEvent.click(within(dialog).getByTestId('note-save'));
    await waitFor(() => expect(screen.queryByTestId('note-dialog')).toBeNull());
    // Kept, not sent: it shows as waiting, and the notebook is not "empty".
    const kept = await screen.findByTestId('note-kept');
    expect(kept.textContent).toContain('Ferrugem sem sinal');
    expect(kept.textContent).toContain('folha.jpg');
    expect(kept.textContent).toContain(n('kept.chip'));
    expect(screen.queryByTestId('notes-empty')).toBeNull();
    expect(posted).toHaveLength(0);

    // The signal returns: sent with its photo, and the server's note takes its place.
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('title')).toBe('Ferrugem sem sinal');
    expect(posted[0]!.get('category_id')).toBe('3');
    expect((posted[0]!.getAll('files') as Blob[]).map((file) => file.type)).toEqual(['image/jpeg']);
    expect(await screen.findByTestId('note-card')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('note-kept')).toBeNull());
  });

  it('shows the server’s refusal of a field under it', async () => {
    serveNotes((request) =>
      request.method === 'POST'
        ? apiError(400, 'exception.validation_error', [
            { field: 'body.title', key: 'field.too_long', message: 'too long' },
          ])
        : jsonResponse([]),
    );
    await renderNotes();
    fireEvent.click(await screen.findByTestId('note-add'));
    const dialog = await screen.findByTestId('note-dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(n('form.title')) }), {
      target: { value: 'x' },
    });
    fireEvent.mouseDown(
      within(dialog).getByRole('combobox', { name: new RegExp(n('form.category')) }),
    );
    fireEvent.click(
      await screen.findByRole('option', {
        name: i18n.t('note_category.others', { ns: 'reference' }),
      }),
    );
    fireEvent.click(within(dialog).getByTestId('note-save'));
    expect(
      await within(dialog).findByText(i18n.t('field.too_long', { ns: 'errors' })),
    ).toBeTruthy();
  });

  it('refuses a note without a title or a category before sending, and sends the whole farm as no plot', async () => {
    const sent: FormData[] = [];
    serveNotes((request) => {
      if (request.method === 'POST')
        return request.formData().then((form) => {
          sent.push(form);
          return jsonResponse(note({ plot: null }), 201);
        });
      return jsonResponse([]);
    });
    await renderNotes();
    fireEvent.click(await screen.findByTestId('note-add'));
    const dialog = await screen.findByTestId('note-dialog');
    const title = within(dialog).getByRole('textbox', { name: new RegExp(n('form.title')) });
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByTestId('note-save'));
    expect(
      await within(dialog).findAllByText(i18n.t('field.required', { ns: 'errors' })),
    ).toHaveLength(2);
    expect(sent).toHaveLength(0);

    fireEvent.change(title, { target: { value: 'Cerca caída' } });
    fireEvent.mouseDown(
      within(dialog).getByRole('combobox', { name: new RegExp(n('form.category')) }),
    );
    fireEvent.click(
      await screen.findByRole('option', {
        name: i18n.t('note_category.others', { ns: 'reference' }),
      }),
    );
    fireEvent.click(within(dialog).getByTestId('note-save'));
    await waitFor(() => expect(screen.queryByTestId('note-dialog')).toBeNull());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('title')).toBe('Cerca caída');
    expect(sent[0]!.get('description')).toBe('');
    expect(sent[0]!.get('plot_id')).toBe('');
  });

  it('edits a note, removing an attachment', async () => {
    let sent: FormData | null = null;
    serveNotes((request) => {
      if (request.method === 'POST')
        return request.formData().then((form) => {
          sent = form;
          return jsonResponse(note({ title: String(form.get('title')) }));
        });
      return jsonResponse([note()]);
    });
    await renderNotes();
    fireEvent.click(await screen.findByTestId('note-edit'));
    const dialog = await screen.findByTestId('note-dialog');
    const title = within(dialog).getByRole('textbox', {
      name: new RegExp(n('form.title')),
    }) as HTMLInputElement;
    expect(title.value).toBe('Ferrugem no baixeiro');
    fireEvent.change(title, { target: { value: 'Ferrugem confirmada' } });
    fireEvent.click(
      within(dialog).getByRole('button', { name: n('form.remove_file', { name: 'laudo.pdf' }) }),
    );
    fireEvent.click(within(dialog).getByTestId('note-save'));
    await waitFor(() => expect(screen.queryByTestId('note-dialog')).toBeNull());
    const form = sent as unknown as FormData;
    expect(form.get('title')).toBe('Ferrugem confirmada');
    expect(form.get('remove_file_ids')).toBe('2');
  });

  it('deletes a note after confirmation', async () => {
    let deleted = false;
    serveNotes(() => jsonResponse(deleted ? [] : [note()]), {
      '/api/fields-notes/:id': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    await renderNotes();
    fireEvent.click(await screen.findByTestId('note-delete'));
    const confirm = await screen.findByTestId('note-delete-dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: n('delete.confirm') }));
    expect(await screen.findByTestId('notes-empty')).toBeTruthy();
    expect(deleted).toBe(true);
  });

  it('opens the form from a shortcut (?new=1), with the field of the plot page', async () => {
    serveNotes([]);
    await renderNotes('/notes?new=1&plot_id=100&fazenda_id=1');
    const dialog = await screen.findByTestId('note-dialog');
    await waitFor(() =>
      expect(
        within(dialog).getByRole('combobox', { name: new RegExp(n('form.plot')) }).textContent,
      ).toBe('Talhão Norte'),
    );
  });

  it('offers a member who may only read no new, edit or delete', async () => {
    serveNotes([note()], {}, READ_ONLY);
    await renderNotes('/notes?new=1');
    await screen.findByTestId('note-card');
    expect(screen.queryByTestId('note-add')).toBeNull();
    expect(screen.queryByTestId('note-edit')).toBeNull();
    expect(screen.queryByTestId('note-delete')).toBeNull();
    expect(screen.queryByTestId('note-dialog')).toBeNull();
  });
});
