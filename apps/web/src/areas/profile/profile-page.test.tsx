import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '../../lib/i18n';
import { byPath, jsonResponse, serve } from '../../test/msw-server';
import { renderArea } from '../../test/render-app';
import { sessionHandlers, sessionUser, signIn } from '../../test/session-fixtures';

describe('profile page', () => {
  it('saves name, language and phone and switches the interface language', async () => {
    signIn();
    const save = vi.fn(async (request: Request) => {
      expect(await request.json()).toEqual({
        name: 'Ana Souza Lima',
        language: 'en',
        phone: '+595981123456',
      });
      return jsonResponse(
        sessionUser({ name: 'Ana Souza Lima', language: 'en', phones: ['+595981123456'] }),
      );
    });
    serve(...sessionHandlers({}, ...byPath({ '/api/profile': save })));
    await changeLanguage('pt');
    renderArea('/profile');
    const page = await screen.findByTestId('profile-page');
    expect((within(page).getByDisplayValue('ana@fazenda.test') as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(page.textContent).toContain('Fazenda Boa Vista');
    expect(page.textContent).toContain('Administrador da conta');
    fireEvent.change(within(page).getByLabelText(/^Nome/), { target: { value: 'Ana Souza Lima' } });
    fireEvent.mouseDown(within(page).getByRole('combobox', { name: 'Idioma' }));
    fireEvent.click(await screen.findByRole('option', { name: 'English' }));
    fireEvent.mouseDown(within(page).getByRole('combobox', { name: 'País' }));
    fireEvent.click(await screen.findByRole('option', { name: /Paraguai/ }));
    fireEvent.change(within(page).getByLabelText(/Telefone/), { target: { value: '0981 123456' } });
    fireEvent.click(within(page).getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Profile updated.')).toBeTruthy();
    expect(save).toHaveBeenCalledTimes(1);
    expect(i18n.language).toBe('en');
  });
});
