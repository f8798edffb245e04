import {
  billingPlanAdminSchema,
  billingPlanBodySchema,
  billingPlanSchema,
  billingPlansQuerySchema,
  errorBodySchema,
  idParamsSchema,
  planTierSchema,
  type BillingPlan,
  type PlanTier,
} from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrorResponses } from '../../http/schemas.ts';
import type { BillingPlansService } from './billing-plans.service.ts';

const errors = { ...commonErrorResponses, 401: errorBodySchema, 403: errorBodySchema };
const tags = ['plans'];

/** The tiers (public reference data) and their price list (spec 1 §7). */
export function planRoutes(billingPlans: BillingPlansService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/api/plans',
      {
        config: { access: 'public' },
        schema: {
          tags,
          operationId: 'listPlans',
          summary: 'The five tiers with their level, presentation link and cheapest monthly price',
          response: { 200: z.array(planTierSchema), ...commonErrorResponses },
        },
      },
      // The kept, frozen list (billing-plans.service.ts): its JSON is written once.
      async () => (await billingPlans.tiers()) as PlanTier[],
    );
    app.get(
      '/payment-api/plans',
      {
        config: { access: {} },
        schema: {
          tags,
          operationId: 'listBillingPlans',
          summary: 'The billing plans (price per tier and interval) in the language asked for',
          querystring: billingPlansQuerySchema,
          response: { 200: z.array(billingPlanSchema), ...errors },
        },
      },
      async (request) => (await billingPlans.list(request.query.language ?? 'pt')) as BillingPlan[],
    );
  };
}

/** The price list in the back office: platform administrators only. */
export function billingPlanBackOfficeRoutes(billingPlans: BillingPlansService) {
  return async function register(fastify: FastifyInstance): Promise<void> {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const access = { platformAdmin: true as const };
    app.get(
      '/billing-plans',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'listBillingPlansBackOffice',
          summary: 'Every billing plan, with its names in pt, en and es',
          response: { 200: z.array(billingPlanAdminSchema), ...errors },
        },
      },
      async () => billingPlans.listForBackOffice(),
    );
    app.post(
      '/billing-plans',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'createBillingPlan',
          summary: 'Add a billing plan to the price list',
          body: billingPlanBodySchema,
          response: { 201: billingPlanAdminSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await billingPlans.create(request.body)),
    );
    app.put(
      '/billing-plans/:id',
      {
        config: { access },
        schema: {
          tags,
          operationId: 'updateBillingPlan',
          summary: 'Edit a billing plan; status inactive stops selling it',
          params: idParamsSchema,
          body: billingPlanBodySchema,
          response: { 200: billingPlanAdminSchema, ...errors },
        },
      },
      async (request) => billingPlans.update(request.params.id, request.body),
    );
  };
}
