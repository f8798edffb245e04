import {
  citySchema,
  countrySchema,
  cropSchema,
  diseaseSchema,
  enumeratedSchema,
  jobTitleSchema,
  pauseReasonSchema,
  planSchema,
  profileSchema,
  seasonCropSchema,
  stateSchema,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrorResponses, idSchema } from '../../http/schemas.ts';
import type { ReferenceService } from './reference.service.ts';

/**
 * Reference data under /api, readable without a token: it holds nothing of an account, and
 * sign-up needs countries, states and cities before anyone is logged in.
 */
export function referenceRoutes(reference: ReferenceService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['reference'];
    const list = <T extends z.ZodType>(
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
    list(
      '/plans',
      'listPlans',
      'Subscription plans with their priority level',
      planSchema,
      () => reference.list.plans,
    );

    app.get(
      '/season-crops',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'listSeasonCrops',
          summary: 'Seasons per crop and country with their status computed from today',
          querystring: z.object({ country_id: idSchema.optional(), crop_id: idSchema.optional() }),
          response: { 200: z.array(seasonCropSchema), ...commonErrorResponses },
        },
      },
      async (request) =>
        reference.seasonCrops({
          countryId: request.query.country_id,
          cropId: request.query.crop_id,
        }),
    );

    app.get(
      '/diseases',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'listDiseases',
          summary: 'Diseases, all or those of a season-crop’s crop',
          querystring: z.object({ seasonCrop: idSchema.optional() }),
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
          params: z.object({ country_id: idSchema }),
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
          params: z.object({ state_id: idSchema }),
          response: { 200: z.array(citySchema), ...commonErrorResponses },
        },
      },
      async (request) => reference.cities(request.params.state_id),
    );
  };
}
