import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { changeLanguage, i18n } from '../lib/i18n';
import { startSession } from '../app/session/session-store';
import { readCookie, writeFirstLoginFullPlan } from '../app/session/cookies';
import { byPath, jsonResponse, serve } from '../test/msw-server';
import { expectNoRawKeys, renderApp, trackMissingKeys } from '../test/render-app';
import {
  ALL_PERMISSIONS,
  JOB_TITLES,
  screenWidth,
  sessionAnswer,
  sessionHandlers,
  sessionStarted,
  sessionUser,
  signIn,
} from '../test/session-fixtures';
import { DRAWER_CLOSE_DELAY_MS, useDrawerState } from './use-drawer-state';

const FREEMIUM_PERMISSIONS = ['farm.list', 'plot.view', 'note.list', 'catalog.list'];

async function openAccountMenu() {
  fireEvent.click(await screen.findByTestId('account-menu-button'));
  return screen.findByRole('menu');
}

describe('the shell', () => {
  const missingKeys = trackMissingKeys();

  describe('modals of the first login', () => {
    it('forces a password change at first login that cannot be dismissed, asking the temporary password after a reload, then welcomes to the Full plan', async () => {
      signIn();
      writeFirstLoginFullPlan(true);
      let user = sessionUser({ first_login: 'Y' });
      const change = vi.fn(() => {
        user = sessionUser({ first_login: 'N' });
        return new Response(null, { status: 204 });
      });
      serve(
        ...sessionHandlers(
          {},
          ...byPath({
            '/api/menu/dados-usuario': () => jsonResponse(user),
            '/admin-api/change-password': change,
          }),
        ),
      );
      await changeLanguage('pt');
      const { container } = renderApp('/my_farm');
      const dialog = await screen.findByTestId('forced-password-dialog');
      expect(within(dialog).getByText(/primeiro acesso/)).toBeTruthy();
      // No way around it: Escape and the backdrop do nothing.
      fireEvent.keyDown(dialog, { key: 'Escape' });
      expect(screen.getByTestId('forced-password-dialog')).toBeTruthy();
      // The welcome waits for the password.
      expect(screen.queryByRole('heading', { name: /Boas-vindas/ })).toBeNull();

      fireEvent.change(within(dialog).getByLabelText(/Senha atual/), {
        target: { value: 'Temp1234' },
      });
      fireEvent.change(within(dialog).getByLabelText(/^Nova senha/), {
        target: { value: 'Minha2026' },
      });
      fireEvent.change(within(dialog).getByLabelText(/Confirme a nova senha/), {
        target: { value: 'Minha2026' },
      });
      // A password change asks for no terms of use.
      expect(within(dialog).queryByRole('checkbox')).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar nova senha' }));

      await waitFor(() => expect(screen.queryByTestId('forced-password-dialog')).toBeNull());
      expect(change).toHaveBeenCalledTimes(1);
      const welcome = await screen.findByRole('heading', { name: 'Boas-vindas, Ana!' });
      expectNoRawKeys(container);
      fireEvent.click(screen.getByRole('button', { name: 'Começar' }));
      await waitFor(() => expect(welcome.isConnected).toBe(false));
      expect(readCookie('first_login_full_plan')).toBeNull();
      expect(missingKeys).toEqual([]);
    });

    it('forces the change after signing in with a recovery password, asking only the new one', async () => {
      let user = sessionUser({ password_type: 'recovery_temp_password' });
      const answer = sessionAnswer({ recovery_password: true, user });
      const change = vi.fn(async (request: Request) => {
        expect(await request.json()).toEqual({
          old_password: 'Tmp-Pass1',
          new_password: 'Minha2026',
          password_confirmation: 'Minha2026',
          email: 'ana@fazenda.test',
        });
        user = sessionUser();
        return new Response(null, { status: 204 });
      });
      serve(
        ...sessionHandlers(
          {},
          http.get('/api/menu/dados-usuario', () => HttpResponse.json(user)),
          http.post('/admin-api/login', () => sessionStarted(answer)),
          http.post('/admin-api/change-password', ({ request }) => change(request)),
        ),
      );
      await changeLanguage('en');
      renderApp('/login');
      await screen.findByTestId('login-page');
      fireEvent.change(screen.getByRole('textbox', { name: /email/i }), {
        target: { value: 'ana@fazenda.test' },
      });
      fireEvent.change(document.querySelector('input[name=password]')!, {
        target: { value: 'Tmp-Pass1' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      const dialog = await screen.findByTestId('forced-password-dialog');
      expect(dialog.textContent).toContain('You signed in with a temporary password.');
      // The temporary password was just typed: only the new one is asked, twice, no terms.
      expect(within(dialog).queryByLabelText(/Current password/)).toBeNull();
      expect(within(dialog).queryByRole('checkbox')).toBeNull();
      fireEvent.change(within(dialog).getByLabelText(/^New password/), {
        target: { value: 'Minha2026' },
      });
      fireEvent.change(within(dialog).getByLabelText(/Confirm the new password/), {
        target: { value: 'Minha2026' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save new password' }));
      await waitFor(() => expect(screen.queryByTestId('forced-password-dialog')).toBeNull());
      expect(change).toHaveBeenCalledTimes(1);
    });

    it('warns while a temporary recovery password is in use, with the change action', async () => {
      signIn();
      serve(...sessionHandlers({ user: sessionUser({ password_type: 'recovery_temp_password' }) }));
      await changeLanguage('es');
      renderApp('/my_farm');
      const banner = await screen.findByTestId('temporary-password-banner');
      fireEvent.click(within(banner).getByRole('button', { name: 'Crear nueva contraseña' }));
      expect(await screen.findByRole('dialog', { name: 'Cambiar contraseña' })).toBeTruthy();
    });

    it('asks for the job title while the user has none, offering customer titles only', async () => {
      signIn();
      let user = sessionUser({ job_title: null });
      const save = vi.fn(async (request: Request) => {
        expect(await request.json()).toEqual({ user_id: 1, job_title_id: 2 });
        user = sessionUser();
        return new Response(null, { status: 204 });
      });
      serve(
        ...sessionHandlers(
          {},
          ...byPath({
            '/api/menu/dados-usuario': () => jsonResponse(user),
            '/api/job-titles': (request) =>
              request.method === 'POST' ? save(request) : jsonResponse(JOB_TITLES),
          }),
        ),
      );
      await changeLanguage('en');
      renderApp('/my_farm');
      const dialog = await screen.findByTestId('job-title-dialog');
      const select = within(dialog).getByRole('combobox', { name: 'Role' });
      await waitFor(() => expect(select.getAttribute('aria-disabled')).toBeNull());
      fireEvent.mouseDown(select);
      const options = await screen.findAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual([
        'Farm administrator',
        'Researcher',
      ]);
      fireEvent.click(screen.getByRole('option', { name: 'Researcher' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByTestId('job-title-dialog')).toBeNull());
      expect(save).toHaveBeenCalledTimes(1);
    });
  });

  describe('job title question', () => {
    it('closes with Escape and is asked again at the next sign-in, not before', async () => {
      signIn();
      serve(...sessionHandlers({ user: sessionUser({ job_title: null }) }));
      await changeLanguage('es');
      const { unmount } = renderApp('/my_farm');
      const dialog = await screen.findByTestId('job-title-dialog');
      fireEvent.keyDown(dialog, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByTestId('job-title-dialog')).toBeNull());

      // A reload is the same session: still not asked.
      unmount();
      renderApp('/my_farm');
      await screen.findByTestId('my-farm');
      expect(screen.queryByTestId('job-title-dialog')).toBeNull();

      // A later sign-in asks again.
      act(() => startSession({ password: 'Secret123' }));
      expect(await screen.findByTestId('job-title-dialog')).toBeTruthy();
    });
  });

  describe('account menu', () => {
    it('switches account: PUT alterar-conta (the server sets the new session cookie), goes to my farm and reloads the session', async () => {
      signIn();
      const accounts = [
        { id: 10, name: 'Fazenda Boa Vista', current: true },
        { id: 20, name: 'Grupo Três Rios', current: false },
      ];
      const otherUser = sessionUser({ account: { id: 20, name: 'Grupo Três Rios' } });
      let current = sessionUser();
      let userLoads = 0;
      const switchAccount = vi.fn(async (request: Request) => {
        expect(request.method).toBe('PUT');
        expect(await request.json()).toEqual({ id: 20 });
        current = otherUser;
        return sessionStarted(
          sessionAnswer({
            token: 'token-of-20',
            user: otherUser,
            accounts: accounts.map((account) => ({ ...account, current: account.id === 20 })),
          }),
        );
      });
      serve(
        ...sessionHandlers(
          { accounts },
          ...byPath({
            '/api/menu/dados-usuario': () => {
              userLoads += 1;
              return jsonResponse(current);
            },
            '/api/menu/alterar-conta': switchAccount,
            '/api/users': () => jsonResponse([]),
          }),
        ),
      );
      await changeLanguage('en');
      const { router } = renderApp('/users');
      await screen.findByTestId('users-page');

      const menu = await openAccountMenu();
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Switch account' }));
      const loadsBefore = userLoads;
      fireEvent.click(await within(menu).findByTestId('account-20'));

      await waitFor(() => expect(switchAccount).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(router.state.location.pathname).toBe('/my_farm'));
      // The user is loaded again, now with the new account's cookie (the server's business).
      await waitFor(() => expect(userLoads).toBeGreaterThan(loadsBefore));
      expect(await screen.findByText('Grupo Três Rios')).toBeTruthy();
    });

    it('ignores a choice of the current account', async () => {
      signIn();
      const switchAccount = vi.fn();
      serve(
        ...sessionHandlers(
          {
            accounts: [
              { id: 10, name: 'Fazenda Boa Vista', current: true },
              { id: 20, name: 'Grupo Três Rios', current: false },
            ],
          },
          ...byPath({ '/api/menu/alterar-conta': switchAccount }),
        ),
      );
      await changeLanguage('en');
      renderApp('/my_farm');
      const menu = await openAccountMenu();
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Switch account' }));
      fireEvent.click(await within(menu).findByTestId('account-10'));
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      expect(switchAccount).not.toHaveBeenCalled();
    });

    it('offers account switching only with several accounts, and users management only with user.list', async () => {
      signIn();
      serve(
        ...sessionHandlers({ permissions: ALL_PERMISSIONS.filter((key) => key !== 'user.list') }),
      );
      await changeLanguage('en');
      renderApp('/my_farm');
      const menu = await openAccountMenu();
      expect(within(menu).queryByRole('menuitem', { name: 'Switch account' })).toBeNull();
      const users = within(menu).getByRole('menuitem', { name: 'Manage users' });
      expect(users.getAttribute('aria-disabled')).toBe('true');
      expect(within(menu).getByRole('menuitem', { name: 'Edit profile' })).toBeTruthy();
      expect(within(menu).getByRole('menuitem', { name: 'Change password' })).toBeTruthy();
      expect(within(menu).getByRole('menuitem', { name: 'Español' })).toBeTruthy();
    });
  });

  describe('top bar', () => {
    it('shows the upgrade button only once permissions are loaded and without menu.panel', async () => {
      signIn();
      let release: (response: Response) => void = () => {};
      serve(
        ...sessionHandlers(
          { user: sessionUser({ level: 0 }) },
          ...byPath({
            '/api/permissions': () =>
              new Promise<Response>((resolve) => {
                release = resolve;
              }),
          }),
        ),
      );
      await changeLanguage('en');
      renderApp('/my_farm');
      await screen.findByTestId('my-farm');
      expect(screen.queryByTestId('upgrade-button')).toBeNull();
      await act(async () => release(jsonResponse(FREEMIUM_PERMISSIONS)));
      const upgrade = await screen.findByTestId('upgrade-button');
      fireEvent.click(upgrade);
      const dialog = await screen.findByRole('dialog', { name: 'Lavoura plans' });
      // GET /api/plans, in level order, the user's own marked.
      await within(dialog).findByTestId('plan-4');
      expect(within(dialog).getByTestId('plan-0').textContent).toContain('Your plan');
      expect(within(dialog).getByTestId('plan-2').textContent).toContain('Program comparison');
    });

    it('hides the upgrade button for a user with menu.panel', async () => {
      signIn();
      const permissions = vi.fn(() => jsonResponse(ALL_PERMISSIONS));
      serve(...sessionHandlers({}, ...byPath({ '/api/permissions': permissions })));
      renderApp('/my_farm');
      await screen.findByTestId('my-farm');
      await waitFor(() => expect(permissions).toHaveBeenCalled());
      await act(async () => {});
      expect(screen.queryByTestId('upgrade-button')).toBeNull();
    });

    it.each([
      ['en', true],
      ['pt', true],
      ['es', true],
    ] as const)(
      'help menu in %s: the tour is coming shortly, and the contact is there',
      async (language, contact) => {
        signIn();
        serve(...sessionHandlers());
        await changeLanguage(language);
        renderApp('/my_farm');
        await screen.findByTestId('my-farm');
        fireEvent.click(
          screen.getByRole('button', { name: i18n.t('help.label', { ns: 'shell' }) }),
        );
        const menu = await screen.findByRole('menu');
        const tour = within(menu).getByRole('menuitem', {
          name: new RegExp(i18n.t('help.tour', { ns: 'shell' })),
        });
        expect(tour.getAttribute('aria-disabled')).toBe('true');
        expect(tour.textContent).toContain(i18n.t('help.tour_soon', { ns: 'shell' }));
        const contactLink = within(menu).queryByRole('menuitem', {
          name: i18n.t('help.contact', { ns: 'shell' }),
        });
        expect(contactLink !== null).toBe(contact);
        if (contactLink) expect(contactLink.getAttribute('href')).toMatch(/^mailto:/);
      },
    );

    it.each([
      [1, false],
      [2, false],
      [3, true],
    ])('account in country %i: feedback button shown: %s', async (country, shown) => {
      signIn();
      serve(...sessionHandlers({ user: sessionUser({ account: { country_id: country } }) }));
      renderApp('/my_farm');
      await screen.findByTestId('my-farm');
      expect(screen.queryByTestId('feedback-button') !== null).toBe(shown);
    });

    it('shows the breadcrumbs on a wide screen', async () => {
      screenWidth(1280);
      signIn();
      serve(...sessionHandlers());
      await changeLanguage('en');
      renderApp('/cultivares');
      const crumbs = await screen.findByTestId('breadcrumbs');
      expect(crumbs.textContent).toBe('Planning/Varieties');
    });
  });

  describe('menu', () => {
    it('shows entries the plan withholds padlocked, with the upgrade hint', async () => {
      screenWidth(1280);
      signIn();
      serve(
        ...sessionHandlers({ user: sessionUser({ level: 0 }), permissions: FREEMIUM_PERMISSIONS }),
      );
      await changeLanguage('en');
      const { container } = renderApp('/my_farm');
      const nav = await screen.findByRole('navigation', { name: 'Main menu' });
      await waitFor(() =>
        expect(within(nav).getByRole('link', { name: 'Notes' }).dataset.access).toBe('open'),
      );
      const sowings = within(nav).getByRole('link', { name: /Sowings/ });
      expect(sowings.dataset.access).toBe('upsell');
      expect(within(sowings).getByTestId('upsell-hint')).toBeTruthy();
      expect(within(nav).getByRole('button', { name: /Planning/ }).dataset.access).toBe('upsell');
      // The linkage dashboard: the permission is the plan's to give, so it shows padlocked.
      expect(within(nav).getByRole('link', { name: /Linkage dashboard/ }).dataset.access).toBe(
        'upsell',
      );
      expect(screen.queryByRole('link', { name: 'Admin panel' })).toBeNull();
      expectNoRawKeys(container);
    });

    it('opens a group in a sub-drawer with its pages, and the field group says there are no plots', async () => {
      screenWidth(1280);
      signIn();
      serve(...sessionHandlers());
      await changeLanguage('pt');
      const { router } = renderApp('/my_farm');
      const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
      fireEvent.click(await within(nav).findByRole('button', { name: /Catálogo/ }));
      const sub = await screen.findByTestId('sub-drawer');
      const links = within(sub).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual([
        'Fungicidas',
        'Herbicidas',
        'Nematicidas',
        'Cultivares',
      ]);
      fireEvent.click(within(sub).getByRole('link', { name: 'Herbicidas' }));
      await waitFor(() => expect(router.state.location.search).toBe('?category=herbicide'));
      expect(router.state.location.pathname).toBe('/catalog');

      fireEvent.click(within(nav).getByRole('button', { name: /Talhões/ }));
      const field = await screen.findByTestId('sub-drawer');
      expect(within(field).getByTestId('no-plots').textContent).toBe(
        'Você ainda não tem talhões. Crie talhões na sua fazenda para vê-los aqui.',
      );
    });

    it('opens the plan presentation for an administrator clicking an upsell entry, and stays', async () => {
      screenWidth(1280);
      signIn();
      serve(
        ...sessionHandlers({
          user: sessionUser({ level: 0, is_admin: true }),
          permissions: FREEMIUM_PERMISSIONS,
        }),
      );
      await changeLanguage('en');
      const { router } = renderApp('/my_farm');
      const nav = await screen.findByRole('navigation', { name: 'Main menu' });
      fireEvent.click(within(nav).getByRole('link', { name: /Sowings/ }));
      expect(await screen.findByRole('dialog', { name: 'Lavoura plans' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/my_farm');
    });

    it('refuses an upsell entry to a non-administrator with the translated message, and stays', async () => {
      screenWidth(1280);
      signIn();
      serve(
        ...sessionHandlers({
          user: sessionUser({ level: 0, is_admin: false }),
          permissions: FREEMIUM_PERMISSIONS,
        }),
      );
      await changeLanguage('es');
      const { router } = renderApp('/my_farm');
      const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
      fireEvent.click(within(nav).getByRole('link', { name: /Siembras/ }));
      expect(await screen.findByText(i18n.t('blocked.plan_refused', { ns: 'shell' }))).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(router.state.location.pathname).toBe('/my_farm');
    });

    it('shows the admin-panel entry only with the admin permission', async () => {
      screenWidth(1280);
      signIn();
      serve(...sessionHandlers({ permissions: [...ALL_PERMISSIONS, 'admin'] }));
      await changeLanguage('en');
      renderApp('/my_farm');
      await screen.findByTestId('my-farm');
      expect(await screen.findByText('Admin panel')).toBeTruthy();
    });
  });

  describe('locked entries, clicked in the app served under /v3', () => {
    const PRO_RESEARCH = ALL_PERMISSIONS.filter(
      (key) => !['sowing.view', 'program.list', 'harvest.list', 'user.list'].includes(key),
    );

    it('opens the plan presentation for an administrator: drawer item, sub-drawer item, home shortcut', async () => {
      screenWidth(1280);
      signIn();
      serve(
        ...sessionHandlers({
          user: sessionUser({ level: 0, is_admin: true }),
          permissions: FREEMIUM_PERMISSIONS,
        }),
      );
      await changeLanguage('en');
      const { router } = renderApp('/my_farm', { basename: '/v3' });
      const nav = await screen.findByRole('navigation', { name: 'Main menu' });
      const plans = () => screen.findByRole('dialog', { name: 'Lavoura plans' });
      const closePlans = async () => {
        fireEvent.keyDown(await plans(), { key: 'Escape' });
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      };

      fireEvent.click(within(nav).getByRole('link', { name: /Sowings/ }));
      expect(await plans()).toBeTruthy();
      await closePlans();

      fireEvent.click(within(nav).getByRole('button', { name: /Planning/ }));
      const sub = await screen.findByTestId('sub-drawer');
      fireEvent.click(within(sub).getByRole('link', { name: /Programs/ }));
      expect(await plans()).toBeTruthy();
      await closePlans();

      const shortcut = screen.getByTestId('quick-register_sowing');
      expect(shortcut.dataset.access).toBe('upsell');
      fireEvent.click(within(shortcut).getByRole('link'));
      expect(await plans()).toBeTruthy();
      expect(router.state.location.pathname).toBe('/v3/my_farm');
    });

    it('tells anyone else that only the account administrator can change the plan', async () => {
      screenWidth(1280);
      signIn();
      serve(
        ...sessionHandlers({
          user: sessionUser({
            level: 0,
            is_admin: false,
            user_profile: { id: 3, uid: 'FARM', message_key: 'profile.farm' },
          }),
          permissions: FREEMIUM_PERMISSIONS,
        }),
      );
      await changeLanguage('pt');
      const { router } = renderApp('/my_farm', { basename: '/v3' });
      const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
      fireEvent.click(within(nav).getByRole('link', { name: /Semeaduras/ }));
      expect(
        await screen.findByText(
          'O plano da sua conta não inclui esta página. Só o administrador da conta pode mudar o plano.',
        ),
      ).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(router.state.location.pathname).toBe('/v3/my_farm');
    });

    /** A Pro-plan member who is no administrator opens Users: the page that refuses them. */
    async function usersPageOfProMember(uid: 'CON_REV' | 'PESQUISA', id: number) {
      signIn();
      serve(
        ...sessionHandlers({
          user: sessionUser({
            level: 2,
            is_admin: false,
            user_profile: { id, uid, message_key: `profile.${uid.toLowerCase()}` },
          }),
          permissions: PRO_RESEARCH,
        }),
      );
      await changeLanguage('en');
      renderApp('/users', { basename: '/v3' });
      return screen.findByTestId('blocked-page');
    }

    it('tells a refusal by profile apart: a Pro reseller consultant opening Users', async () => {
      const page = await usersPageOfProMember('CON_REV', 14);
      expect(page.textContent).toContain(
        'Your profile is not allowed to do this. Contact the account administrator.',
      );
      expect(page.textContent).not.toContain('Available on other plans');
    });

    it('tells a Pro research user opening Users that only the administrator can change the plan', async () => {
      const page = await usersPageOfProMember('PESQUISA', 15);
      expect(page.textContent).toContain(
        "Your account's plan does not include this page. Only the account administrator can change the plan.",
      );
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  describe('pages the guard refuses when opened directly', () => {
    it('shows the offer and opens the plans for an administrator on an upsell route', async () => {
      signIn();
      serve(
        ...sessionHandlers({
          user: sessionUser({ level: 2, is_admin: true }),
          permissions: FREEMIUM_PERMISSIONS,
        }),
      );
      await changeLanguage('pt');
      renderApp('/users');
      expect(await screen.findByTestId('blocked-page')).toBeTruthy();
      expect(await screen.findByRole('dialog', { name: 'Planos do Lavoura' })).toBeTruthy();
    });

    it.each([
      ['disabled on the Full plan', 4, 1],
      ['outside Brazil', 1, 3],
    ])('says "action unauthorized" for /payment %s', async (_case, level, country) => {
      signIn();
      serve(...sessionHandlers({ user: sessionUser({ level, account: { country_id: country } }) }));
      await changeLanguage('en');
      renderApp('/payment');
      const page = await screen.findByTestId('blocked-page');
      expect(page.textContent).toContain(i18n.t('exception.action_unauthorized', { ns: 'errors' }));
    });

    it('opens /payment for a Light account in Brazil', async () => {
      signIn();
      serve(...sessionHandlers({ user: sessionUser({ level: 1 }) }));
      renderApp('/payment?plan_priority=2&frequency=12');
      expect(await screen.findByTestId('payment-form')).toBeTruthy();
    });

    it('says "no permission" to a Full-plan user without the route permission', async () => {
      signIn();
      serve(
        ...sessionHandlers({ permissions: ALL_PERMISSIONS.filter((key) => key !== 'note.list') }),
      );
      await changeLanguage('pt');
      renderApp('/notes');
      const page = await screen.findByTestId('blocked-page');
      expect(page.textContent).toContain(i18n.t('plan.exception.no_permission', { ns: 'errors' }));
    });

    it('says so when the permissions cannot be loaded', async () => {
      signIn();
      serve(
        ...sessionHandlers(
          {},
          ...byPath({ '/api/permissions': () => new Response('down', { status: 500 }) }),
        ),
      );
      await changeLanguage('pt');
      renderApp('/notes');
      expect(await screen.findByTestId('permissions-error')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Erro ao buscar permissão' })).toBeTruthy();
    });
  });
});

describe('drawer state', () => {
  it('closes the drawer 300 ms after its open sub-drawer', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useDrawerState(true));
    expect(DRAWER_CLOSE_DELAY_MS).toBe(300);
    act(() => result.current.openSubDrawer('catalog'));
    expect(result.current.subDrawer).toBe('catalog');
    act(() => result.current.close());
    expect(result.current.subDrawer).toBeNull();
    expect(result.current.open).toBe(true);
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(false);
  });

  it('closes at once when no sub-drawer is open', () => {
    const { result } = renderHook(() => useDrawerState(true));
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
  });
});
