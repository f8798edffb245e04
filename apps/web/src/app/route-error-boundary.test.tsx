import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { AreaBoundary, RouteErrorBoundary } from './route-error-boundary';

let failing = true;
function Flaky() {
  if (failing) throw new Error('render failed');
  return <p>recovered</p>;
}

function Broken(): never {
  throw new Error('layout failed');
}

describe('route error boundaries', () => {
  it('shows a translated panel when an area throws, and retry renders it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage('es');
    failing = true;
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <AreaBoundary>
            <Flaky />
          </AreaBoundary>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);

    expect(screen.getByRole('heading', { name: 'Algo salió mal' })).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(screen.getByText('recovered')).toBeTruthy();
  });

  it('catches what escapes an area through the route errorElement', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouteErrorBoundary /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('error-panel')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });
});
