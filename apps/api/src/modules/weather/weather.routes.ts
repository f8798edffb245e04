import {
  errorBodySchema,
  farmPrecipitationSchema,
  farmWeatherSchema,
  observedRainSchema,
  precipitationBodySchema,
  precipitationQuerySchema,
  weatherFarmParamsSchema as farmParams,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { WeatherService } from './weather.service.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  502: errorBodySchema,
};
const tags = ['weather'];
/** Reading a farm's weather is seeing the farm; recording rain is changing it. */
const read = { access: { permission: 'FAZENDA_VISUALIZAR', planRoute: 'farms' } } as const;
const write = { access: { permission: 'FAZENDA_EDITAR', planRoute: 'farms' } } as const;

/**
 * A farm's weather and rainfall (spec 3 §7 Weather and precipitation; issue 14 item 1). The
 * English and the Portuguese path of the forecast share one handler.
 */
export function weatherRoutes(weather: WeatherService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    for (const [path, operationId] of [
      ['/farms/:id/weather', 'getFarmWeather'],
      ['/fazendas/:id/clima', 'getFazendaClima'],
    ] as const) {
      app.get(
        path,
        {
          config: read,
          schema: {
            tags,
            operationId,
            summary:
              'The farm’s weather now and its forecast by day and hour (rain mm, max/min/current °C, dew point, wind km/h, soil moisture), in its time zone; `simulated: true` when offline; kept for the hour; 502 exception.provider_unavailable',
            params: farmParams,
            response: { 200: farmWeatherSchema, ...errors },
          },
        },
        async (request, reply) => {
          const farm = await weather.farm(sessionOf(request), request.params.id);
          const { key, version } = weather.answerKey(farm);
          await reply.versionedAnswer(key, version, () => weather.weatherOf(farm));
          return reply;
        },
      );
    }

    app.get(
      '/fazendas/:id/precipitation',
      {
        config: read,
        schema: {
          tags,
          operationId: 'getFarmPrecipitation',
          summary:
            'The farm’s rain per day from the provider (prec_mm_day) and as measured at the farm (obs_prec_mm_day), from `from` to `to` (default: the last 30 days); a farm younger than 10 days has no history for its last 10 days',
          params: farmParams,
          querystring: precipitationQuerySchema,
          response: { 200: farmPrecipitationSchema, ...errors },
        },
      },
      async (request) =>
        weather.precipitation(sessionOf(request), request.params.id, request.query),
    );

    app.post(
      '/fazendas/:id/precipitation',
      {
        config: write,
        schema: {
          tags,
          operationId: 'recordFarmPrecipitation',
          summary:
            'Records the rain measured at the farm on a day (mm), replacing that day’s; 400 exception.precipitation.date_in_future for a day after the farm’s today',
          params: farmParams,
          body: precipitationBodySchema,
          response: { 200: observedRainSchema, ...errors },
        },
      },
      async (request) =>
        weather.recordObserved(sessionOf(request), request.params.id, request.body),
    );
  };
}
