import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingState } from './loading-state';

describe('the loading state of a list, a page or a panel', () => {
  it('is one busy status region named by its label, with a skeleton per row of a list', () => {
    render(<LoadingState label="Carregando programas" testId="programs-loading" rows={3} />);
    const region = screen.getByRole('status', { name: 'Carregando programas' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(region.querySelectorAll('.MuiSkeleton-root')).toHaveLength(3);
    expect(screen.getByTestId('programs-loading')).toBe(region);
  });

  it('draws the shape it is given for a page or a panel', () => {
    render(
      <LoadingState label="Cargando el clima">
        <span data-testid="chart-skeleton" />
      </LoadingState>,
    );
    const region = screen.getByRole('status', { name: 'Cargando el clima' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(region.contains(screen.getByTestId('chart-skeleton'))).toBe(true);
  });
});
