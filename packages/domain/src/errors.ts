import { z } from 'zod/mini';
import { FIELD_KEYS, type FieldKey } from './field-errors.ts';

/**
 * The one error shape every API answers with, and the one registry of its keys. The web app
 * translates `key` (namespace errors of @lavoura/i18n: `npm run check` fails when a key below has
 * no text in pt, en or es); `context.message` is an English hint for logs and developers only.
 * No key is written as a literal anywhere else (ESLint refuses one): code names an entry of ERRORS.
 */
export const errorBodySchema = z.object({
  code: z.int(),
  key: z.string(),
  context: z.object({
    message: z.string(),
    additionalInfo: z.optional(z.unknown()),
  }),
});
z.globalRegistry.add(errorBodySchema, { id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An error the API can answer: its translatable key and HTTP status. */
export interface ErrorType {
  readonly key: string;
  readonly status: number;
}

/**
 * Every error of the API. Where one key is answered with two statuses (a login refused with 403,
 * the same reason ending an open session with 401), each use has its own entry.
 */
export const ERRORS = {
  // the framework and the request
  unexpected: { key: 'exception.unexpected_error', status: 500 },
  badRequest: { key: 'exception.bad_request', status: 400 },
  validation: { key: 'exception.validation_error', status: 400 },
  notFound: { key: 'exception.not_found', status: 404 },
  routeNotFound: { key: 'exception.route_not_found', status: 404 },
  methodNotAllowed: { key: 'exception.bad_request', status: 405 },
  payloadTooLarge: { key: 'exception.payload_too_large', status: 413 },
  unsupportedMediaType: { key: 'exception.unsupported_media_type', status: 415 },
  headersTooLarge: { key: 'exception.headers_too_large', status: 431 },
  tooManyRequests: { key: 'exception.too_many_requests', status: 429 },
  maintenance: { key: 'exception.maintenance', status: 503 },
  databaseUnavailable: { key: 'exception.database_unavailable', status: 503 },
  csrf: { key: 'exception.csrf', status: 403 },
  // access
  actionUnauthorized: { key: 'exception.action_unauthorized', status: 403 },
  planNoPermission: { key: 'plan.exception.no_permission', status: 403 },
  // reference data
  stateNotFound: { key: 'exception.state_not_found', status: 404 },
  countryNotFound: { key: 'exception.country_not_found', status: 404 },
  seasonCropNotFound: { key: 'exception.season_crop_not_found', status: 404 },
  jobTitleNotFound: { key: 'exception.job_title_not_found', status: 404 },
  planNotFound: { key: 'exception.plan_not_found', status: 404 },
  // sign-in and sessions
  invalidCredentials: { key: 'exception.invalid_credentials', status: 401 },
  accountNotActivated: { key: 'exception.account_not_activated', status: 403 },
  tooManyAttempts: { key: 'exception.too_many_attempts', status: 429 },
  userInactive: { key: 'exception.user_inactive', status: 403 },
  noAccounts: { key: 'exception.no_accounts', status: 403 },
  noContracts: { key: 'exception.no_contracts', status: 403 },
  contractNotStarted: { key: 'exception.contract_not_started', status: 403 },
  temporaryPasswordExpired: { key: 'exception.temporary_password_expired', status: 401 },
  invalidCurrentPassword: { key: 'exception.invalid_current_password', status: 400 },
  tokenNotProvided: { key: 'exception.token_not_provided', status: 401 },
  invalidToken: { key: 'exception.invalid_token', status: 401 },
  tokenExpired: { key: 'exception.token_expired', status: 401 },
  sessionUserInactive: { key: 'exception.user_inactive', status: 401 },
  sessionNoContracts: { key: 'exception.no_contracts', status: 401 },
  sessionContractNotStarted: { key: 'exception.contract_not_started', status: 401 },
  // sign-up and activation
  resendTooSoon: { key: 'exception.activation.resend_too_soon', status: 429 },
  invalidActivationCode: { key: 'exception.activation_code_invalid', status: 400 },
  /** Expired, or wrong too many times: a new code must be sent. */
  activationCodeVoid: { key: 'exception.activation_code_void', status: 400 },
  accountAlreadyActive: { key: 'exception.account_already_active', status: 409 },
  // accounts and users
  accountNotFound: { key: 'exception.account_not_found', status: 404 },
  userNotFound: { key: 'exception.user_not_found', status: 404 },
  userAlreadyExists: { key: 'exception.user_already_exists', status: 409 },
  usersExceededLimit: { key: 'exception.users.exceeded_limit', status: 400 },
  cannotChangeSelf: { key: 'exception.users.cannot_change_self', status: 400 },
  profileNotAssignable: { key: 'exception.users.profile_not_assignable', status: 400 },
  farmNotFound: { key: 'exception.farm_not_found', status: 400 },
  invitationNotFound: { key: 'exception.invitation_not_found', status: 404 },
  // records changed meanwhile (optimistic concurrency: the body's updated_at is stale)
  conflict: { key: 'exception.conflict', status: 409 },
  // farms and plots
  farmDisabled: { key: 'exception.farm.disabled', status: 409 },
  farmUsedInSowing: { key: 'exception.farm.used_in_sowing', status: 409 },
  farmHasPlannedVarieties: { key: 'exception.farm.has_planned_varieties', status: 409 },
  seasonEnableLimitExceeded: { key: 'exception.season.enable_limit_exceeded', status: 409 },
  plotNotFound: { key: 'exception.plot_not_found', status: 400 },
  plotDisabled: { key: 'exception.plot.disabled', status: 409 },
  plotInvalidGeometry: { key: 'exception.plot.invalid_geometry', status: 400 },
  plotAreaLocked: { key: 'exception.plot.area_locked', status: 409 },
  plotHasUnharvestedSowing: { key: 'exception.plot.has_unharvested_sowing', status: 409 },
  plotExceededContractedArea: { key: 'exception.plot.exceeded_contracted_area', status: 409 },
  // the outline covers ground of another plot of the farm; saved only with `confirm_overlap`
  plotOverlap: { key: 'exception.plot.overlap', status: 409 },
  kmlInvalidFormat: { key: 'exception.kml.invalid_format', status: 400 },
  kmlInvalidCoordinates: { key: 'exception.kml.invalid_coordinates', status: 400 },
  kmlTooFewPoints: { key: 'exception.kml.too_few_points', status: 400 },
  kmlNoPolygons: { key: 'exception.kml.no_polygons', status: 400 },
  // more plots than one import saves (PLOT_IMPORT_LIMITS), KML or field import alike
  plotImportTooManyPlots: { key: 'exception.kml.too_many_plots', status: 400 },
  fileTooLarge: { key: 'exception.file.too_large', status: 413 },
  // field notes
  invalidQueryValue: { key: 'exception.invalid_query_value', status: 400 },
  fileUnsupportedType: { key: 'exception.file.unsupported_type', status: 400 },
  // farm varieties
  varietyAlreadyAdded: { key: 'exception.variety.already_added', status: 409 },
  varietyNotIndicatedForRegion: { key: 'exception.variety.not_indicated_for_region', status: 409 },
  varietyInUse: { key: 'exception.variety.in_use', status: 409 },
  /** An account's own product used in a program (issue 28 item 5). */
  productInUse: { key: 'exception.product.in_use', status: 409 },
  // sowings, harvests, irrigation
  /** A sowing id of a body the session does not reach (in a path it is 404 `not_found`). */
  sowingNotFound: { key: 'exception.sowing_not_found', status: 400 },
  sowingAreaExceedsRemaining: { key: 'exception.sowing.area_exceeds_remaining', status: 400 },
  sowingEmergenceBeforeSowing: { key: 'exception.sowing.emergence_before_sowing', status: 400 },
  sowingEmergenceOutsideSeason: { key: 'exception.sowing.emergence_outside_season', status: 400 },
  varietyNotAdded: { key: 'exception.variety.not_added', status: 400 },
  sowingOtherSeason: { key: 'exception.sowing.other_season', status: 409 },
  sowingHasHarvest: { key: 'exception.sowing.has_harvest', status: 409 },
  sowingHasAppliedSprays: { key: 'exception.sowing.has_applied_sprays', status: 409 },
  sowingUsedInProgram: { key: 'exception.sowing.used_in_program', status: 409 },
  sowingDateLocked: { key: 'exception.sowing.date_locked', status: 409 },
  harvestDateBeforeSowing: { key: 'exception.harvest.date_before_sowing', status: 400 },
  harvestDateInFuture: { key: 'exception.harvest.date_in_future', status: 400 },
  irrigationStartAfterEnd: { key: 'exception.irrigation.start_after_end', status: 400 },
  irrigationZeroAmount: { key: 'exception.irrigation.zero_amount', status: 400 },
  // spray programs
  programTooManyDiseases: { key: 'exception.program.too_many_diseases', status: 400 },
  programHasSprays: { key: 'exception.program.has_sprays', status: 409 },
  programMaxSprays: { key: 'exception.program.max_sprays', status: 400 },
  programPaused: { key: 'exception.program.paused', status: 409 },
  programNotPaused: { key: 'exception.program.not_paused', status: 409 },
  programNotExecution: { key: 'exception.program.not_execution', status: 409 },
  sprayDuplicatedDefensive: { key: 'exception.spray.duplicated_defensive', status: 400 },
  sprayDateBeforeLast: { key: 'exception.spray.date_before_last', status: 400 },
  sprayDateBeforeSowing: { key: 'exception.spray.date_before_sowing', status: 400 },
  sprayWhiteMoldLimit: { key: 'exception.spray.white_mold_limit', status: 400 },
  sprayOnlyLastRemovable: { key: 'exception.spray.only_last_removable', status: 409 },
  // spray prescription (issue 13 item 9)
  prescriptionNoSprayings: { key: 'exception.prescription.no_sprayings', status: 409 },
  // insights (issue 14): NDVI, reports, weekly digest, integrations, outside providers
  ndviNotEnabled: { key: 'exception.ndvi.not_enabled', status: 403 },
  reportNoHarvestStage: { key: 'exception.report.no_harvest_stage', status: 404 },
  reportNoPlots: { key: 'exception.report.no_plots', status: 404 },
  reportNoSowings: { key: 'exception.report.no_sowings', status: 404 },
  reportNoHarvestedSowings: { key: 'exception.report.no_harvested_sowings', status: 404 },
  digestInvalidToken: { key: 'exception.digest.invalid_token', status: 401 },
  digestExpiredToken: { key: 'exception.digest.expired_token', status: 401 },
  digestNoData: { key: 'exception.digest.no_data', status: 404 },
  unsubscribeInvalidToken: { key: 'exception.unsubscribe.invalid_token', status: 400 },
  unsubscribeExpiredToken: { key: 'exception.unsubscribe.expired_token', status: 410 },
  integrationManualToggleNotAllowed: {
    key: 'exception.integration.manual_toggle_not_allowed',
    status: 403,
  },
  integrationNotFound: { key: 'exception.integration.not_found', status: 404 },
  calendarFeedNotFound: { key: 'exception.calendar.feed_not_found', status: 404 },
  googleCalendarAuthFailed: { key: 'exception.google_calendar.auth_failed', status: 502 },
  fieldImportInvalidFile: { key: 'exception.field_import.invalid_file', status: 400 },
  precipitationInFuture: { key: 'exception.precipitation.date_in_future', status: 400 },
  providerUnavailable: { key: 'exception.provider_unavailable', status: 502 },
  sprayingNotApplied: { key: 'exception.spraying.not_applied', status: 409 },
  sprayingAlreadyApplied: { key: 'exception.spraying.already_applied', status: 409 },
  sprayWindowThresholdsInconsistent: {
    key: 'exception.spray_windows.thresholds_inconsistent',
    status: 400,
  },
  // plans
  freemiumLimitExceeded: { key: 'exception.freemium.limit_exceeded', status: 403 },
  paymentInvalidCard: { key: 'exception.payment.invalid_card', status: 400 },
  paymentCardDeclined: { key: 'exception.payment.card_declined', status: 402 },
  paymentProviderError: { key: 'exception.payment.provider_error', status: 502 },
  paymentTooManyAttempts: { key: 'exception.payment.too_many_attempts', status: 429 },
  paymentPending: { key: 'exception.payment.pending', status: 409 },
  billingPlanNotFound: { key: 'exception.billing_plan_not_found', status: 400 },
} as const satisfies Record<string, ErrorType>;

export type ErrorName = keyof typeof ERRORS;

/** Keys the web app shows that no API answer carries (the request never got an answer). */
export const CLIENT_ERROR_KEYS = {
  networkError: 'exception.network_error',
} as const;

/** Each error's key by name (`ERROR_KEYS.userNotFound`), for code that compares keys. */
export const ERROR_KEYS = Object.fromEntries(
  Object.entries(ERRORS).map(([name, type]) => [name, type.key]),
) as { readonly [Name in ErrorName]: (typeof ERRORS)[Name]['key'] };

/** Every key an answer or the web app may show, for the check that each has its three texts. */
export const ALL_ERROR_KEYS: readonly string[] = [
  ...new Set([...Object.values(ERROR_KEYS), ...Object.values(CLIENT_ERROR_KEYS)]),
];

/** One failing field of a validation error, in `context.additionalInfo`. */
export interface FieldError {
  field: string;
  key: string;
  message: string;
  /** The limit a size rule names (`field.too_long` of a 120-character name: 120). */
  limit?: number;
}

/**
 * A body field a service refuses after the schema passed (an unknown id, a rule across fields),
 * named as the schema's own errors name theirs (`body.<path>`).
 */
export function bodyFieldError(
  path: string,
  message: string,
  key: FieldKey = FIELD_KEYS.invalid,
): FieldError {
  return { field: `body.${path}`, key, message };
}
