import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_KEYS, type Farm, type Member } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import { farm } from '../../test/farm-fixtures';
import { type PathAnswers, byPath, jsonResponse, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  ALL_PERMISSIONS,
  apiError,
  member,
  screenWidth,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../../test/session-fixtures';

const refusal = (status: number, key: string) =>
  jsonResponse({ code: status, key, context: { message: 'refused' } }, status);

const SELF = member({
  id: 1,
  name: 'Ana Souza',
  email: 'ana@fazenda.test',
  profile: { id: 2, uid: 'CONTA', message_key: 'profile.conta' },
  job_title_id: 1,
});
const BRUNO = member();
const PESQUISA = { id: 15, uid: 'PESQUISA', message_key: 'profile.pesquisa' };
const SANTA_HELENA = farm({ id: 7, nome: 'Fazenda Santa Helena' });
const TRES_IRMAOS = farm({
  id: 8,
  nome: 'Fazenda Três Irmãos',
  estado: { id: 11, nome: 'Mato Grosso' },
  municipio: { id: 5107925, nome: 'Sorriso' },
});
const BOA_ESPERANCA = farm({
  id: 9,
  nome: 'Sítio Boa Esperança',
  enabled: false,
  municipio: { id: 4113700, nome: 'Londrina' },
});
const FARMS = [SANTA_HELENA, TRES_IRMAOS, BOA_ESPERANCA];

const CARLA = member({
  id: 3,
  name: 'Carla Mendes',
  email: 'carla@fazenda.test',
  active: false,
  profile: { id: 4, uid: 'ASSISTENTE_TECNICO', message_key: 'profile.assistente_tecnico' },
});

function serveUsers(
  members: Member[],
  extra: PathAnswers = {},
  permissions = ALL_PERMISSIONS,
  maxUsers = 5,
  farms: Farm[] = [],
) {
  signIn();
  return serve(
    ...sessionHandlers(
      { user: sessionUser({ account: { max_users: maxUsers } }), permissions, farms },
      ...byPath({ '/api/users': () => jsonResponse(members), ...extra }),
    ),
  );
}

describe('users page', () => {
  const missingKeys = trackMissingKeys();

  it.each(['pt', 'en', 'es'] as const)(
    'lists the users with profile, job title and activity, and the count of active users in %s',
    async (language) => {
      serveUsers([SELF, { ...BRUNO, farm_ids: [7, 9] }, CARLA], {}, ALL_PERMISSIONS, 5, FARMS);
      await changeLanguage(language);
      const { container } = renderArea('/users');
      await screen.findByTestId('member-3');
      // Each user's farms: every farm for an administrator, else the farms assigned.
      const farmsOf = (id: number) =>
        within(screen.getByTestId(`member-${id}`)).getByTestId('member-farms').textContent;
      expect(farmsOf(1)).toBe(i18n.t('farms.all_short', { ns: 'users' }));
      await waitFor(() =>
        expect(farmsOf(2)).toBe(
          `Fazenda Santa Helena, ${i18n.t('farms.disabled_named', { ns: 'users', name: 'Sítio Boa Esperança' })}`,
        ),
      );
      expect(farmsOf(3)).toBe(i18n.t('farms.none', { ns: 'users' }));
      expect(screen.getByTestId('users-count').textContent).toBe(
        i18n.t('count', { ns: 'users', active: 2, max: 5 }),
      );
      const carla = screen.getByTestId('member-3');
      expect(carla.textContent).toContain(
        i18n.t('profile.assistente_tecnico', { ns: 'reference' }),
      );
      expect(
        within(screen.getByTestId('member-1')).getByText(
          i18n.t('job_title.farm_administrator', { ns: 'reference' }),
        ),
      ).toBeTruthy();
      expect((within(carla).getByRole('switch') as HTMLInputElement).checked).toBe(false);
      // One cannot deactivate or delete oneself.
      const self = screen.getByTestId('member-1');
      expect((within(self).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
      expect(within(self).queryByRole('button', { name: /Delete|Excluir|Eliminar/ })).toBeNull();
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );

  it('refuses activating beyond the limit with exceeded_limit translated with max_users', async () => {
    const toggle = vi.fn(async (request: Request) => {
      expect(await request.json()).toEqual({ active: true });
      return refusal(400, ERROR_KEYS.usersExceededLimit);
    });
    serveUsers([SELF, BRUNO, CARLA], { '/api/users/3/active': toggle }, ALL_PERMISSIONS, 2);
    await changeLanguage('pt');
    renderArea('/users');
    const carla = await screen.findByTestId('member-3');
    expect(screen.getByTestId('users-limit-reached').textContent).toContain('2');
    fireEvent.click(within(carla).getByRole('switch'));
    expect(
      await screen.findByText('Limite de usuários da conta atingido (2 usuários ativos).'),
    ).toBeTruthy();
    expect(toggle).toHaveBeenCalledTimes(1);
    expect((within(carla).getByRole('switch') as HTMLInputElement).checked).toBe(false);
  });

  it('deactivates a user (always allowed)', async () => {
    const toggle = vi.fn(async (request: Request) => {
      expect(await request.json()).toEqual({ active: false });
      return jsonResponse({ ...BRUNO, active: false });
    });
    serveUsers([SELF, BRUNO], { '/api/users/2/active': toggle });
    await changeLanguage('en');
    renderArea('/users');
    const bruno = await screen.findByTestId('member-2');
    fireEvent.click(within(bruno).getByRole('switch', { name: 'Deactivate Bruno Lima' }));
    expect(await screen.findByText('Bruno Lima was deactivated.')).toBeTruthy();
    await waitFor(() =>
      expect((within(bruno).getByRole('switch') as HTMLInputElement).checked).toBe(false),
    );
  });

  it('creates a user with a customer profile, E.164 phone and the farms picked', async () => {
    const created = member({
      id: 9,
      name: 'Diego Ferreira',
      email: 'diego@fazenda.test',
      profile: { id: 14, uid: 'CON_REV', message_key: 'profile.con_rev' },
      farm_ids: [8, 9],
    });
    let members = [SELF];
    const users = vi.fn(async (request: Request) => {
      if (request.method === 'POST') {
        expect(await request.json()).toEqual({
          name: 'Diego Ferreira',
          email: 'diego@fazenda.test',
          profile_id: 14,
          language: 'pt',
          phone: '+5511987654321',
          farm_ids: [8, 9],
        });
        members = [SELF, created];
        return jsonResponse(created, 201);
      }
      return jsonResponse(members);
    });
    serveUsers([SELF], { '/api/users': users }, ALL_PERMISSIONS, 5, FARMS);
    await changeLanguage('pt');
    renderArea('/users');
    await screen.findByTestId('member-1');
    fireEvent.click(screen.getByRole('button', { name: 'Novo usuário' }));
    const dialog = await screen.findByTestId('member-dialog');

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Perfil/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    // Customer profiles only: no platform administrator, no company staff.
    expect(options).toEqual([
      'Administrador da conta',
      'Engenheiro agrônomo',
      'Observador',
      'Consultor de revenda',
      'Pesquisa',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Consultor de revenda' }));
    fireEvent.change(within(dialog).getByLabelText(/^Nome/), {
      target: { value: 'Diego Ferreira' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^E-mail/), {
      target: { value: 'diego@fazenda.test' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Telefone/), {
      target: { value: '123' },
    });

    // The account's farms, with their place; the disabled one is marked.
    const picker = within(dialog).getByRole('combobox', { name: 'Fazendas' });
    expect(within(dialog).getByText(i18n.t('farms.help_none', { ns: 'users' }))).toBeTruthy();
    fireEvent.mouseDown(picker);
    const farmList = await screen.findByRole('listbox', { name: 'Fazendas' });
    const farms = within(farmList).getAllByRole('option');
    expect(farms.map((option) => option.textContent)).toEqual([
      'Fazenda Santa HelenaCascavel, Paraná',
      'Fazenda Três IrmãosSorriso, Mato Grosso',
      'Sítio Boa EsperançaLondrina, ParanáDesativada',
    ]);
    fireEvent.click(screen.getByRole('option', { name: /Três Irmãos/ }));
    fireEvent.click(screen.getByRole('option', { name: /Boa Esperança/ }));
    fireEvent.keyDown(picker, { key: 'Escape' });
    expect(within(dialog).getByText('Fazenda Três Irmãos')).toBeTruthy();
    expect(within(dialog).getByText('Sítio Boa Esperança (desativada)')).toBeTruthy();
    expect(within(dialog).getByText(i18n.t('farms.help_some', { ns: 'users' }))).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Convidar' }));
    expect(await within(dialog).findByText(i18n.t('field.phone', { ns: 'errors' }))).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Telefone/), {
      target: { value: '(11) 98765-4321' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convidar' }));
    await waitFor(() => expect(screen.queryByTestId('member-dialog')).toBeNull());
    expect(users).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST' }));
    const diego = await screen.findByTestId('member-9');
    expect(within(diego).getByTestId('member-farms').textContent).toBe(
      'Fazenda Três Irmãos, Sítio Boa Esperança (desativada)',
    );
  });

  it('hides the farm picker for an administrator profile, who sees every farm, and sends no farms', async () => {
    const created = member({ id: 9, name: 'Diego Ferreira', profile: SELF.profile });
    const bodies: unknown[] = [];
    serveUsers(
      [SELF],
      {
        '/api/users': async (request) => {
          if (request.method !== 'POST') return jsonResponse([SELF]);
          bodies.push(await request.json());
          return jsonResponse(created, 201);
        },
      },
      ALL_PERMISSIONS,
      5,
      FARMS,
    );
    await changeLanguage('en');
    renderArea('/users');
    await screen.findByTestId('member-1');
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByTestId('member-dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), {
      target: { value: 'Diego Ferreira' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), {
      target: { value: 'diego@fazenda.test' },
    });
    // Farms picked for an agronomist…
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Profile/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Agronomist engineer' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Farms' }));
    fireEvent.click(await screen.findByRole('option', { name: /Santa Helena/ }));
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Farms' }), { key: 'Escape' });
    // …then the account administrator profile: no picker, a line saying they see every farm.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Profile/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Account administrator' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Farms' })).toBeNull();
    expect(within(dialog).getByTestId('farm-picker-all').textContent).toBe(
      'Administrator profiles see every farm of the account.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(screen.queryByTestId('member-dialog')).toBeNull());
    expect(bodies).toEqual([expect.objectContaining({ profile_id: 2, farm_ids: [] })]);
  });

  it("shows the server's farm_not_found on the farm field and reloads the farms", async () => {
    let farmLoads = 0;
    serveUsers(
      [SELF],
      {
        '/api/users': (request) =>
          request.method === 'POST'
            ? apiError(400, ERROR_KEYS.farmNotFound, { farm_ids: [8] })
            : jsonResponse([SELF]),
        '/api/farms': () => {
          farmLoads += 1;
          return jsonResponse(FARMS);
        },
      },
      ALL_PERMISSIONS,
      5,
    );
    await changeLanguage('es');
    renderArea('/users');
    await screen.findByTestId('member-1');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    const dialog = await screen.findByTestId('member-dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Nombre/), { target: { value: 'Eva Lima' } });
    fireEvent.change(within(dialog).getByLabelText(/^Correo/), {
      target: { value: 'eva@farm.test' },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Perfil/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Observador' }));
    const picker = within(dialog).getByRole('combobox', { name: 'Fincas' });
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: /Três Irmãos/ }));
    fireEvent.keyDown(picker, { key: 'Escape' });
    const loadsBefore = farmLoads;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invitar' }));

    const message = `${i18n.t(ERROR_KEYS.farmNotFound, { ns: 'errors' })} ${i18n.t('farms.not_found_hint', { ns: 'users' })}`;
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    // On the field, not as the dialog's alert.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(farmLoads).toBeGreaterThan(loadsBefore));
  });

  it('tells when the account has no farms yet, linking to Farms, and when they cannot be loaded', async () => {
    let failing = true;
    serveUsers([SELF, BRUNO], {
      '/api/farms': () =>
        failing ? apiError(500, ERROR_KEYS.unexpected) : jsonResponse([] as Farm[]),
    });
    await changeLanguage('en');
    renderArea('/users');
    const bruno = await screen.findByTestId('member-2');
    fireEvent.click(within(bruno).getByRole('button', { name: 'Edit Bruno Lima' }));
    const dialog = await screen.findByTestId('member-dialog');
    const failed = await within(dialog).findByTestId('farm-picker-error', {}, { timeout: 5000 });
    expect(failed.textContent).toContain('The farms could not be loaded.');
    failing = false;
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    const empty = await within(dialog).findByTestId('farm-picker-empty');
    expect(empty.textContent).toBe('No farms yet — create one in Farms.');
    expect(
      within(empty).getByRole('link', { name: 'create one in Farms' }).getAttribute('href'),
    ).toBe('/farms');
  });

  it("locks one's own profile in the edit dialog, saying why, and leaves another member's open", async () => {
    serveUsers([SELF, BRUNO]);
    await changeLanguage('es');
    renderArea('/users');
    const self = await screen.findByTestId('member-1');
    fireEvent.click(within(self).getByRole('button', { name: 'Editar a Ana Souza' }));
    let dialog = await screen.findByTestId('member-dialog');
    const own = within(dialog).getByRole('combobox', { name: /Perfil/ });
    expect(own.getAttribute('aria-disabled')).toBe('true');
    expect(dialog.textContent).toContain('No puede cambiar su propio perfil.');
    fireEvent.click(within(dialog).getByRole('button', { name: /Cancelar/ }));
    await waitFor(() => expect(screen.queryByTestId('member-dialog')).toBeNull());
    fireEvent.click(
      within(screen.getByTestId('member-2')).getByRole('button', { name: 'Editar a Bruno Lima' }),
    );
    dialog = await screen.findByTestId('member-dialog');
    expect(
      within(dialog)
        .getByRole('combobox', { name: /Perfil/ })
        .getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('shows exceeded_limit in the dialog when creating beyond max_users', async () => {
    serveUsers(
      [SELF, BRUNO],
      {
        '/api/users': (request) =>
          request.method === 'POST'
            ? refusal(400, ERROR_KEYS.usersExceededLimit)
            : jsonResponse([SELF, BRUNO]),
      },
      ALL_PERMISSIONS,
      2,
    );
    await changeLanguage('en');
    renderArea('/users');
    await screen.findByTestId('member-2');
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByTestId('member-dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Profile/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Agronomist engineer' }));
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Eva Lima' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), {
      target: { value: 'eva@farm.test' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    const limit = await within(dialog).findByTestId('member-limit');
    expect(limit.textContent).toBe(
      i18n.t(ERROR_KEYS.usersExceededLimit, { ns: 'errors', max_users: 2 }),
    );
    expect(limit.textContent).toContain('2');
  });

  it("edits the membership only: the person's own fields are read-only and not sent", async () => {
    const withPhone = member({
      ...BRUNO,
      language: 'es',
      phones: ['+5511987654321'],
      farm_ids: [7, 8],
    });
    const update = vi.fn(async (request: Request) => {
      expect(request.method).toBe('PUT');
      return jsonResponse({ ...withPhone, profile: PESQUISA });
    });
    const bodies: unknown[] = [];
    serveUsers(
      [SELF, withPhone],
      {
        '/api/users/2': async (request) => {
          bodies.push(await request.clone().json());
          return update(request);
        },
      },
      ALL_PERMISSIONS,
      5,
      FARMS,
    );
    await changeLanguage('en');
    renderArea('/users');
    const bruno = await screen.findByTestId('member-2');
    fireEvent.click(within(bruno).getByRole('button', { name: 'Edit Bruno Lima' }));
    const dialog = await screen.findByTestId('member-dialog');
    const field = (label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
    expect(field(/^Name/).value).toBe('Bruno Lima');
    expect(field(/^Email/).value).toBe('bruno@fazenda.test');
    expect(field(/^Language/).value).toBe('Español');
    expect(field(/^Phone/).value).toBe('+5511987654321');
    for (const label of [/^Name/, /^Email/, /^Language/, /^Phone/]) {
      expect(field(label).disabled).toBe(true);
    }
    expect(within(dialog).getByTestId('member-own-fields').textContent).toBe(
      i18n.t('dialog.own_fields_note', { ns: 'users' }),
    );

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Profile/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Research' }));
    // The member's farms are shown picked; one is removed.
    const santaHelena = within(dialog).getByRole('button', { name: 'Fazenda Santa Helena' });
    expect(within(dialog).getByRole('button', { name: 'Fazenda Três Irmãos' })).toBeTruthy();
    fireEvent.click(within(santaHelena).getByTestId('CancelIcon'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes to Bruno Lima were saved.')).toBeTruthy();
    expect(update).toHaveBeenCalledTimes(1);
    // The membership only: the person's name, language and phone stay theirs.
    expect(bodies).toEqual([{ profile_id: 15, farm_ids: [8] }]);
  });

  it.each([
    ['a wide screen', 1366],
    ['a phone', 390],
  ])('marks a pending invitation in the list on %s', async (_layout, width) => {
    screenWidth(width);
    const invited = member({ id: 4, name: 'Dora Alves', email: 'dora@outra.test', invited: true });
    serveUsers([SELF, { ...BRUNO, farm_ids: [8] }, invited], {}, ALL_PERMISSIONS, 5, FARMS);
    await changeLanguage('pt');
    renderArea('/users');
    const dora = await screen.findByTestId('member-4');
    expect(within(dora).getByTestId('invitation-pending').textContent).toBe('Convite pendente');
    expect(within(dora).queryByText('Aguardando ativação')).toBeNull();
    expect(within(screen.getByTestId('member-2')).queryByTestId('invitation-pending')).toBeNull();
    // The table on a wide screen, cards on a phone; both with each user's farms.
    expect(screen.queryByRole('table') !== null).toBe(width > 900);
    const farms = within(screen.getByTestId('member-2')).getByTestId('member-farms');
    await waitFor(() =>
      expect(farms.textContent).toBe(
        width > 900 ? 'Fazenda Três Irmãos' : 'Fazendas: Fazenda Três Irmãos',
      ),
    );
  });

  it('tells the administrator that a person who already uses Lavoura was invited', async () => {
    const invited = member({
      id: 9,
      name: 'Dora Alves',
      email: 'dora@outra.test',
      invited: true,
      profile: { id: 3, uid: 'FARM', message_key: 'profile.farm' },
    });
    let members = [SELF];
    serveUsers([SELF], {
      '/api/users': (request) => {
        if (request.method !== 'POST') return jsonResponse(members);
        members = [SELF, invited];
        return jsonResponse(invited, 201);
      },
    });
    await changeLanguage('es');
    renderArea('/users');
    await screen.findByTestId('member-1');
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    const dialog = await screen.findByTestId('member-dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Perfil/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ingeniero agrónomo' }));
    fireEvent.change(within(dialog).getByLabelText(/^Nombre/), { target: { value: 'Dora Alves' } });
    fireEvent.change(within(dialog).getByLabelText(/^Correo/), {
      target: { value: 'dora@outra.test' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invitar' }));
    expect(
      await screen.findByText(
        'dora@outra.test ya usa Lavoura: invitamos a esta persona a unirse a esta cuenta. Verá la invitación en su próximo ingreso.',
      ),
    ).toBeTruthy();
    const dora = await screen.findByTestId('member-9');
    expect(within(dora).getByTestId('invitation-pending').textContent).toBe('Invitación pendiente');
  });

  it('deletes a user after confirmation', async () => {
    const remove = vi.fn(() => new Response(null, { status: 204 }));
    serveUsers([SELF, BRUNO], { '/api/users/2': remove });
    await changeLanguage('es');
    renderArea('/users');
    const bruno = await screen.findByTestId('member-2');
    fireEvent.click(within(bruno).getByRole('button', { name: 'Eliminar a Bruno Lima' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar a Bruno Lima?' });
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Bruno Lima fue eliminado de la cuenta.')).toBeTruthy();
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('shows only the actions the permission codes allow', async () => {
    serveUsers([SELF, BRUNO], {}, ['user.list', 'USER_LISTAR', 'menu.panel']);
    await changeLanguage('en');
    renderArea('/users');
    const bruno = await screen.findByTestId('member-2');
    expect(screen.queryByRole('button', { name: 'New user' })).toBeNull();
    expect(within(bruno).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(bruno).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect((within(bruno).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
  });
});
