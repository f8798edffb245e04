import { ERRORS, type Plot } from '@lavoura/domain';
import { parseKmlPlots, type KmlPlot } from '@lavoura/domain/kml';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { FarmsService } from './farms.service.ts';
import type { PlotsService } from './plots.service.ts';

/** What an import of a file may say besides the file: the user's answers on the preview screen. */
export interface PlotFileOptions {
  /** The attribute that names the plots (a KML's ExtendedData), as picked on the preview. */
  nameAttribute?: string | undefined;
  /** The user saw the overlaps (409 exception.plot.overlap) and imports anyway. */
  confirmOverlap?: boolean | undefined;
}

/** The file's attribute names, in the order they first appear (what the preview offers to pick). */
function attributeNames(plots: KmlPlot[]): string[] {
  const names = new Set<string>();
  for (const plot of plots) for (const name of Object.keys(plot.atributos ?? {})) names.add(name);
  return [...names];
}

/**
 * KML and KMZ imports: the preview reads a file and answers its plots, measured, saving nothing;
 * the import reads the same file again through the same parser and limits (PLOT_IMPORT_LIMITS)
 * and saves its plots in one transaction. So an import saves whatever its preview showed,
 * however many plots and however large their outlines (no JSON body re-posted by the browser).
 */
export class PlotImports {
  constructor(
    private readonly plots: PlotsService,
    private readonly farms: FarmsService,
  ) {}

  /** A KML or KMZ file's plots and the attributes that may name them, without saving anything. */
  preview(
    bytes: Uint8Array,
    options: PlotFileOptions = {},
  ): { plots: Omit<KmlPlot, 'atributos'>[]; attributes: string[] } {
    const plots = readKml(bytes, options.nameAttribute);
    return {
      plots: plots.map(({ nome, geometry, area_calculada }) => ({
        nome,
        geometry,
        area_calculada,
      })),
      attributes: attributeNames(plots),
    };
  }

  /** The plots of a KML or KMZ file saved on the farm, all or none (PlotsService.createMany). */
  async importKml(
    session: Session,
    farmId: number,
    readFile: () => Promise<Uint8Array>,
    options: PlotFileOptions = {},
  ): Promise<Plot[]> {
    // The farm first: another account's farm is 404 whatever the file is.
    await this.farms.get(session, farmId);
    const plots = readKml(await readFile(), options.nameAttribute);
    return this.plots.createMany(session, {
      fazenda_id: farmId,
      plots: plots.map(({ nome, geometry }) => ({ nome, geometry })),
      confirm_overlap: options.confirmOverlap,
    });
  }
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
