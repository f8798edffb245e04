import { errorBodySchema } from '@lavoura/domain';
import { z } from 'zod';

/** A database id in a path or query: digits only, within PostgreSQL's integer range. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Error answers every route may give, for the OpenAPI document. */
export const commonErrorResponses = {
  400: errorBodySchema,
  404: errorBodySchema,
  500: errorBodySchema,
  503: errorBodySchema,
} as const;
