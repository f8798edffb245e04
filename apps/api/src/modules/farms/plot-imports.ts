import { ERRORS, type Plot } from '@lavoura/domain';
import { checkPlotGeometry } from '@lavoura/domain/geo';
import { parseKmlPlots, type KmlPlot } from '@lavoura/domain/kml';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { isBoundariesFile, readBoundaries } from '../integrations/field-import.ts';
import type { FarmsService } from './farms.service.ts';
import type { PlotsService } from './plots.service.ts';

/** What an import of a file may say besides the file: the user's answers on the preview screen. */
export interface PlotFileOptions {
  /** The attribute that names the plots (a KML's ExtendedData), as picked on the preview. */
  nameAttribute?: string | undefined;
  /** The user saw the overlaps (409 exception.plot.overlap) and imports anyway. */
  confirmOverlap?: boolean | undefined;
}

type PreviewPlot = Omit<KmlPlot, 'atributos'>;

/**
 * Plot files: KML and KMZ, and the boundaries files of the field import (GeoJSON, zipped
 * shapefile). The preview reads a file and answers its plots, measured, saving nothing;
 * the import reads the same file again through the same parser and limits (PLOT_IMPORT_LIMITS)
 * and saves its plots in one transaction. So an import saves whatever its preview showed,
 * however many plots and however large their outlines (no JSON body re-posted by the browser).
 */
export class PlotImports {
  constructor(
    private readonly plots: PlotsService,
    private readonly farms: FarmsService,
  ) {}

  /** A file's plots and the attributes that may name them, without saving anything. */
  preview(
    bytes: Uint8Array,
    options: PlotFileOptions = {},
  ): Promise<{ plots: PreviewPlot[]; attributes: string[] }> {
    return readPlotFile(bytes, options.nameAttribute);
  }

  /** The plots of a file saved on the farm as its preview showed them, all or none. */
  async importFile(
    session: Session,
    farmId: number,
    readFile: () => Promise<Uint8Array>,
    options: PlotFileOptions = {},
  ): Promise<Plot[]> {
    // The farm first: another account's farm is 404 whatever the file is.
    await this.farms.get(session, farmId);
    const { plots } = await readPlotFile(await readFile(), options.nameAttribute);
    return this.plots.createMany(session, {
      fazenda_id: farmId,
      plots: plots.map(({ nome, geometry }) => ({ nome, geometry })),
      confirm_overlap: options.confirmOverlap,
    });
  }
}

/**
 * A file's plots, checked and measured, and its attributes: a boundaries file (GeoJSON, zipped
 * shapefile) as the field import reads it, else KML or KMZ. A bad outline is refused naming its
 * Placemark or feature: its name and its place in the file.
 */
async function readPlotFile(
  bytes: Uint8Array,
  nameAttribute: string | undefined,
): Promise<{ plots: PreviewPlot[]; attributes: string[] }> {
  if (isBoundariesFile(bytes)) {
    const read = await readBoundaries(bytes, nameAttribute);
    const plots = read.plots.map(({ nome, geometry, position }) => {
      const checked = checkPlotGeometry(geometry);
      if (!checked.ok)
        throw new AppError(ERRORS.plotInvalidGeometry, 'Invalid polygon', {
          placemark: nome,
          position,
          reason: checked.problem,
        });
      return { nome, geometry: checked.polygon, area_calculada: checked.area_ha };
    });
    return { plots, attributes: read.attributes };
  }
  const plots = readKml(bytes, nameAttribute);
  const attributes = new Set<string>();
  for (const plot of plots)
    for (const name of Object.keys(plot.atributos ?? {})) attributes.add(name);
  return {
    plots: plots.map(({ nome, geometry, area_calculada }) => ({ nome, geometry, area_calculada })),
    attributes: [...attributes],
  };
}

/** A KML or KMZ file's plots, or the refusal naming the Placemark (its name and position). */
function readKml(bytes: Uint8Array, nameAttribute: string | undefined): KmlPlot[] {
  const result = parseKmlPlots(bytes, nameAttribute);
  if (result.ok) return result.plots;
  switch (result.problem) {
    case 'invalid_format':
      throw new AppError(ERRORS.kmlInvalidFormat, 'Not a KML file', { reason: result.reason });
    case 'no_polygons':
      throw new AppError(ERRORS.kmlNoPolygons, 'No polygon in the file');
    case 'too_many_plots':
      throw new AppError(ERRORS.plotImportTooManyPlots, 'Too many plots in one file', {
        max_plots: result.max_plots,
      });
    case 'invalid_coordinates':
      throw new AppError(ERRORS.kmlInvalidCoordinates, 'Bad coordinates', {
        placemark: result.placemark,
        position: result.position,
      });
    case 'too_few_points':
      throw new AppError(ERRORS.kmlTooFewPoints, 'Fewer than 3 points', {
        placemark: result.placemark,
        position: result.position,
      });
    case 'invalid_geometry':
      throw new AppError(ERRORS.plotInvalidGeometry, 'Invalid polygon', {
        placemark: result.placemark,
        position: result.position,
        reason: result.reason,
      });
  }
}
