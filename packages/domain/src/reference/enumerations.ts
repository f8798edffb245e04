/**
 * Small fixed lists of the spec. Each item has a stable id (stored in other rows), a code and the
 * message key the web app translates.
 */
export interface Enumerated {
  id: number;
  code: string;
  message_key: string;
}

function enumerate(prefix: string, codes: readonly string[]): Enumerated[] {
  return codes.map((code, index) => ({ id: index + 1, code, message_key: `${prefix}.${code}` }));
}

export const SEED_CLASSES = enumerate('seed_class', ['certified', 'inspected', 'selected']);

export const SEEDER_SYSTEMS = enumerate('seeder_system', [
  'perforated_disk',
  'endless_thread',
  'pinching_fingers',
  'perforated_belt',
  'fluted_cylinder',
  'pneumatic_seeder',
  'others',
]);

export interface PauseReason extends Enumerated {
  /** "other" needs a free-text description. */
  requires_description: boolean;
}

export const PAUSED_CLIMATE_REASONS: readonly PauseReason[] = enumerate('paused_climate_reason', [
  'drought',
  'hail',
  'lodging',
  'frost',
  'other',
]).map((reason) => ({ ...reason, requires_description: reason.code === 'other' }));

/** Ordered from the highest disease pressure to the lowest. */
export const SEVERITY_LEVELS = enumerate('severity', [
  'high',
  'medium_high',
  'medium',
  'medium_low',
  'low',
]);

export const NOTIFICATION_TYPES = enumerate('notification_type', [
  'weather_forecast',
  'commodity_quotations',
  'weekly_applications',
]);

export const NOTE_CATEGORIES = enumerate('note_category', [
  'buy_and_sell',
  'climate',
  'diseases',
  'fertilizing',
  'machines',
  'nematodes',
  'pests',
  'others',
]);

export interface JobTitle extends Enumerated {
  /** The company's own staff titles: never offered to customers. */
  internal: boolean;
}

export const JOB_TITLES: readonly JobTitle[] = enumerate('job_title', [
  'farm_administrator',
  'agricultural_technical_consultancy',
  'manager',
  'agricultural_engineering_consultancy',
  'machine_operator',
  'operation_supervisor',
  'dealer',
  'researcher',
  'student',
  'other',
  'manager_admin_general',
  'manager_admin_marketing',
  'manager_admin_sales',
  'manager_admin_operations',
]).map((title) => ({ ...title, internal: title.code.startsWith('manager_admin_') }));
