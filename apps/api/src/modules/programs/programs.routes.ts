import {
  applicationBodySchema,
  applicationParamsSchema,
  cloneProgramBodySchema,
  defensivesSuggestionBodySchema,
  defensivesSuggestionSchema,
  errorBodySchema,
  growthStageDaySchema,
  idParamsSchema,
  importProgramBodySchema,
  programBodySchema,
  programQuerySchema,
  programSchema,
  programsQuerySchema,
  suggestionSchema,
  type PermissionCode,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../http/auth.ts';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { ProgramServices } from './program-services.ts';

const errors = {
  ...commonErrorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};
const tags = ['programs'];
const rule = (permission: PermissionCode) =>
  ({ access: { permission, planRoute: 'programas' } }) as const;

/** Spray programs and their planned applications (spec 2 §7 Programs; issue 13 items 5–6). */
export function programsRoutes(programs: ProgramServices) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const programParams = idParamsSchema;
    const applicationParams = applicationParamsSchema;

    app.get(
      '/programas',
      {
        config: rule('PLANEJAMENTO_LISTAR'),
        schema: {
          tags,
          operationId: 'listPrograms',
          summary:
            'The plans of a farm variety (cultivar_id), the program of a sowing (semeadura_id) or a farm’s programs (fazenda_id), newest first, with their applications, costs and scores; basic_list=1 leaves out each application’s explanation',
          querystring: programsQuerySchema,
          response: { 200: z.array(programSchema), ...errors },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const { key, version } = await programs.answers.listVersion(session, request.query);
        await reply.versionedAnswer(key, version, () =>
          programs.answers.listJson(session, request.query),
        );
        return reply;
      },
    );
    app.get(
      '/programas/:id',
      {
        config: rule('PLANEJAMENTO_VISUALIZAR'),
        schema: {
          tags,
          operationId: 'getProgram',
          summary:
            'One program with its applications, costs and scores; include=curvas adds the risk and protection per day for the chart',
          params: programParams,
          querystring: programQuerySchema,
          response: { 200: programSchema, ...errors },
        },
      },
      async (request) =>
        programs.answers.get(sessionOf(request), request.params.id, {
          curves: request.query.include === 'curvas',
        }),
    );
    app.post(
      '/programas',
      {
        config: rule('PLANEJAMENTO_CADASTRAR'),
        schema: {
          tags,
          operationId: 'createProgram',
          summary:
            'A program for a farm variety (planning) or a sowing (execution): one main disease, at most two secondary (400 exception.program.too_many_diseases)',
          body: programBodySchema,
          response: { 201: programSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return programs.records.create(sessionOf(request), request.body);
      },
    );
    app.put(
      '/programas/:id',
      {
        config: rule('PLANEJAMENTO_EDITAR'),
        schema: {
          tags,
          operationId: 'updateProgram',
          summary: 'Changes a program’s name, diseases and settings',
          params: programParams,
          body: programBodySchema,
          response: { 200: programSchema, ...errors },
        },
      },
      async (request) =>
        programs.records.update(sessionOf(request), request.params.id, request.body),
    );
    app.delete(
      '/programas/:id',
      {
        config: rule('PLANEJAMENTO_EXCLUIR'),
        schema: {
          tags,
          operationId: 'deleteProgram',
          summary:
            'Deletes a program, refused while it has applied sprays (409 exception.program.has_sprays)',
          params: programParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await programs.records.remove(sessionOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
    app.post(
      '/programas/:id/planejamentos',
      {
        config: rule('PLANEJAMENTO_CADASTRAR'),
        schema: {
          tags,
          operationId: 'addApplication',
          summary:
            'Adds an application at the end of the program: products with dose and price, once each (400 exception.spray.duplicated_defensive), after the previous spray (400 exception.spray.date_before_last) and the sowing (400 exception.spray.date_before_sowing), within the spray limit (400 exception.program.max_sprays) and three white-mold sprays (400 exception.spray.white_mold_limit)',
          params: programParams,
          body: applicationBodySchema,
          response: { 201: programSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return programs.sprayings.addApplication(
          sessionOf(request),
          request.params.id,
          request.body,
        );
      },
    );
    app.get(
      '/programas/:id/planejamentos/sugerir',
      {
        config: rule('PLANEJAMENTO_VISUALIZAR'),
        schema: {
          tags,
          operationId: 'suggestApplications',
          summary:
            'The engine’s suggested applications for the program (AGRONOMY §7: risk window, intervals, rotation and season caps, white-mold sprays, rational), not saved; products at the label’s dose or, where the source gives none, the account’s last dose',
          params: programParams,
          response: { 200: suggestionSchema, ...errors },
        },
      },
      async (request) => programs.suggestions.suggest(sessionOf(request), request.params.id),
    );
    app.get(
      '/programs/:id/growth-stages',
      {
        config: rule('PLANEJAMENTO_VISUALIZAR'),
        schema: {
          tags,
          operationId: 'listProgramGrowthStages',
          summary:
            'The stage timeline the program is computed on: its sowing’s, or the plan’s expected emergence and cycle (empty without them)',
          params: programParams,
          response: {
            200: z.array(growthStageDaySchema),
            ...errors,
          },
        },
      },
      async (request) => programs.answers.growthStages(sessionOf(request), request.params.id),
    );
    app.post(
      '/programas/:id/importar',
      {
        config: rule('PLANEJAMENTO_CADASTRAR'),
        schema: {
          tags,
          operationId: 'importProgram',
          summary:
            'Brings a plan into a sowing: a new program for the sowing with the plan’s diseases, settings and applications, moved by the days between the expected and the real emergence',
          params: programParams,
          body: importProgramBodySchema,
          response: { 201: programSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return programs.copies.importInto(
          sessionOf(request),
          request.params.id,
          request.body.semeadura_id,
        );
      },
    );
    app.post(
      '/programas/:id/clonar',
      {
        config: rule('PLANEJAMENTO_CADASTRAR'),
        schema: {
          tags,
          operationId: 'cloneProgram',
          summary:
            'Copies a program to farm varieties of the account (all or nothing: a variety not seen 404, of another crop 400)',
          params: programParams,
          body: cloneProgramBodySchema,
          response: { 201: z.array(programSchema), ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return programs.copies.cloneTo(
          sessionOf(request),
          request.params.id,
          request.body.cultivares,
          request.body.farm_id,
        );
      },
    );
    app.post(
      '/defensives/suggest',
      {
        config: { access: { permission: 'DEFENSIVO_LISTAR', planRoute: 'programas' } },
        schema: {
          tags: ['defensives'],
          operationId: 'suggestDefensives',
          summary:
            'The engine’s products for sprays 1..spraying_number of a program not yet written (AGRONOMY §7 step 3, medium severity, reference cycle): each position with its defensives, efficacies and diseases; main_defensive_id is the first spray’s. Beyond the crop’s limit 400 exception.program.max_sprays',
          body: defensivesSuggestionBodySchema,
          response: { 200: defensivesSuggestionSchema, ...errors },
        },
      },
      async (request) => programs.suggestions.suggestDefensives(sessionOf(request), request.body),
    );
    app.put(
      '/programas/:program_id/planejamentos/:id',
      {
        config: rule('PLANEJAMENTO_EDITAR'),
        schema: {
          tags,
          operationId: 'updateApplication',
          summary: 'Changes an application’s day and products, with the rules of a new one',
          params: applicationParams,
          body: applicationBodySchema,
          response: { 200: programSchema, ...errors },
        },
      },
      async (request) =>
        programs.sprayings.updateApplication(
          sessionOf(request),
          request.params.program_id,
          request.params.id,
          request.body,
        ),
    );
    app.delete(
      '/programas/:program_id/planejamentos/:id',
      {
        config: rule('PLANEJAMENTO_EXCLUIR'),
        schema: {
          tags,
          operationId: 'deleteApplication',
          summary:
            'Removes a planned application; an applied one is undone first (409 exception.spray.only_last_removable)',
          params: applicationParams,
          response: { 200: programSchema, ...errors },
        },
      },
      async (request) =>
        programs.sprayings.removeApplication(
          sessionOf(request),
          request.params.program_id,
          request.params.id,
        ),
    );
  };
}
