import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_KEYS, type Invitation } from '@lavoura/domain';
import { changeLanguage, i18n } from '../lib/i18n';
import { startSession } from '../app/session/session-store';
import { byPath, jsonResponse, serve } from '../test/msw-server';
import { expectNoRawKeys, renderApp, trackMissingKeys } from '../test/render-app';
import {
  apiError,
  serverSetsSessionCookies,
  sessionHandlers,
  sessionUser,
  signIn,
} from '../test/session-fixtures';

const TRES_RIOS: Invitation = {
  account: { id: 20, name: 'Grupo Três Rios' },
  profile: { id: 3, uid: 'FARM', message_key: 'profile.farm' },
  invited_at: '2026-03-02T12:00:00.000Z',
};
const HORIZONTE: Invitation = {
  account: { id: 30, name: 'Fazendas Reunidas Horizonte' },
  profile: { id: 15, uid: 'PESQUISA', message_key: 'profile.pesquisa' },
  invited_at: '2026-03-03T12:00:00.000Z',
};
const OWN_ACCOUNT = { id: 10, name: 'Fazenda Boa Vista', current: true };

/** The server's side: pending invitations, and the accounts an accepted one joins. */
function serveInvitations(pending: Invitation[], options: { jobTitle?: boolean } = {}) {
  let invitations = [...pending];
  let accounts = [OWN_ACCOUNT];
  /** What each answer sent: its method, path and body. */
  const answers = vi.fn<(sent: { method: string; path: string; body: unknown }) => void>();
  const answer = async (request: Request) => {
    const path = new URL(request.url).pathname;
    const body = (await request.json()) as { accept: boolean };
    answers({ method: request.method, path, body });
    const invitation = invitations.find((item) => path === `/api/invitations/${item.account.id}`);
    if (request.method !== 'PUT' || !invitation) {
      return apiError(404, ERROR_KEYS.invitationNotFound);
    }
    const { accept } = body;
    invitations = invitations.filter((item) => item !== invitation);
    if (accept) accounts = [...accounts, { ...invitation.account, current: false }];
    return new Response(null, { status: 204 });
  };
  const accountLoads = vi.fn(() => jsonResponse(accounts));
  signIn();
  serve(
    ...sessionHandlers(
      { user: sessionUser(options.jobTitle === false ? { job_title: null } : {}) },
      ...byPath({
        '/api/invitations': () => jsonResponse(invitations),
        '/api/invitations/:accountId': answer,
        '/api/menu/contas': accountLoads,
      }),
    ),
  );
  return { answers, accountLoads };
}

describe('invitations to other accounts', () => {
  const missingKeys = trackMissingKeys();

  it.each(['pt', 'en', 'es'] as const)(
    'lists each inviting account with the profile offered, in %s',
    async (language) => {
      serveInvitations([TRES_RIOS, HORIZONTE]);
      await changeLanguage(language);
      renderApp('/my_farm');
      const dialog = await screen.findByRole('dialog', {
        name: i18n.t('invitations.title', { ns: 'shell' }),
      });
      const first = within(dialog).getByTestId('invitation-20');
      expect(within(first).getByRole('heading', { name: 'Grupo Três Rios' })).toBeTruthy();
      expect(first.textContent).toContain(i18n.t('profile.farm', { ns: 'reference' }));
      expect(within(dialog).getByTestId('invitation-30').textContent).toContain(
        i18n.t('profile.pesquisa', { ns: 'reference' }),
      );
      expectNoRawKeys(dialog);
      expect(missingKeys).toEqual([]);
    },
  );

  it('accepts: PUT accept true, the account joins the account menu, the next invitation stays', async () => {
    const { answers, accountLoads } = serveInvitations([TRES_RIOS, HORIZONTE]);
    await changeLanguage('en');
    renderApp('/my_farm');
    const dialog = await screen.findByTestId('invitations-dialog');
    const loadsBefore = accountLoads.mock.calls.length;
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Accept the invitation from Grupo Três Rios' }),
    );
    expect(
      await screen.findByText('You joined Grupo Três Rios. Switch accounts from the account menu.'),
    ).toBeTruthy();
    expect(answers.mock.calls).toEqual([
      [{ method: 'PUT', path: '/api/invitations/20', body: { accept: true } }],
    ]);
    await waitFor(() => expect(within(dialog).queryByTestId('invitation-20')).toBeNull());
    expect(within(dialog).getByTestId('invitation-30')).toBeTruthy();
    // The account list is asked again: the menu now offers the switch to the new account.
    await waitFor(() => expect(accountLoads.mock.calls.length).toBeGreaterThan(loadsBefore));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByTestId('invitations-dialog')).toBeNull());
    fireEvent.click(await screen.findByTestId('account-menu-button'));
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Switch account' }));
    expect(await within(menu).findByTestId('account-20')).toBeTruthy();
  });

  it('declines: PUT accept false, and the dialog closes with the last invitation, then the job title is asked', async () => {
    const { answers, accountLoads } = serveInvitations([TRES_RIOS], { jobTitle: false });
    await changeLanguage('pt');
    renderApp('/my_farm');
    const dialog = await screen.findByTestId('invitations-dialog');
    // One question at a time: the job title waits for the invitations.
    expect(screen.queryByTestId('job-title-dialog')).toBeNull();
    const loadsBefore = accountLoads.mock.calls.length;
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Recusar o convite de Grupo Três Rios' }),
    );
    expect(await screen.findByText('Convite de Grupo Três Rios recusado.')).toBeTruthy();
    expect(answers.mock.calls).toEqual([
      [{ method: 'PUT', path: '/api/invitations/20', body: { accept: false } }],
    ]);
    await waitFor(() => expect(screen.queryByTestId('invitations-dialog')).toBeNull());
    expect(await screen.findByTestId('job-title-dialog')).toBeTruthy();
    expect(accountLoads.mock.calls.length).toBe(loadsBefore);
  });

  it('sends accept true when accepting', async () => {
    const { answers } = serveInvitations([TRES_RIOS]);
    await changeLanguage('es');
    renderApp('/my_farm');
    const dialog = await screen.findByTestId('invitations-dialog');
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Aceptar la invitación de Grupo Três Rios' }),
    );
    await waitFor(() => expect(screen.queryByTestId('invitations-dialog')).toBeNull());
    expect(answers.mock.calls).toEqual([
      [{ method: 'PUT', path: '/api/invitations/20', body: { accept: true } }],
    ]);
    expect(
      await screen.findByText(
        'Se unió a Grupo Três Rios. Cambie de cuenta desde el menú de la cuenta.',
      ),
    ).toBeTruthy();
  });

  it('tells an invitation withdrawn meanwhile and shows what is left', async () => {
    signIn();
    const answers = vi.fn(() => apiError(404, ERROR_KEYS.invitationNotFound));
    let invitations = [TRES_RIOS, HORIZONTE];
    serve(
      ...sessionHandlers(
        {},
        ...byPath({
          '/api/invitations': () => jsonResponse(invitations),
          '/api/invitations/:accountId': () => {
            invitations = [HORIZONTE];
            return answers();
          },
        }),
      ),
    );
    await changeLanguage('en');
    renderApp('/my_farm');
    const dialog = await screen.findByTestId('invitations-dialog');
    fireEvent.click(
      within(dialog).getByRole('button', { name: 'Accept the invitation from Grupo Três Rios' }),
    );
    expect(
      await within(dialog).findByText(
        i18n.t(ERROR_KEYS.invitationNotFound, { ns: 'errors', lng: 'en' }),
      ),
    ).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByTestId('invitation-20')).toBeNull());
    expect(within(dialog).getByTestId('invitation-30')).toBeTruthy();
  });

  it('closes with Escape for this session: not asked again on reload, asked again at the next sign-in', async () => {
    const { answers } = serveInvitations([TRES_RIOS]);
    await changeLanguage('en');
    const { unmount } = renderApp('/my_farm');
    const dialog = await screen.findByTestId('invitations-dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('invitations-dialog')).toBeNull());

    unmount();
    renderApp('/my_farm');
    await screen.findByTestId('my-farm');
    expect(screen.queryByTestId('invitations-dialog')).toBeNull();

    // A later sign-in opens another session (another expiry).
    act(() => {
      serverSetsSessionCookies(60 * 60);
      startSession({ password: 'Secret123' });
    });
    expect(await screen.findByTestId('invitations-dialog')).toBeTruthy();
    expect(answers).not.toHaveBeenCalled();
  });

  it('asks nothing when the invitations cannot be loaded', async () => {
    signIn();
    serve(
      ...sessionHandlers(
        { user: sessionUser({ job_title: null }) },
        ...byPath({ '/api/invitations': () => apiError(500, ERROR_KEYS.unexpected) }),
      ),
    );
    await changeLanguage('en');
    renderApp('/my_farm');
    // The later question (job title) is asked as usual.
    expect(await screen.findByTestId('job-title-dialog')).toBeTruthy();
    expect(screen.queryByTestId('invitations-dialog')).toBeNull();
  });
});
