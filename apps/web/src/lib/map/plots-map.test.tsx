import { render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n';
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

/** jsdom lays nothing out: the map's box gets a size, so labels can fit inside their plots. */
function mapBox(width: number, height: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
}

describe('PlotsMap', () => {
  it('draws the plots with their names and areas as text, with a street/satellite switch', async () => {
    mapBox(800, 400);
    const onSelect = vi.fn();
    render(<PlotsMap plots={[SQUARE]} onSelect={onSelect} ariaLabel="Fields of the farm" />);
    expect(await screen.findByRole('region', { name: 'Fields of the farm' })).toBeTruthy();
    // A name is text, never markup.
    expect(await screen.findByText('Talhão <b>Norte</b>')).toBeTruthy();
    expect(screen.getByText('12,5 ha')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Satellite' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Streets' })).toBeTruthy();
  });

  it('keeps a label on the map only where it fits inside its plot', async () => {
    mapBox(120, 80);
    const wide: MapPlot = {
      ...SQUARE,
      id: 8,
      name: 'Lavoura grande do outro lado',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-53.6, -24.8],
            [-53.3, -24.8],
            [-53.3, -25.1],
            [-53.6, -25.1],
            [-53.6, -24.8],
          ],
        ],
      },
    };
    render(<PlotsMap plots={[SQUARE, wide]} ariaLabel="Fields of the farm" />);
    await screen.findByRole('region', { name: 'Fields of the farm' });
    // Zoomed out to show both in a small box: neither long label fits, both show on hover only.
    await waitFor(() => expect(document.querySelectorAll('.lavoura-plot-label')).toHaveLength(0));
  });

  it('says the background is offline when no tile can load, and keeps the plots', async () => {
    mapBox(800, 400);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<PlotsMap plots={[SQUARE]} ariaLabel="Fields of the farm" />);
    await waitFor(() =>
      expect(screen.getByTestId('map-offline').textContent).toMatch(/background is offline/),
    );
    expect(screen.getByText('Talhão <b>Norte</b>')).toBeTruthy();
  });

  it('names the zoom buttons in the language switched to in place, on the same map', async () => {
    mapBox(800, 400);
    await changeLanguage('pt');
    render(<PlotsMap plots={[SQUARE]} ariaLabel="Talhões da fazenda" />);
    const map = await screen.findByRole('region', { name: 'Talhões da fazenda' });
    expect(screen.getByRole('button', { name: 'Aproximar' })).toBeTruthy();
    await act(() => changeLanguage('es'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Acercar' })).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Aproximar' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Acercar' })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Talhões da fazenda' })).toBe(map);
    await act(() => changeLanguage('en'));
  });
});
