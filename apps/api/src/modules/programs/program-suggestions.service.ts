import {
  DEFAULT_WHITE_MOLD_SPRAYS,
  DISEASES,
  ERRORS,
  FIELD_KEYS,
  REFERENCE_CYCLE_DAYS,
  SEVERITY_LEVELS,
  WHITE_MOLD,
  bodyFieldError,
  defensivesSuggestionProblem,
  suggestProgram,
  suggestSprayPositions,
  type CountryId,
  type CropId,
  type DefensivesSuggestionBody,
  type ProgramProduct,
  type Severity,
} from '@lavoura/domain';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { catalogueOfProducts } from './program-catalogue.service.ts';
import { engineDiseases, timelineOf } from './program-evaluation.ts';
import {
  toDefensivesSuggestion,
  toSuggestion,
  type DefensivesSuggestionAnswer,
  type SuggestionAnswer,
} from './program-suggestion.ts';
import { programOf, type ProgramsServiceDeps } from './program-store.service.ts';
import { ofAccount } from '../../policies/tenancy.ts';

/** The engine's suggestions (AGRONOMY §7), written nowhere: a program's plan, a spray's products. */
export class ProgramSuggestionsService {
  constructor(private readonly deps: ProgramsServiceDeps) {}

  /**
   * The engine's suggested plan for a program (AGRONOMY §7), written nowhere: the candidates are
   * the fungicides of the program's country with a shipped efficacy against one of its diseases,
   * at the label's dose or, where the source gives none, the account's last dose of the product;
   * with neither, the dose is left for the grower to fill (null) unless `dosedOnly` (the demo
   * data, written without a grower) leaves such products out, and `pricedOnly` those the account
   * never priced (an unknown price would win every cost tie-break at 0).
   */
  async suggest(
    session: Session,
    id: number,
    options: { dosedOnly?: boolean; pricedOnly?: boolean } = {},
  ): Promise<SuggestionAnswer> {
    const program = await programOf(this.deps.db, session, id);
    const timeline = timelineOf(program);
    if (!timeline)
      throw new AppError(ERRORS.validation, 'The program needs its emergence and cycle', [
        bodyFieldError('data_prevista', 'Required', FIELD_KEYS.required),
      ]);
    // White-mold sprays choose among the products with an efficacy against it (step 4).
    const whiteMold = DISEASES.find((disease) => disease.code === WHITE_MOLD)!;
    const candidates = await this.suggestionCatalogue(session, program.countryId, program.cropId, [
      program.mainDiseaseId!,
      ...program.secondaryDiseaseIds,
      ...(program.whiteMold ? [whiteMold.id] : []),
    ]);
    const products = options.pricedOnly
      ? candidates.filter((product) => product.price !== undefined)
      : candidates;
    const severity = SEVERITY_LEVELS.find((level) => level.id === program.severityId)?.code;
    const result = suggestProgram({
      cropId: program.cropId as CropId,
      countryId: program.countryId as CountryId,
      emergence: timeline.emergence,
      cycleDays: timeline.cycleDays,
      severity: (severity ?? 'medium') as Severity,
      diseases: engineDiseases(program),
      catalogue: products,
      whiteMoldSprays: program.whiteMold
        ? (program.whiteMoldSprayings ?? DEFAULT_WHITE_MOLD_SPRAYS)
        : 0,
      ...(program.suggestedSprayings !== null ? { sprayCount: program.suggestedSprayings } : {}),
      racional: program.rational,
      ...(options.dosedOnly ? { dosedOnly: true } : {}),
    });
    return toSuggestion(result, timeline.emergence, products);
  }

  /**
   * POST /api/defensives/suggest: sprays 1..N of a program not yet written, for a crop and
   * country's diseases at medium severity on the reference cycle of AGRONOMY §2 (C = 120: the
   * choice weighs stages, not days); the grower's product, when named, is the first.
   */
  async suggestDefensives(
    session: Session,
    body: DefensivesSuggestionBody,
  ): Promise<DefensivesSuggestionAnswer> {
    const diseaseIds = [body.major_disease_id, body.second_major_disease_id].filter(
      (id): id is number => id != null,
    );
    const refused = defensivesSuggestionProblem({
      cropId: body.crop_id,
      countryId: body.country_id,
      sprays: body.spraying_number,
      diseaseIds,
    });
    if (refused === 'max_sprays')
      throw new AppError(ERRORS.programMaxSprays, 'Beyond the crop’s spray limit');
    if (refused === 'disease_of_another_crop')
      throw new AppError(ERRORS.validation, 'A disease of another crop', [
        bodyFieldError('major_disease_id', 'Not a disease of the crop'),
      ]);
    const products = await this.suggestionCatalogue(
      session,
      body.country_id,
      body.crop_id,
      diseaseIds,
    );
    if (
      body.main_defensive_id != null &&
      !products.some((product) => product.id === body.main_defensive_id)
    )
      throw new AppError(ERRORS.validation, 'No efficacy against the diseases', [
        bodyFieldError('main_defensive_id', 'No shipped efficacy against the diseases'),
      ]);
    const positions = suggestSprayPositions({
      cropId: body.crop_id as CropId,
      countryId: body.country_id as CountryId,
      cycleDays: REFERENCE_CYCLE_DAYS,
      severity: 'medium',
      diseases: engineDiseases({
        mainDiseaseId: body.major_disease_id,
        secondaryDiseaseIds: diseaseIds.slice(1),
      }),
      catalogue: products,
      sprays: body.spraying_number,
      ...(body.main_defensive_id != null ? { firstProductId: body.main_defensive_id } : {}),
    });
    return toDefensivesSuggestion(positions, products, diseaseIds);
  }

  /**
   * The suggestion's candidates: the listed fungicides of the crop with a shipped efficacy in the
   * country against one of the diseases, at the account's last price and dose.
   */
  private async suggestionCatalogue(
    session: Session,
    countryId: number,
    cropId: number,
    diseaseIds: readonly number[],
  ): Promise<ProgramProduct[]> {
    const candidates = await this.deps.db
      .selectDistinct({ id: t.pesticideEfficacies.pesticideId })
      .from(t.pesticideEfficacies)
      .innerJoin(t.pesticides, eq(t.pesticides.id, t.pesticideEfficacies.pesticideId))
      .where(
        and(
          eq(t.pesticideEfficacies.countryId, countryId),
          inArray(t.pesticideEfficacies.diseaseId, [...diseaseIds]),
          eq(t.pesticides.listed, true),
          // The catalogue's products and the account's own, never another account's.
          or(isNull(t.pesticides.accountId), ofAccount(t.pesticides, session)),
          sql`'fungicide' = any(${t.pesticides.categories})`,
          sql`${cropId} = any(${t.pesticides.cropIds})`,
        ),
      );
    const ids = candidates.map((row) => row.id);
    const catalogue = (await catalogueOfProducts(this.deps.db, [{ countryId }], ids)).get(
      countryId,
    )!;
    const lastValues = ids.length
      ? await this.deps.db
          .select({
            pesticideId: t.accountPesticideValues.pesticideId,
            price: t.accountPesticideValues.price,
            dose: t.accountPesticideValues.dose,
          })
          .from(t.accountPesticideValues)
          .where(
            and(
              ofAccount(t.accountPesticideValues, session),
              inArray(t.accountPesticideValues.pesticideId, ids),
            ),
          )
      : [];
    const last = new Map(lastValues.map((row) => [row.pesticideId, row]));
    return catalogue.products.map((product) => {
      const own = last.get(product.id);
      return {
        ...product,
        ...(own?.price != null ? { price: Number(own.price) } : {}),
        ...(own?.dose != null ? { lastDose: own.dose } : {}),
      };
    });
  }
}
