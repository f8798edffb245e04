import { z } from 'zod';

/**
 * The one error shape every API answers with, and the keys of the spec's catalogue. The web app
 * translates `key`; `context.message` is an English hint for logs and developers only.
 */
export const errorBodySchema = z.object({
  code: z.number().int(),
  key: z.string(),
  context: z.object({
    message: z.string(),
    additionalInfo: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_KEYS = {
  unexpected: 'exception.unexpected_error',
  badRequest: 'exception.bad_request',
  validation: 'exception.validation_error',
  notFound: 'exception.not_found',
  routeNotFound: 'exception.route_not_found',
  maintenance: 'exception.maintenance',
  actionUnauthorized: 'exception.action_unauthorized',
  stateNotFound: 'exception.state_not_found',
  countryNotFound: 'exception.country_not_found',
  seasonCropNotFound: 'exception.season_crop_not_found',
} as const;

/** One failing field of a validation error, in `context.additionalInfo`. */
export interface FieldError {
  field: string;
  key: string;
  message: string;
}
