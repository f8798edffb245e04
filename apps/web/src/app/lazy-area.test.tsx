import { Suspense } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadTimeoutError,
  lazyArea,
  withTimeout,
  type AreaModule,
} from './lazy-area';
import { AreaBoundary } from './route-error-boundary';

function renderArea(load: () => Promise<AreaModule>) {
  const Area = lazyArea(load);
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <AreaBoundary>
          <Suspense fallback={<p>loading</p>}>
            <Area />
          </Suspense>
        </AreaBoundary>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('lazy areas', () => {
  it('rejects a chunk that has not loaded by the time-out, and not before', async () => {
    vi.useFakeTimers();
    const outcome = vi.fn();
    const pending = withTimeout(new Promise<never>(() => {}), CHUNK_LOAD_TIMEOUT_MS);
    pending.catch(outcome);

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(expect.any(ChunkLoadTimeoutError));
  });

  it('renders the area a chunk exports', async () => {
    renderArea(async () => ({ Area: () => <p>area content</p> }));
    expect(await screen.findByText('area content')).toBeTruthy();
  });

  it('loads an area again when it is tried again after a failed load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<AreaModule>>()
      .mockRejectedValueOnce(new Error('The texts could not be fetched'))
      .mockResolvedValue({ Area: () => <p>area content</p> });
    renderArea(load);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('area content')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the error panel, not a white screen, when a chunk never arrives', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderArea(() => new Promise<never>(() => {}));
    expect(screen.getByText('loading')).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    });
    expect(screen.getByTestId('error-panel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
