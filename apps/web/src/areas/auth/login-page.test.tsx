import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_KEYS, LANGUAGES } from '@lavoura/domain';
import { changeLanguage, i18n } from '../../lib/i18n';
import { readCookie } from '../../app/session/cookies';
import { formatDateOnly } from '../../lib/date-only';
import { byPath, jsonResponse, serve } from '../../test/msw-server';
import { expectNoRawKeys, renderArea, trackMissingKeys } from '../../test/render-app';
import {
  sessionAnswer,
  sessionHandlers,
  sessionStarted,
  sessionUser,
} from '../../test/session-fixtures';

const refusal = (status: number, key: string, additionalInfo?: unknown) =>
  jsonResponse({ code: status, key, context: { message: 'refused', additionalInfo } }, status);

/** Every refusal of POST /admin-api/login in the contract, with its status. */
const LOGIN_REFUSALS: [string, number][] = [
  [ERROR_KEYS.invalidCredentials, 401],
  [ERROR_KEYS.accountNotActivated, 403],
  [ERROR_KEYS.tooManyAttempts, 429],
  [ERROR_KEYS.userInactive, 403],
  [ERROR_KEYS.noAccounts, 403],
  [ERROR_KEYS.noContracts, 403],
  [ERROR_KEYS.temporaryPasswordExpired, 401],
];

function submit(email = 'ana@fazenda.test', password = 'Secret123') {
  fireEvent.change(screen.getByRole('textbox', { name: /e-?mail|correo/i }), {
    target: { value: email },
  });
  fireEvent.change(document.querySelector('input[name=password]')!, {
    target: { value: password },
  });
  fireEvent.submit(screen.getByTestId('login-page').querySelector('form')!);
}

describe('login page', () => {
  const missingKeys = trackMissingKeys();

  it.each(
    LANGUAGES.flatMap((language) =>
      LOGIN_REFUSALS.map(([key, status]) => ({ language, key, status })),
    ),
  )('shows $key translated in $language', async ({ language, key, status }) => {
    serve(...sessionHandlers({}, ...byPath({ '/admin-api/login': () => refusal(status, key) })));
    await changeLanguage(language);
    const { container, router } = renderArea('/login');
    await screen.findByTestId('login-page');
    submit();
    const alert = await screen.findByTestId('login-error');
    expect(alert.dataset.key).toBe(key);
    expect(alert.textContent).toContain(i18n.t(key, { ns: 'errors' }));
    expect(alert.textContent).not.toContain(key);
    expectNoRawKeys(container);
    expect(missingKeys).toEqual([]);
    // A refused sign-in is not a session: the page stays, nothing is stored.
    expect(router.state.location.pathname).toBe('/login');
    expect(readCookie('token_expires_at')).toBeNull();
  });

  it.each(LANGUAGES)(
    'tells when access starts, formatted in %s, with the support note',
    async (language) => {
      const expected = i18n.t(ERROR_KEYS.contractNotStarted, {
        ns: 'errors',
        lng: language,
        date: formatDateOnly('2027-03-15', language),
      });
      serve(
        ...sessionHandlers(
          {},
          ...byPath({
            '/admin-api/login': () =>
              refusal(403, ERROR_KEYS.contractNotStarted, { date: '2027-03-15' }),
          }),
        ),
      );
      await changeLanguage(language);
      const { container } = renderArea('/login');
      await screen.findByTestId('login-page');
      submit();
      const alert = await screen.findByTestId('login-error');
      expect(alert.textContent).toContain(expected);
      if (language === 'pt') {
        expect(alert.textContent).toContain('Seu acesso será liberado em 15 de mar. de 2027.');
      }
      expect(alert.textContent).toContain('suporte@lavoura.app');
      expect(alert.textContent).not.toContain('2027-03-15');
      expectNoRawKeys(container);
      expect(missingKeys).toEqual([]);
    },
  );

  it('sends one sign-in request per attempt with a wrong password, even submitted twice at once', async () => {
    const login = vi.fn(() => refusal(401, ERROR_KEYS.invalidCredentials));
    serve(...sessionHandlers({}, ...byPath({ '/admin-api/login': login })));
    await changeLanguage('pt');
    renderArea('/login');
    const page = await screen.findByTestId('login-page');
    fireEvent.change(screen.getByRole('textbox', { name: /e-?mail/i }), {
      target: { value: 'ana@fazenda.test' },
    });
    const password = document.querySelector<HTMLInputElement>('input[name=password]')!;
    fireEvent.change(password, { target: { value: 'Errada2026' } });
    const button = within(page).getByRole('button', {
      name: i18n.t('login.submit', { ns: 'auth' }),
    });
    // Two submits before the button shows itself busy (a password manager's submit and Enter, a
    // double tap on a slow phone): one attempt.
    act(() => {
      button.click();
      password.form!.requestSubmit();
    });
    expect((await screen.findByTestId('login-error')).dataset.key).toBe(
      ERROR_KEYS.invalidCredentials,
    );
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(login).toHaveBeenCalledTimes(1);
    fireEvent.submit(password.form!);
    await waitFor(() => expect(login).toHaveBeenCalledTimes(2));
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(await screen.findByTestId('login-error')).toBeTruthy();
    expect(login).toHaveBeenCalledTimes(2);
  });

  it('offers the activation page to an account not activated yet', async () => {
    serve(
      ...sessionHandlers(
        {},
        ...byPath({ '/admin-api/login': () => refusal(403, ERROR_KEYS.accountNotActivated) }),
      ),
    );
    await changeLanguage('en');
    const { router } = renderArea('/login');
    await screen.findByTestId('login-page');
    submit('new@farm.test');
    const alert = await screen.findByTestId('login-error');
    fireEvent.click(within(alert).getByRole('link', { name: 'Activate account' }));
    await screen.findByTestId('activation-manual');
    expect(router.state.location.pathname).toBe('/account/activate');
    expect(router.state.location.search).toBe('?email=new%40farm.test');
  });

  it('shows the validation errors of the form under its fields', async () => {
    const login = vi.fn(() => jsonResponse(sessionAnswer()));
    serve(...sessionHandlers({}, ...byPath({ '/admin-api/login': login })));
    await changeLanguage('pt');
    renderArea('/login');
    await screen.findByTestId('login-page');
    submit('not-an-email', '');
    expect(await screen.findByText('Informe um e-mail válido.')).toBeTruthy();
    expect(screen.getByText('Campo obrigatório.')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('shows the field errors the API answers', async () => {
    serve(
      ...sessionHandlers(
        {},
        ...byPath({
          '/admin-api/login': () =>
            refusal(400, 'exception.validation_error', [
              { field: 'body.email', key: 'field.email', message: 'Invalid email' },
            ]),
        }),
      ),
    );
    await changeLanguage('en');
    renderArea('/login');
    await screen.findByTestId('login-page');
    submit();
    const field = await screen.findByText(i18n.t('field.email', { ns: 'errors' }));
    expect(field).toBeTruthy();
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it("signs in on the server's session cookie, keeps the full-plan welcome flag and no token, then opens my farm", async () => {
    const answer = sessionAnswer({ token: 'jwt-1', is_first_login_full_plan: true });
    const login = vi.fn(async (request: Request) => {
      expect(await request.json()).toEqual({ email: 'ana@fazenda.test', password: 'Secret123' });
      expect(request.headers.get('Authorization')).toBeNull();
      return sessionStarted(answer);
    });
    serve(...sessionHandlers({ user: answer.user }, ...byPath({ '/admin-api/login': login })));
    await changeLanguage('pt');
    const { router } = renderArea('/login');
    await screen.findByTestId('login-page');
    submit(' Ana@Fazenda.test ');
    await screen.findByTestId('my-farm');
    expect(router.state.location.pathname).toBe('/my_farm');
    expect(readCookie('first_login_full_plan')).toBe('true');
    // The answer's token is for API clients: the app keeps it nowhere a script could read it.
    expect(document.cookie).not.toContain('jwt-1');
    expect(JSON.stringify({ ...window.sessionStorage, ...window.localStorage })).not.toContain(
      'jwt-1',
    );
  });

  it('uses the profile language when the visitor never picked one', async () => {
    const answer = sessionAnswer({ user: sessionUser({ language: 'es' }) });
    serve(
      ...sessionHandlers(
        { user: answer.user },
        ...byPath({ '/admin-api/login': () => sessionStarted(answer) }),
      ),
    );
    renderArea('/login');
    await screen.findByTestId('login-page');
    submit();
    await screen.findByTestId('my-farm');
    await waitFor(() => expect(i18n.language).toBe('es'));
  });

  it('asks for a temporary password by e-mail ("forgot password")', async () => {
    const recovery = vi.fn(async (request: Request) => {
      expect(await request.json()).toEqual({ email: 'ana@fazenda.test' });
      return new Response(null, { status: 204 });
    });
    serve(...sessionHandlers({}, ...byPath({ '/admin-api/recovery-password': recovery })));
    await changeLanguage('en');
    renderArea('/login');
    await screen.findByTestId('login-page');
    fireEvent.change(screen.getByRole('textbox', { name: /email/i }), {
      target: { value: 'ana@fazenda.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send email' }));
    expect(await within(dialog).findByTestId('forgot-sent')).toBeTruthy();
    expect(recovery).toHaveBeenCalledTimes(1);
  });

  it('links to the sign-up page', async () => {
    serve(...sessionHandlers({}, ...byPath({ '/api/countries': () => jsonResponse([]) })));
    await changeLanguage('en');
    const { router } = renderArea('/login');
    await screen.findByTestId('login-page');
    fireEvent.click(screen.getByRole('link', { name: 'Create a free account' }));
    await screen.findByTestId('signup-page');
    expect(router.state.location.pathname).toBe('/signup');
  });
});
