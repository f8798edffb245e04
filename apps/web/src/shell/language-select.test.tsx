import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../lib/i18n';
import { serve } from '../test/msw-server';
import { renderApp } from '../test/render-app';
import { sessionHandlers } from '../test/session-fixtures';

/** The public pages' language choice: drawn closed, MUI's Select (and menu) loads on opening. */
describe('language select of the public pages', () => {
  afterEach(async () => {
    await changeLanguage('pt');
  });

  async function openLoginPage() {
    serve(...sessionHandlers({}));
    await changeLanguage('pt');
    renderApp('/login');
    await screen.findByTestId('login-page');
    const select = screen.getByRole('combobox', { name: 'Idioma' });
    expect(select.textContent).toBe('Português');
    expect(select.getAttribute('aria-expanded')).toBe('false');
    return select;
  }

  it('opens its menu on a press, at the current language, and switches the interface', async () => {
    const select = await openLoginPage();
    fireEvent.mouseDown(select);
    const listbox = await screen.findByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Português',
      'English',
      'Español',
    ]);
    expect(options.map((option) => option.getAttribute('lang'))).toEqual(['pt', 'en', 'es']);
    expect(within(listbox).getByRole('option', { selected: true }).textContent).toBe('Português');
    // The open menu hides the rest of the page from assistive technology (MUI's Modal).
    const opened = screen.getByRole('combobox', { name: 'Idioma', hidden: true });
    expect(opened.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(within(listbox).getByRole('option', { name: 'English' }));
    await waitFor(() => expect(i18n.language).toBe('en'));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    const closed = screen.getByRole('combobox', { name: 'Language' });
    expect(closed.textContent).toBe('English');
    expect(document.activeElement).toBe(closed);
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it.each(['ArrowDown', 'Enter', ' '])('opens from the keyboard with %j', async (key) => {
    const select = await openLoginPage();
    select.focus();
    fireEvent.keyDown(select, { key });
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { selected: true }).textContent).toBe('Português');

    fireEvent.keyDown(listbox, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    const closed = screen.getByRole('combobox', { name: 'Idioma' });
    expect(closed.textContent).toBe('Português');
    expect(document.activeElement).toBe(closed);
    expect(i18n.language).toBe('pt');
  });

  it('does not open for other keys or another mouse button', async () => {
    const select = await openLoginPage();
    fireEvent.keyDown(select, { key: 'a' });
    fireEvent.mouseDown(select, { button: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
