import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PlotsMap, type MapPlot } from './plots-map';

const SQUARE: MapPlot = {
  id: 7,
  name: 'Talhão <b>Norte</b>',
  areaLabel: '12,5 ha',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [-53.45, -24.95],
        [-53.44, -24.95],
        [-53.44, -24.96],
        [-53.45, -24.96],
        [-53.45, -24.95],
      ],
    ],
  },
};

describe('PlotsMap', () => {
  it('draws the plots with their names and areas as text, with a street/satellite switch', async () => {
    const onSelect = vi.fn();
    render(<PlotsMap plots={[SQUARE]} onSelect={onSelect} ariaLabel="Fields of the farm" />);
    expect(await screen.findByRole('region', { name: 'Fields of the farm' })).toBeTruthy();
    // A name is text, never markup.
    expect(await screen.findByText('Talhão <b>Norte</b> · 12,5 ha')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Satellite' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Streets' })).toBeTruthy();
  });

  it('says the background is offline when no tile can load, and keeps the plots', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<PlotsMap plots={[SQUARE]} ariaLabel="Fields of the farm" />);
    await waitFor(() =>
      expect(screen.getByTestId('map-offline').textContent).toMatch(/background is offline/),
    );
    expect(screen.getByText('Talhão <b>Norte</b> · 12,5 ha')).toBeTruthy();
  });
});
