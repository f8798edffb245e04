import {
  ERRORS,
  errorBodySchema,
  citiesParamsSchema,
  citySchema,
  countrySchema,
  cropSchema,
  diseaseSchema,
  diseasesQuerySchema,
  enumeratedSchema,
  jobTitleSchema,
  pauseReasonSchema,
  profileSchema,
  seasonCropSchema,
  seasonCropsQuerySchema,
  stateSchema,
  statesParamsSchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { Session } from '../auth/session.types.ts';
import type { ReferenceService } from './reference.service.ts';

/**
 * Reference data under /api, readable without a token: it holds nothing of an account, and
 * sign-up needs countries, states and cities before anyone is logged in.
 */
export function referenceRoutes(
  reference: ReferenceService,
  /** The country of a farm the session sees (404 otherwise): the farms area answers it. */
  farmCountry: (session: Session, farmId: number) => Promise<number>,
) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['reference'];
    const list = <T extends z.core.$ZodType>(
      path: string,
      operationId: string,
      summary: string,
      item: T,
      answer: () => z.input<T>[],
    ) =>
      app.get(
        path,
        {
          config: { access: 'public' },
          schema: {
            tags,
            operationId,
            summary,
            response: { 200: z.array(item), ...commonErrorResponses },
          },
        },
        async () => answer(),
      );

    list(
      '/crops',
      'listCrops',
      'Crops the app manages: 1 soybean, 2 wheat',
      cropSchema,
      () => reference.list.crops,
    );
    list(
      '/countries',
      'listCountries',
      'Countries of the three markets',
      countrySchema,
      () => reference.list.countries,
    );
    list(
      '/seed-class',
      'listSeedClasses',
      'Seed classes',
      enumeratedSchema,
      () => reference.list.seedClasses,
    );
    list(
      '/seeder-system',
      'listSeederSystems',
      'Seeder systems',
      enumeratedSchema,
      () => reference.list.seederSystems,
    );
    list(
      '/severity-levels',
      'listSeverityLevels',
      'Disease severity levels, highest first',
      enumeratedSchema,
      () => reference.list.severityLevels,
    );
    list(
      '/paused-climate-reasons',
      'listPausedClimateReasons',
      'Reasons to pause a program',
      pauseReasonSchema,
      () => reference.list.pausedClimateReasons,
    );
    list(
      '/notification-types',
      'listNotificationTypes',
      'Farm notification types',
      enumeratedSchema,
      () => reference.list.notificationTypes,
    );
    list(
      '/notes-categories',
      'listNoteCategories',
      'Field-note categories',
      enumeratedSchema,
      () => reference.list.noteCategories,
    );
    list(
      '/job-titles',
      'listJobTitles',
      'Job titles (internal ones are the company staff’s)',
      jobTitleSchema,
      () => reference.list.jobTitles,
    );
    list(
      '/profiles',
      'listProfiles',
      'User profiles',
      profileSchema,
      () => reference.list.profiles,
    );

    app.get(
      '/season-crops',
      {
        // Reference data, readable without a session; for a farm (farm_id), the farm's country,
        // which needs the session that sees the farm.
        config: { access: { optional: true } },
        schema: {
          tags,
          operationId: 'listSeasonCrops',
          summary: 'Seasons per crop and country (or of a farm’s country) with their status today',
          querystring: seasonCropsQuerySchema,
          response: {
            200: z.array(seasonCropSchema),
            401: errorBodySchema,
            ...commonErrorResponses,
          },
        },
      },
      async (request) => {
        const { farm_id: farmId } = request.query;
        let countryId = request.query.country_id;
        if (farmId !== undefined) {
          if (!request.session)
            throw new AppError(ERRORS.tokenNotProvided, 'A farm’s seasons need a session');
          countryId = await farmCountry(request.session, farmId);
        }
        return reference.seasonCrops({ countryId, cropId: request.query.crop_id });
      },
    );

    app.get(
      '/diseases',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'listDiseases',
          summary: 'Diseases, all or those of a season-crop’s crop',
          querystring: diseasesQuerySchema,
          response: { 200: z.array(diseaseSchema), ...commonErrorResponses },
        },
      },
      async (request) => reference.diseases(request.query.seasonCrop),
    );

    app.get(
      '/estados/:country_id',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'listStatesOfCountry',
          summary: 'States of a country',
          params: statesParamsSchema,
          response: { 200: z.array(stateSchema), ...commonErrorResponses },
        },
      },
      async (request) => reference.states(request.params.country_id),
    );

    app.get(
      '/municipios/:state_id',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'listCitiesOfState',
          summary: 'Cities of a state',
          params: citiesParamsSchema,
          response: { 200: z.array(citySchema), ...commonErrorResponses },
        },
      },
      async (request) => reference.cities(request.params.state_id),
    );
  };
}
