import { z } from 'zod/mini';
import { isoDateSchema } from './common.ts';
import { plannedDayWindowSchema } from './spray-windows.ts';

/**
 * The linkage dashboard (issue 30 item 9; spec 1's /dashboard-linkage): for a person who belongs
 * to several accounts (an agronomist or a reseller's consultant), one answer across them. Per
 * account the person is an active, accepted member of, per farm their membership sees: the
 * sprayings due in the next 7 days with their spray window, the programs paused, the rain alerts
 * of those sprayings and the sowings past their expected harvest without one recorded. Every item
 * is read from the account's records; what the account's plan or the member's profile does not
 * include is left out (`sections` says which parts were read).
 */

/** How many days the dashboard looks ahead: today and the next six, in the farm's time zone. */
export const LINKAGE_DUE_DAYS = 7;

const linkageDueSprayingSchema = z.object({
  spraying_id: z.int(),
  /** The spraying's 1-based position in its program. */
  ordinal: z.int(),
  program_id: z.int(),
  sowing_id: z.int(),
  plot_name: z.string(),
  planned_date: isoDateSchema,
  /** The planned day's best window or nearest good day; absent when the forecast did not answer. */
  spray_window: z.optional(plannedDayWindowSchema),
});
export type LinkageDueSpraying = z.infer<typeof linkageDueSprayingSchema>;

const linkagePausedProgramSchema = z.object({
  program_id: z.int(),
  sowing_id: z.int(),
  plot_name: z.string(),
  /** The pause's reason (reference list PAUSED_CLIMATE_REASONS). */
  reason_id: z.int(),
  paused_at: isoDateSchema,
});
export type LinkagePausedProgram = z.infer<typeof linkagePausedProgramSchema>;

/**
 * The app's rain alert (the notifications' weather alert, `rainAlertFor`): a due spraying with
 * RAIN_ALERT_THRESHOLD_MM or more forecast on its day or the next. Metric; the web converts.
 */
const linkageRainAlertSchema = z.object({
  spraying_id: z.int(),
  sowing_id: z.int(),
  plot_name: z.string(),
  planned_date: isoDateSchema,
  rain_day: isoDateSchema,
  rain_mm: z.number(),
  /** From the offline provider's made-up forecast. */
  simulated: z.boolean(),
});
export type LinkageRainAlert = z.infer<typeof linkageRainAlertSchema>;

/** A sowing whose cycle has run (emergence + cycle ≤ today: "ready to harvest") with no harvest. */
const linkageMissingHarvestSchema = z.object({
  sowing_id: z.int(),
  plot_name: z.string(),
  /** Emergence plus the estimated cycle: the day the harvest was expected. */
  expected_harvest: isoDateSchema,
});
export type LinkageMissingHarvest = z.infer<typeof linkageMissingHarvestSchema>;

const linkageFarmSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** The farm's today (its time zone): the first of the due days. */
  today: isoDateSchema,
  due: z.array(linkageDueSprayingSchema),
  paused: z.array(linkagePausedProgramSchema),
  rain_alerts: z.array(linkageRainAlertSchema),
  missing_harvests: z.array(linkageMissingHarvestSchema),
  /** False when the forecast did not answer: windows and rain alerts are then left out. */
  weather_available: z.boolean(),
});
export type LinkageFarm = z.infer<typeof linkageFarmSchema>;

const linkageAccountSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** The signed-in account: a click needs no switch. */
  current: z.boolean(),
  /**
   * What the account's plan and the member's profile there let this answer read: the executions
   * (due sprayings, pauses, rain alerts) and the sowings (missing harvests).
   */
  sections: z.object({ executions: z.boolean(), sowings: z.boolean() }),
  farms: z.array(linkageFarmSchema),
});
export type LinkageAccount = z.infer<typeof linkageAccountSchema>;

export const linkageOverviewSchema = z.object({
  days: z.int(),
  accounts: z.array(linkageAccountSchema),
});
export type LinkageOverview = z.infer<typeof linkageOverviewSchema>;
