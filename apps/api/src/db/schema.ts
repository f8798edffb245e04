import {
  boolean,
  date,
  doublePrecision,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * Reference data: rows every account shares. Ids of the spec's lists are fixed (the seed writes
 * them from packages/domain); geographic ids are assigned once on first seed and never change.
 */

export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  acronym: text('acronym').notNull().unique(),
  name: text('name').notNull(),
  messageKey: text('message_key').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  timeZone: text('time_zone').notNull(),
});

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (table) => [unique('states_country_code_unique').on(table.countryId, table.code)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (table) => [unique('cities_state_name_unique').on(table.stateId, table.name)],
);

export const crops = pgTable('crops', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  messageKey: text('message_key').notNull(),
});

export const seasons = pgTable('seasons', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const seasonCrops = pgTable(
  'season_crops',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    startPeriod: date('start_period', { mode: 'string' }).notNull(),
    endPeriod: date('end_period', { mode: 'string' }).notNull(),
  },
  (table) => [
    unique('season_crops_country_crop_season_unique').on(
      table.countryId,
      table.cropId,
      table.seasonId,
    ),
  ],
);

export const diseases = pgTable('diseases', {
  id: integer('id').primaryKey(),
  cropId: integer('crop_id')
    .notNull()
    .references(() => crops.id),
  code: text('code').notNull(),
  name: text('name').notNull(),
  messageKey: text('message_key').notNull(),
});

export const growthStages = pgTable('growth_stages', {
  id: integer('id').primaryKey(),
  cropId: integer('crop_id')
    .notNull()
    .references(() => crops.id),
  code: text('code').notNull(),
  position: smallint('position').notNull(),
  messageKey: text('message_key').notNull(),
});

/** The spec's small enumerations share one shape: id, code, message key. */
const enumeration = (name: string) =>
  pgTable(name, {
    id: integer('id').primaryKey(),
    code: text('code').notNull().unique(),
    messageKey: text('message_key').notNull(),
  });

export const seedClasses = enumeration('seed_classes');
export const seederSystems = enumeration('seeder_systems');
export const severityLevels = enumeration('severity_levels');
export const notificationTypes = enumeration('notification_types');
export const noteCategories = enumeration('note_categories');

export const pausedClimateReasons = pgTable('paused_climate_reasons', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  messageKey: text('message_key').notNull(),
  requiresDescription: boolean('requires_description').notNull(),
});

export const jobTitles = pgTable('job_titles', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  messageKey: text('message_key').notNull(),
  internal: boolean('internal').notNull(),
});

export const profiles = pgTable('profiles', {
  id: integer('id').primaryKey(),
  uid: text('uid').notNull().unique(),
  messageKey: text('message_key').notNull(),
  allFarms: boolean('all_farms').notNull(),
  internal: boolean('internal').notNull(),
});

export const plans = pgTable('plans', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  priorityLevel: smallint('priority_level').notNull(),
  messageKey: text('message_key').notNull(),
});

/** Which version of a bulky reference set (geography) is loaded, so a restart skips reloading it. */
export const referenceVersions = pgTable('reference_versions', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
