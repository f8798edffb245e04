import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COUNTRIES, ERROR_KEYS } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import { type PathAnswers, byPath, jsonResponse, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderApp, renderArea, trackMissingKeys } from '../../test/render-app';
import { sessionHandlers, sessionUser, signIn } from '../../test/session-fixtures';

const refusal = (status: number, key: string, additionalInfo?: unknown) =>
  jsonResponse({ code: status, key, context: { message: 'refused', additionalInfo } }, status);

const publicHandlers = (extra: PathAnswers = {}) =>
  sessionHandlers({}, ...byPath({ '/api/countries': () => jsonResponse(COUNTRIES), ...extra }));

function type(label: RegExp | string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('sign-up', () => {
  const missingKeys = trackMissingKeys();

  it('ticks the password rule off live and creates the account, then says to check the e-mail', async () => {
    const register = vi.fn(async (request: Request) => {
      expect(await request.json()).toEqual({
        name: 'Marcos Pereira',
        email: 'marcos@farm.test',
        password: 'Safra2026ok',
        account_name: 'Fazenda Três Lagoas',
        country_id: 3,
        language: 'en',
      });
      return jsonResponse({ id: 7, email: 'marcos@farm.test' }, 201);
    });
    serve(...publicHandlers({ '/admin-api/register': register }));
    await changeLanguage('en');
    const { container, router } = renderArea('/signup');
    await screen.findByTestId('signup-page');
    // The country list comes from GET /api/countries; English speakers start in the USA.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Country/ }).textContent).toBe('United States'),
    );

    type(/^Password/, 'safra');
    const rules = within(screen.getByTestId('password-checklist')).getAllByRole('listitem');
    expect(rules.map((rule) => rule.dataset.met)).toEqual(['false', 'false', 'true', 'false']);
    type(/^Password/, 'Safra2026ok');
    expect(rules.map((rule) => rule.dataset.met)).toEqual(['true', 'true', 'true', 'true']);

    type(/Your name/, 'Marcos Pereira');
    type(/^Email(\s*\*)?$/, 'Marcos@Farm.test');
    type(/Account name/, 'Fazenda Três Lagoas');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const done = await screen.findByTestId('signup-done');
    expect(done.textContent).toContain('marcos@farm.test');
    // The answer is the same for an address that already had an account: the screen says what
    // the e-mail then contains, where the user is looking.
    expect(within(done).getByTestId('signup-existing-note').textContent).toBe(
      'If this email already had a Lavoura account, no new account was created: the message we sent explains how to sign in to it.',
    );
    expect(register).toHaveBeenCalledTimes(1);
    fireEvent.click(within(done).getByRole('link', { name: 'Activate my account' }));
    await screen.findByTestId('activation-manual');
    expect(router.state.location.search).toBe('?email=marcos%40farm.test');
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it('refuses a weak password, an empty form and unaccepted terms before calling the API', async () => {
    const register = vi.fn();
    serve(...publicHandlers({ '/admin-api/register': register }));
    await changeLanguage('pt');
    renderArea('/signup');
    await screen.findByTestId('signup-page');
    type(/^Senha/, 'fraca');
    fireEvent.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText(i18n.t('field.password_rule', { ns: 'errors' }))).toBeTruthy();
    expect(screen.getAllByText('Campo obrigatório.').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('Aceite os termos de uso para criar a conta.')).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it('says when the e-mail already has a user, with a way to sign in', async () => {
    serve(
      ...publicHandlers({
        '/admin-api/register': () => refusal(409, ERROR_KEYS.userAlreadyExists),
      }),
    );
    await changeLanguage('es');
    renderArea('/signup');
    await screen.findByTestId('signup-page');
    type(/Su nombre/, 'Lucía Benítez');
    type(/^Correo/, 'lucia@campo.test');
    type(/^Contraseña/, 'Zafra2026ok');
    type(/Nombre de la cuenta/, 'Estancia San José');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(
      await screen.findByText(i18n.t(ERROR_KEYS.userAlreadyExists, { ns: 'errors' })),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ingresar con este correo' })).toBeTruthy();
  });
});

describe('account activation', () => {
  const missingKeys = trackMissingKeys();

  it.each([
    ['activated', 'activation-activated'],
    ['already_active', 'activation-already-active'],
  ] as const)('activates from the link at once: %s', async (status, testId) => {
    const activate = vi.fn(async (request: Request) => {
      expect(await request.json()).toEqual({ email: 'ana@farm.test', code: '123456' });
      return jsonResponse({ status });
    });
    serve(...publicHandlers({ '/api/account-active': activate }));
    await changeLanguage('pt');
    const { container } = renderArea('/account/activate?email=ana%40farm.test&code=123456');
    await screen.findByTestId(testId);
    expect(activate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toBeTruthy();
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
  });

  it.each([ERROR_KEYS.invalidActivationCode, ERROR_KEYS.activationCodeVoid])(
    'explains %s and sends the e-mail again, honouring the wait',
    async (key) => {
      let resends = 0;
      const resend = vi.fn(async (request: Request) => {
        expect(await request.json()).toEqual({ email: 'ana@farm.test' });
        resends += 1;
        return resends === 1
          ? new Response(null, { status: 204 })
          : refusal(429, ERROR_KEYS.resendTooSoon, { retry_after_seconds: 150 });
      });
      serve(
        ...publicHandlers({
          '/api/account-active': () => refusal(400, key),
          '/api/account-active/resend': resend,
        }),
      );
      await changeLanguage('en');
      const { container } = renderArea('/account/activate?email=ana%40farm.test&code=654321');
      const page = await screen.findByTestId('activation-code-problem');
      expect(within(page).getByTestId('activation-error').textContent).toBe(
        i18n.t(key, { ns: 'errors' }),
      );

      fireEvent.click(screen.getByRole('button', { name: 'Resend activation email' }));
      expect(
        await screen.findByText('We sent a new activation email to ana@farm.test.'),
      ).toBeTruthy();
      // The spec: once every 3 minutes.
      expect(
        await screen.findByText(/You can ask for another email in (3:00|2:59)\./),
      ).toBeTruthy();
      expect(
        (screen.getByRole('button', { name: 'Resend activation email' }) as HTMLButtonElement)
          .disabled,
      ).toBe(true);
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );

  it('shows the wait the API asks for when the e-mail was sent too recently', async () => {
    serve(
      ...publicHandlers({
        '/api/account-active': () => refusal(400, ERROR_KEYS.activationCodeVoid),
        '/api/account-active/resend': () =>
          refusal(429, ERROR_KEYS.resendTooSoon, { retry_after_seconds: 95 }),
      }),
    );
    await changeLanguage('pt');
    renderArea('/account/activate?email=ana%40farm.test&code=654321');
    await screen.findByTestId('activation-code-problem');
    fireEvent.click(screen.getByRole('button', { name: 'Reenviar e-mail de ativação' }));
    expect(await screen.findByText(/Você poderá pedir outro e-mail em 1:3[45]\./)).toBeTruthy();
  });

  it('offers a form for e-mail and code when the link lacks them, and activates with it', async () => {
    const activate = vi.fn(() => jsonResponse({ status: 'activated' }));
    serve(...publicHandlers({ '/api/account-active': activate }));
    await changeLanguage('es');
    renderArea('/account/activate');
    await screen.findByTestId('activation-manual');
    expect(activate).not.toHaveBeenCalled();
    type(/^Correo/, 'lucia@campo.test');
    type(/Código de activación/, '12a34');
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));
    expect(await screen.findByText(i18n.t('field.activation_code', { ns: 'errors' }))).toBeTruthy();
    type(/Código de activación/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));
    await screen.findByTestId('activation-activated');
    expect(activate).toHaveBeenCalledTimes(1);
  });

  it('works for a signed-in user too (step 2 of the guard)', async () => {
    signIn();
    serve(
      ...sessionHandlers(
        {},
        ...byPath({ '/api/account-active': () => jsonResponse({ status: 'already_active' }) }),
      ),
    );
    const { router } = renderArea('/account/activate?email=a%40b.test&code=111111');
    await screen.findByTestId('activation-already-active');
    expect(router.state.location.pathname).toBe('/account/activate');
  });
});

describe('change-password page and terms of use', () => {
  it('changes the password, asking no terms of use', async () => {
    signIn();
    const change = vi.fn(async (request: Request) => {
      expect(await request.json()).toEqual({
        old_password: 'Old12345',
        new_password: 'New12345',
        password_confirmation: 'New12345',
        email: 'ana@fazenda.test',
      });
      return new Response(null, { status: 204 });
    });
    serve(...sessionHandlers({}, ...byPath({ '/admin-api/change-password': change })));
    await changeLanguage('en');
    renderArea('/change-password');
    await screen.findByTestId('change-password-form');
    type(/Current password/, 'Old12345');
    type(/^New password/, 'New12345');
    type(/Confirm the new password/, 'New1234');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(
      await screen.findByText(i18n.t('field.passwords_do_not_match', { ns: 'errors' })),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(change).not.toHaveBeenCalled();

    type(/Confirm the new password/, 'New12345');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await screen.findByTestId('change-password-done');
    expect(change).toHaveBeenCalledTimes(1);
  });

  it('shows a wrong current password under its field', async () => {
    signIn();
    serve(
      ...sessionHandlers(
        {},
        ...byPath({
          '/admin-api/change-password': () =>
            refusal(400, ERROR_KEYS.invalidCurrentPassword, [
              {
                field: 'body.old_password',
                key: ERROR_KEYS.invalidCurrentPassword,
                message: 'Wrong password',
              },
            ]),
        }),
      ),
    );
    await changeLanguage('pt');
    renderArea('/change-password');
    await screen.findByTestId('change-password-form');
    type(/Senha atual/, 'Wrong123');
    type(/^Nova senha/, 'New12345');
    type(/Confirme a nova senha/, 'New12345');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    });
    expect(await screen.findByText('A senha atual está incorreta.')).toBeTruthy();
  });

  it.each([
    ['BR', 'pt', 'Lei nº 13.709/2018'],
    ['US', 'en', 'U.S. federal and state privacy laws'],
    ['PY', 'es', 'República del Paraguay'],
  ])('shows the terms of %s in %s, with or without a session', async (country, lang, text) => {
    serve(...sessionHandlers());
    renderArea(`/terms?country=${country}&lang=${lang}`);
    const page = await screen.findByTestId('terms-page');
    expect(page.textContent).toContain(text);
    expect(page.getAttribute('lang')).toBe(lang);
  });

  it('lets a signed-in user read the terms of their country', async () => {
    signIn();
    serve(...sessionHandlers({ user: sessionUser({ account: { country_id: 3 } }) }));
    await changeLanguage('en');
    // The terms link is in the shell's drawer: the whole app around the page.
    const { router } = renderApp('/my_farm');
    await screen.findByTestId('my-farm');
    // A phone-sized jsdom: the drawer opens from the menu button.
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const link = await screen.findByRole('link', { name: 'Terms of use' });
    expect(link.getAttribute('href')).toBe('/terms?country=US&lang=en');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(router.state.location.pathname).toBe('/my_farm');
  });
});
