import {
  applySprayingBodySchema,
  errorBodySchema,
  executionBodySchema,
  executionParamsSchema as executionParams,
  idParamsSchema,
  pauseBodySchema,
  programSchema,
  resumeBodySchema,
  sprayingParamsSchema as sprayingParams,
  type PermissionCode,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  ({ access: { permission, planRoute: 'execucao' } }) as const;

/**
 * Executions of a sowing's program (issue 13 items 7–8): a spraying applied or undone, the program
 * paused and resumed; the engine moves the planned sprays (AGRONOMY.md §8).
 */
export function executionsRoutes(programs: ProgramServices) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/programas/:id/execucoes',
      {
        config: rule('EXECUCAO_CADASTRAR'),
        schema: {
          tags,
          operationId: 'addExecution',
          summary:
            'Adds a spraying to a sowing’s program with the rules of a planned application; with data_realizada it is recorded as applied (409 exception.program.paused, exception.program.not_execution, exception.sowing.other_season)',
          params: idParamsSchema,
          body: executionBodySchema,
          response: { 201: programSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return programs.sprayings.addExecution(sessionOf(request), request.params.id, request.body);
      },
    );
    app.put(
      '/programas/:program_id/execucoes/:execution_id',
      {
        config: rule('EXECUCAO_EDITAR'),
        schema: {
          tags,
          operationId: 'updateExecution',
          summary:
            'Changes a sowing’s spraying: its products and planned day, and for an applied one the day it was sprayed (data_realizada)',
          params: executionParams,
          body: executionBodySchema,
          response: { 200: programSchema, ...errors },
        },
      },
      async (request) =>
        programs.sprayings.updateExecution(
          sessionOf(request),
          request.params.program_id,
          request.params.execution_id,
          request.body,
        ),
    );
    app.delete(
      '/programas/:program_id/execucoes/:execution_id',
      {
        config: rule('EXECUCAO_EXCLUIR'),
        schema: {
          tags,
          operationId: 'deleteExecution',
          summary:
            'Removes a sowing’s last spraying, applied or not (409 exception.spray.only_last_removable for any other)',
          params: executionParams,
          response: { 200: programSchema, ...errors },
        },
      },
      async (request) =>
        programs.sprayings.removeExecution(
          sessionOf(request),
          request.params.program_id,
          request.params.execution_id,
        ),
    );
    app.post(
      '/programs/:program_id/sprayings/:ordinal/apply',
      {
        config: rule('EXECUCAO_EDITAR'),
        schema: {
          tags,
          operationId: 'applySpraying',
          summary:
            'Records the spraying at this position as applied (default today); later planned sprays move beyond 2 days’ difference; refused for a plan (409 exception.program.not_execution), a sowing of another season (409 exception.sowing.other_season) or while paused (409 exception.program.paused); the same day again changes nothing, another day once applied is 409 exception.spraying.already_applied',
          params: sprayingParams,
          body: applySprayingBodySchema,
          response: { 200: programSchema, ...errors },
        },
      },
      async (request) =>
        programs.schedule.apply(
          sessionOf(request),
          request.params.program_id,
          request.params.ordinal,
          request.body?.applied_at,
        ),
    );
    app.post(
      '/programs/:program_id/sprayings/:ordinal/unapply',
      {
        config: rule('EXECUCAO_EDITAR'),
        schema: {
          tags,
          operationId: 'unapplySpraying',
          summary: 'Undoes an applied spraying: its plan comes back',
          params: sprayingParams,
          response: { 200: programSchema, ...errors },
        },
      },
      async (request) =>
        programs.schedule.unapply(
          sessionOf(request),
          request.params.program_id,
          request.params.ordinal,
        ),
    );
    app.post(
      '/programs/:id/pause',
      {
        config: rule('EXECUCAO_EDITAR'),
        schema: {
          tags,
          operationId: 'pauseProgram',
          summary:
            'Pauses a program for drought, hail, lodging, frost or another reason (with a description); 409 exception.program.paused when it already is',
          params: idParamsSchema,
          body: pauseBodySchema,
          response: { 200: programSchema, ...errors },
        },
      },
      async (request) =>
        programs.schedule.pause(sessionOf(request), request.params.id, request.body),
    );
    app.post(
      '/programs/:id/resume',
      {
        config: rule('EXECUCAO_EDITAR'),
        schema: {
          tags,
          operationId: 'resumeProgram',
          summary:
            'Resumes a paused program (409 exception.program.not_paused otherwise): planned sprays from the pause on move by its length',
          params: idParamsSchema,
          body: resumeBodySchema,
          response: { 200: programSchema, ...errors },
        },
      },
      async (request) =>
        programs.schedule.resume(sessionOf(request), request.params.id, request.body?.resumed_at),
    );
  };
}
