import { useMemo } from 'react';
import type { Plot } from '@lavoura/domain';
import { useAreaText } from './area-text';
import { PlotsMap, type MapCenter, type MapPlot } from './map/plots-map';

interface PlotMapViewProps {
  plots: readonly Plot[];
  selectedId?: number | null;
  onSelect?: (id: number) => void;
  height?: number | string;
  center?: MapCenter | null;
  ariaLabel: string;
}

/**
 * Plots as the API answers them, drawn on the shared lazy map (lib/map), each labelled with its
 * name and its area in the language's unit (ha or ac).
 */
export function PlotMapView({ plots, ...props }: PlotMapViewProps) {
  const areaText = useAreaText();
  const mapPlots = useMemo<MapPlot[]>(
    () =>
      plots.map((plot) => ({
        id: plot.id,
        name: plot.nome,
        geometry: plot.geometry,
        areaLabel: areaText(plot.area),
      })),
    [plots, areaText],
  );
  return <PlotsMap plots={mapPlots} {...props} />;
}
