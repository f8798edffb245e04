import fs from 'node:fs';
import path from 'node:path';
import type { Note } from '@lavoura/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import * as fixture from '../../test/attachment-fixtures.ts';
import { assignFarms, makeFarm, makePlot } from '../../test/farm-factory.ts';
import { accountWith, bearer, makeUser, tokenFor } from '../../test/identity-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
let accountId: number;
let admin: { id: number; token: string };
let agronomist: { id: number; token: string };
let researcherToken: string;
let farmId: number;
let otherFarmId: number;
let plotId: number;
let otherPlotId: number;
let stranger: { accountId: number; token: string; farmId: number };

beforeAll(async () => {
  app = await createTestApp();
  const account = await accountWith(app, ['CONTA'], { planId: 4 });
  accountId = account.accountId;
  admin = account.members.CONTA!;
  farmId = await makeFarm(app.db, accountId, { name: 'Sede' });
  otherFarmId = await makeFarm(app.db, accountId, { name: 'Retiro' });
  plotId = await makePlot(app.db, accountId, farmId, { name: 'Talhão Norte' });
  otherPlotId = await makePlot(app.db, accountId, otherFarmId);
  // An agronomist sees the first farm only; a researcher reads notes, writes none.
  const farmUser = await makeUser(app.db, { accountId, profile: 'FARM', name: 'Agrônoma' });
  await assignFarms(app.db, accountId, farmUser.id, [farmId]);
  agronomist = { id: farmUser.id, token: await tokenFor(app, farmUser.email) };
  const researcher = await makeUser(app.db, { accountId, profile: 'PESQUISA' });
  await assignFarms(app.db, accountId, researcher.id, [farmId]);
  researcherToken = await tokenFor(app, researcher.email);
  const other = await accountWith(app, ['CONTA'], { planId: 4 });
  stranger = {
    accountId: other.accountId,
    token: other.members.CONTA!.token,
    farmId: await makeFarm(app.db, other.accountId),
  };
});
afterAll(() => app.close());

interface Attachment {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart body with text fields and files (each in the field `files` unless named). */
function multipart(
  fields: Record<string, string | string[]>,
  files: (Attachment & { field?: string })[] = [],
) {
  const boundary = `----lavoura${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value])
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`,
        ),
      );
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function createNote(
  token: string,
  body: Record<string, string | string[]>,
  files: Attachment[] = [],
  farm = farmId,
) {
  const form = multipart(body, files);
  return app.app.inject({
    method: 'POST',
    url: `/api/farms/${farm}/fields-notes`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
}

const json = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

/** Everything stored about notes: rows of both tables and the files on disk. */
async function stored() {
  const [notes] = await app.db.select({ n: count() }).from(t.fieldNotes);
  const [files] = await app.db.select({ n: count() }).from(t.fieldNoteFiles);
  const onDisk = fs.existsSync(app.filesDir)
    ? fs
        .readdirSync(app.filesDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile()).length
    : 0;
  return { notes: notes!.n, files: files!.n, onDisk };
}

describe('creating a note', () => {
  it('takes a multipart form with a photo and a PDF, and answers the note with its files', async () => {
    const response = await createNote(
      admin.token,
      {
        title: 'Ferrugem no talhão norte',
        description: 'Pústulas no baixeiro',
        category_id: '3',
        plot_id: String(plotId),
      },
      [
        { name: 'folha.jpg', bytes: fixture.jpeg, type: 'image/jpeg' },
        { name: 'laudo.pdf', bytes: fixture.pdf },
      ],
    );
    expect(response.statusCode).toBe(201);
    const note = response.json<Note>();
    expect(note).toMatchObject({
      title: 'Ferrugem no talhão norte',
      description: 'Pústulas no baixeiro',
      category: { id: 3, code: 'diseases', message_key: 'note_category.diseases' },
      farm: { id: farmId, nome: 'Sede' },
      plot: { id: plotId, nome: 'Talhão Norte' },
      created_by: { id: admin.id },
      edited_by: null,
    });
    expect(note.files).toEqual([
      {
        id: expect.any(Number),
        name: 'folha.jpg',
        mimetype: 'image/jpeg',
        size: fixture.jpeg.length,
        storage_link: `/api/fields-notes/${note.id}/files/${note.files[0]!.id}`,
      },
      expect.objectContaining({ name: 'laudo.pdf', mimetype: 'application/pdf' }),
    ]);
    // The photo downloads as it was sent, inline; the PDF as an attachment.
    const photo = await json(admin.token, 'GET', note.files[0]!.storage_link);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['content-disposition']).toMatch(/^inline; filename="folha.jpg"/);
    expect(photo.rawPayload).toEqual(fixture.jpeg);
    const laudo = await json(admin.token, 'GET', note.files[1]!.storage_link);
    expect(laudo.headers['content-disposition']).toMatch(/^attachment;/);
    expect(laudo.rawPayload).toEqual(fixture.pdf);
  });

  it('takes JSON without files, and a note about no plot', async () => {
    const response = await json(admin.token, 'POST', `/api/farms/${farmId}/fields-notes`, {
      title: 'Comprar adubo',
      category_id: 1,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Note>()).toMatchObject({
      title: 'Comprar adubo',
      description: '',
      plot: null,
      files: [],
      category: { code: 'buy_and_sell' },
    });
  });

  it.each([
    ['xlsx', fixture.xlsx],
    ['docx', fixture.docx],
    ['xls', fixture.xls],
    ['doc', fixture.doc],
    ['heic', fixture.heic],
    ['png', fixture.png],
  ])('accepts a .%s attachment', async (extension, bytes) => {
    const response = await createNote(admin.token, { title: 'Anexo', category_id: '8' }, [
      { name: `arquivo.${extension}`, bytes },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json<Note>().files).toHaveLength(1);
  });

  it.each([
    ['a renamed executable called .pdf', 'laudo.pdf', fixture.exe],
    ['a script called .jpg', 'foto.jpg', fixture.script],
    ['an .exe', 'setup.exe', fixture.exe],
    ['a compound file that is no Word file', 'velho.doc', fixture.otherCompound],
  ])('refuses %s with 400 and stores nothing', async (_what, name, bytes) => {
    const before = await stored();
    const response = await createNote(admin.token, { title: 'Perigo', category_id: '8' }, [
      { name: 'ok.png', bytes: fixture.png },
      { name, bytes },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      key: 'exception.file.unsupported_type',
      context: { additionalInfo: { name } },
    });
    expect(await stored()).toEqual(before);
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const before = await stored();
    const big = Buffer.concat([fixture.pdf, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await createNote(admin.token, { title: 'Grande', category_id: '8' }, [
      { name: 'ok.png', bytes: fixture.png },
      { name: 'grande.pdf', bytes: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().key).toBe('exception.file.too_large');
    expect(await stored()).toEqual(before);
  });

  it('takes a file of exactly 5 MB', async () => {
    const exact = Buffer.concat([fixture.pdf, Buffer.alloc(5 * 1024 * 1024 - fixture.pdf.length)]);
    const response = await createNote(admin.token, { title: 'No limite', category_id: '8' }, [
      { name: 'limite.pdf', bytes: exact },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json<Note>().files[0]!.size).toBe(5 * 1024 * 1024);
  });

  it.each([
    ['no title', { category_id: '2' }, 'body.title'],
    ['a title of spaces', { title: '   ', category_id: '2' }, 'body.title'],
    ['an unknown category', { title: 'x', category_id: '99' }, 'body.category_id'],
    ['a category as a word', { title: 'x', category_id: 'pests' }, 'body.category_id'],
    ['a plot as a word', { title: 'x', category_id: '2', plot_id: 'norte' }, 'body.plot_id'],
    ['a NUL in the title', { title: 'a\u0000b', category_id: '2' }, 'body.title'],
  ])('refuses a form with %s naming the field, storing nothing', async (_what, body, field) => {
    const before = await stored();
    const response = await createNote(admin.token, body, [{ name: 'a.png', bytes: fixture.png }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().key).toBe('exception.validation_error');
    expect(response.json().context.additionalInfo).toEqual(
      expect.arrayContaining([expect.objectContaining({ field })]),
    );
    expect(await stored()).toEqual(before);
  });

  it('refuses a plot of another farm with 400 exception.plot_not_found', async () => {
    const before = await stored();
    const response = await createNote(
      admin.token,
      { title: 'Outro talhão', category_id: '2', plot_id: String(otherPlotId) },
      [{ name: 'a.png', bytes: fixture.png }],
    );
    expect([response.statusCode, response.json().key]).toEqual([400, 'exception.plot_not_found']);
    expect(await stored()).toEqual(before);
  });
});

describe('the notebook of a farm', () => {
  let pests: Note;
  let agronomistNote: Note;

  beforeAll(async () => {
    pests = (
      await createNote(admin.token, { title: 'Lagarta', category_id: '7', plot_id: String(plotId) })
    ).json<Note>();
    agronomistNote = (
      await createNote(agronomist.token, { title: 'Trator na oficina', category_id: '5' })
    ).json<Note>();
    await createNote(admin.token, { title: 'No retiro', category_id: '7' }, [], otherFarmId);
  });

  const list = async (filter?: string, token = admin.token) => {
    const query = filter === undefined ? '' : `?filter=${encodeURIComponent(filter)}`;
    return json(token, 'GET', `/api/farms/${farmId}/fields-notes${query}`);
  };

  it('lists the farm’s notes only, newest first', async () => {
    const notes = (await list()).json<Note[]>();
    expect(notes[0]!.id).toBe(agronomistNote.id);
    expect(notes.every((note) => note.farm.id === farmId)).toBe(true);
    const times = notes.map((note) => note.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it.each([
    ['category_id', () => 'category_id:7', (note: Note) => note.category.id === 7],
    ['plot_id', () => `plot_id:${plotId}`, (note: Note) => note.plot?.id === plotId],
    [
      'created_by',
      () => `created_by:${agronomist.id}`,
      (note: Note) => note.created_by.id === agronomist.id,
    ],
  ])('filters by %s', async (_field, filter, matches) => {
    const notes = (await list(filter())).json<Note[]>();
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every(matches)).toBe(true);
    const all = (await list()).json<Note[]>();
    expect(notes.map((n) => n.id)).toEqual(all.filter(matches).map((n) => n.id));
  });

  it('filters by the day of creation in the farm’s time zone, and by pairs together', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    );
    const notes = (await list(`created_at:${today},category_id:7,plot_id:${plotId}`)).json<
      Note[]
    >();
    expect(notes.map((note) => note.id)).toContain(pests.id);
    expect(notes.every((note) => note.category.id === 7 && note.plot?.id === plotId)).toBe(true);
    expect((await list('created_at:2001-01-01')).json()).toEqual([]);
  });

  it.each([
    'plot_id:1;drop table field_notes',
    'plot_id',
    'owner_id:3',
    'category_id:x',
    'created_at:2026-02-30',
    'plot_id:1,plot_id:2',
  ])('answers 400 exception.invalid_query_value for %s', async (filter) => {
    const response = await list(filter);
    expect([response.statusCode, response.json().key]).toEqual([
      400,
      'exception.invalid_query_value',
    ]);
  });

  it('a non-administrator sees the notes of their farms only', async () => {
    expect((await list(undefined, agronomist.token)).statusCode).toBe(200);
    const other = await json(agronomist.token, 'GET', `/api/farms/${otherFarmId}/fields-notes`);
    expect([other.statusCode, other.json().key]).toEqual([404, 'exception.not_found']);
    const before = await stored();
    const create = await createNote(
      agronomist.token,
      { title: 'x', category_id: '1' },
      [],
      otherFarmId,
    );
    expect(create.statusCode).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('a researcher reads notes but writes none', async () => {
    expect((await list(undefined, researcherToken)).statusCode).toBe(200);
    const create = await createNote(researcherToken, { title: 'x', category_id: '1' });
    expect(create.statusCode).toBe(403);
    const remove = await json(researcherToken, 'DELETE', `/api/fields-notes/${pests.id}`);
    expect(remove.statusCode).toBe(403);
  });
});

describe('editing a note', () => {
  it('changes its fields, adds files and removes the ones named, with their bytes', async () => {
    const created = (
      await createNote(admin.token, { title: 'Chuva', category_id: '2' }, [
        { name: 'a.png', bytes: fixture.png },
        { name: 'b.pdf', bytes: fixture.pdf },
      ])
    ).json<Note>();
    const [removedRow] = await app.db
      .select()
      .from(t.fieldNoteFiles)
      .where(eq(t.fieldNoteFiles.id, created.files[0]!.id));
    const form = multipart(
      {
        title: 'Chuva de granizo',
        description: '20 mm',
        category_id: '2',
        plot_id: String(plotId),
        remove_file_ids: String(created.files[0]!.id),
      },
      [{ name: 'c.xlsx', bytes: fixture.xlsx }],
    );
    const response = await app.app.inject({
      method: 'POST',
      url: `/api/farms/${farmId}/fields-notes/${created.id}`,
      headers: { ...bearer(agronomist.token), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const note = response.json<Note>();
    expect(note).toMatchObject({
      title: 'Chuva de granizo',
      description: '20 mm',
      plot: { id: plotId },
      created_by: { id: admin.id },
      edited_by: { id: agronomist.id, name: 'Agrônoma' },
    });
    expect(note.files.map((file) => file.name)).toEqual(['b.pdf', 'c.xlsx']);
    expect(Date.parse(note.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    expect(fs.existsSync(path.join(app.filesDir, removedRow!.storageKey))).toBe(false);
    const gone = await json(admin.token, 'GET', created.files[0]!.storage_link);
    expect(gone.statusCode).toBe(404);
  });

  it('takes JSON, and refuses a file id of another note', async () => {
    const one = (
      await createNote(admin.token, { title: 'Um', category_id: '2' }, [
        { name: 'a.png', bytes: fixture.png },
      ])
    ).json<Note>();
    const two = (await createNote(admin.token, { title: 'Dois', category_id: '2' })).json<Note>();
    const url = `/api/farms/${farmId}/fields-notes/${two.id}`;
    const refused = await json(admin.token, 'POST', url, {
      title: 'Dois',
      category_id: 2,
      remove_file_ids: [one.files[0]!.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().context.additionalInfo).toEqual([
      expect.objectContaining({ field: 'body.remove_file_ids' }),
    ]);
    const edited = await json(admin.token, 'POST', url, { title: 'Dois!', category_id: 4 });
    expect(edited.json<Note>()).toMatchObject({
      title: 'Dois!',
      category: { code: 'fertilizing' },
    });
  });

  it('answers 404 for a note of another farm of the account in the path', async () => {
    const note = (await createNote(admin.token, { title: 'Sede', category_id: '2' })).json<Note>();
    const response = await json(
      admin.token,
      'POST',
      `/api/farms/${otherFarmId}/fields-notes/${note.id}`,
      { title: 'Movida', category_id: 2 },
    );
    expect(response.statusCode).toBe(404);
  });

  it('refuses an unsupported file on an update and changes nothing', async () => {
    const note = (
      await createNote(admin.token, { title: 'Intacta', category_id: '2' }, [
        { name: 'a.png', bytes: fixture.png },
      ])
    ).json<Note>();
    const before = await stored();
    const form = multipart(
      { title: 'Mudada', category_id: '2', remove_file_ids: String(note.files[0]!.id) },
      [{ name: 'x.pdf', bytes: fixture.exe }],
    );
    const response = await app.app.inject({
      method: 'POST',
      url: `/api/farms/${farmId}/fields-notes/${note.id}`,
      headers: { ...bearer(admin.token), ...form.headers },
      payload: form.payload,
    });
    expect(response.json().key).toBe('exception.file.unsupported_type');
    expect(await stored()).toEqual(before);
    const [row] = await app.db.select().from(t.fieldNotes).where(eq(t.fieldNotes.id, note.id));
    expect(row!.title).toBe('Intacta');
  });
});

describe('deleting a note', () => {
  it('deletes the note, its file rows and the stored bytes', async () => {
    const note = (
      await createNote(admin.token, { title: 'Apagar', category_id: '8' }, [
        { name: 'a.png', bytes: fixture.png },
        { name: 'b.pdf', bytes: fixture.pdf },
      ])
    ).json<Note>();
    const keys = (
      await app.db.select().from(t.fieldNoteFiles).where(eq(t.fieldNoteFiles.noteId, note.id))
    ).map((row) => row.storageKey);
    expect(keys.every((key) => fs.existsSync(path.join(app.filesDir, key)))).toBe(true);
    const response = await json(admin.token, 'DELETE', `/api/fields-notes/${note.id}`);
    expect(response.statusCode).toBe(204);
    expect(await app.db.select().from(t.fieldNotes).where(eq(t.fieldNotes.id, note.id))).toEqual(
      [],
    );
    expect(
      await app.db.select().from(t.fieldNoteFiles).where(eq(t.fieldNoteFiles.noteId, note.id)),
    ).toEqual([]);
    expect(keys.some((key) => fs.existsSync(path.join(app.filesDir, key)))).toBe(false);
    expect((await json(admin.token, 'DELETE', `/api/fields-notes/${note.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('another account', () => {
  let note: Note;
  beforeAll(async () => {
    note = (
      await createNote(admin.token, { title: 'Segredo', category_id: '1' }, [
        { name: 'a.png', bytes: fixture.png },
      ])
    ).json<Note>();
  });

  it('reaches none of the account’s notes or files, and changes nothing', async () => {
    const before = await stored();
    const calls = [
      json(stranger.token, 'GET', `/api/farms/${farmId}/fields-notes`),
      json(stranger.token, 'POST', `/api/farms/${farmId}/fields-notes`, {
        title: 'x',
        category_id: 1,
      }),
      json(stranger.token, 'POST', `/api/farms/${farmId}/fields-notes/${note.id}`, {
        title: 'x',
        category_id: 1,
      }),
      // Its own farm in the path does not open another account's note.
      json(stranger.token, 'POST', `/api/farms/${stranger.farmId}/fields-notes/${note.id}`, {
        title: 'x',
        category_id: 1,
      }),
      json(stranger.token, 'DELETE', `/api/fields-notes/${note.id}`),
      json(stranger.token, 'GET', note.files[0]!.storage_link),
    ];
    for (const response of await Promise.all(calls))
      expect([response.statusCode, response.json().key]).toEqual([404, 'exception.not_found']);
    expect(await stored()).toEqual(before);
    expect(
      (await json(stranger.token, 'GET', `/api/farms/${stranger.farmId}/fields-notes`)).json(),
    ).toEqual([]);
  });

  it('a member not assigned to the note’s farm gets 404 for its file', async () => {
    const retiro = (
      await createNote(
        admin.token,
        { title: 'Retiro', category_id: '1' },
        [{ name: 'a.png', bytes: fixture.png }],
        otherFarmId,
      )
    ).json<Note>();
    const response = await json(agronomist.token, 'GET', retiro.files[0]!.storage_link);
    expect(response.statusCode).toBe(404);
    expect(
      (await json(agronomist.token, 'DELETE', `/api/fields-notes/${retiro.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('note categories', () => {
  it('lists the spec’s eight categories', async () => {
    const response = await json(admin.token, 'GET', '/api/notes-categories');
    expect(response.json<{ code: string }[]>().map((category) => category.code)).toEqual([
      'buy_and_sell',
      'climate',
      'diseases',
      'fertilizing',
      'machines',
      'nematodes',
      'pests',
      'others',
    ]);
  });
});
