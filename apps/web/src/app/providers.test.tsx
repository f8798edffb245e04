import { TablePagination } from '@mui/material';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { changeLanguage } from '../lib/i18n';
import { createQueryClient } from './query-client';

/** A table's pagination: MUI's own labels ("Rows per page", "Go to next page"). */
function Pagination() {
  return (
    <table>
      <tbody>
        <tr>
          <TablePagination
            count={120}
            page={0}
            rowsPerPage={50}
            onPageChange={() => {}}
            onRowsPerPageChange={() => {}}
          />
        </tr>
      </tbody>
    </table>
  );
}

describe("MUI's own texts", () => {
  it.each([
    ['pt', 'Linhas por página:', 'Ir para a próxima página'],
    ['es', 'Filas por página:', 'Ir a la página siguiente'],
    ['en', 'Rows per page:', 'Go to next page'],
  ] as const)('follow the app language: %s', async (language, rowsPerPage, nextPage) => {
    await changeLanguage(language);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Pagination />
      </AppProviders>,
    );
    expect(screen.getByText(rowsPerPage)).toBeTruthy();
    expect(screen.getByRole('button', { name: nextPage })).toBeTruthy();
  });

  it('change when the user switches the language', async () => {
    await changeLanguage('pt');
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Pagination />
      </AppProviders>,
    );
    expect(screen.getByText('Linhas por página:')).toBeTruthy();
    await act(() => changeLanguage('es'));
    expect(screen.getByText('Filas por página:')).toBeTruthy();
    expect(screen.queryByText('Linhas por página:')).toBeNull();
  });
});
