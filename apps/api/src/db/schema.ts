import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

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
      .references(() => countries.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    /** Official code: IBGE (Brazil's UF), FIPS (US), the tax authority's SIFEN code (Paraguay). */
    officialCode: text('official_code'),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * Rows of an earlier list that the authoritative one does not have stay (ids already stored
     * keep working) but are no longer offered in the lists.
     */
    listed: boolean('listed').notNull().default(true),
  },
  (table) => [unique('states_country_code_unique').on(table.countryId, table.code)],
);

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    /** IBGE municipality code (7 digits), US county FIPS (5), Paraguay SIFEN district (1–3). */
    officialCode: text('official_code'),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** See states.listed: kept for the ids already stored, not offered any more. */
    listed: boolean('listed').notNull().default(true),
  },
  (table) => [
    unique('cities_state_name_unique').on(table.stateId, table.name),
    unique('cities_state_official_code_unique').on(table.stateId, table.officialCode),
  ],
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
      .references(() => seasons.id, { onDelete: 'restrict' }),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id, { onDelete: 'restrict' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
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
    .references(() => crops.id, { onDelete: 'restrict' }),
  code: text('code').notNull(),
  name: text('name').notNull(),
  messageKey: text('message_key').notNull(),
});

export const growthStages = pgTable('growth_stages', {
  id: integer('id').primaryKey(),
  cropId: integer('crop_id')
    .notNull()
    .references(() => crops.id, { onDelete: 'restrict' }),
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

/**
 * Identity: accounts (tenants), users, and memberships that give a user a profile in an account.
 * One user may belong to several accounts.
 */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  countryId: integer('country_id')
    .notNull()
    .references(() => countries.id, { onDelete: 'restrict' }),
  stateId: integer('state_id').references(() => states.id, { onDelete: 'restrict' }),
  cityId: integer('city_id').references(() => cities.id, { onDelete: 'restrict' }),
  planId: integer('plan_id')
    .notNull()
    .references(() => plans.id, { onDelete: 'restrict' }),
  maxUsers: integer('max_users').notNull().default(5),
  /** Paid access starts on this day (the login says when); null for Freemium. */
  contractStart: date('contract_start', { mode: 'string' }),
  contractedArea: doublePrecision('contracted_area'),
  /** The account's customer id at each payment provider (`{"vindi": "1234"}`), reused by every purchase. */
  paymentCustomerIds: jsonb('payment_customer_ids')
    .$type<Record<string, string>>()
    .notNull()
    .default({}),
  /** The company's own account, holding the platform administrators. */
  internal: boolean('internal').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** regular, temporary (set by an administrator) or recovery_temp_password (signed in with one). */
  passwordType: text('password_type').notNull().default('regular'),
  /** A recovery password lives beside the real one until it expires or is used to change it. */
  recoveryPasswordHash: text('recovery_password_hash'),
  recoveryExpiresAt: timestamp('recovery_expires_at', { withTimezone: true }),
  language: text('language').notNull().default('pt'),
  /** 'Y' in the answers: the next login must change the password first. */
  firstLogin: boolean('first_login').notNull().default(false),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  activationCodeHash: text('activation_code_hash'),
  activationExpiresAt: timestamp('activation_expires_at', { withTimezone: true }),
  lastAccountId: integer('last_account_id').references((): AnyPgColumn => accounts.id, {
    onDelete: 'set null',
  }),
  /**
   * Tokens carry the epoch they were issued in; a password change (or a recovery) increments it,
   * which ends every other session of the person at once.
   */
  sessionEpoch: integer('session_epoch').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    /** The member's role in this account (the first-login dialog asks it). */
    jobTitleId: integer('job_title_id').references(() => jobTitles.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    /**
     * An administrator who adds a person that already uses Lavoura invites them: the membership
     * waits (null) until the person accepts it at their next sign-in.
     */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).defaultNow(),
    /** What the inviting administrator typed, shown for a pending invitation instead of the person's data. */
    invitedName: text('invited_name'),
    invitedLanguage: text('invited_language'),
    /** The full-access welcome is offered once per membership of a Full-plan account. */
    fullPlanWelcomed: boolean('full_plan_welcomed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('memberships_account_user_unique').on(table.accountId, table.userId),
    // Across tenants on purpose: a person's accounts at sign-in and at every session.
    index('memberships_user_id_index').on(table.userId),
  ],
);

/** Farms a non-administrator member may see. */
export const membershipFarms = pgTable(
  'membership_farms',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    membershipId: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    farmId: integer('farm_id').notNull(),
  },
  (table) => [
    unique('membership_farms_unique').on(table.accountId, table.membershipId, table.farmId),
    // The farm is the account's own: the key carries the account.
    foreignKey({
      name: 'membership_farms_farm_fk',
      columns: [table.accountId, table.farmId],
      foreignColumns: [farms.accountId, farms.id],
    }).onDelete('cascade'),
  ],
);

export const userPhones = pgTable(
  'user_phones',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
  },
  (table) => [unique('user_phones_unique').on(table.userId, table.phone)],
);

/** Logged-out (revoked) tokens until they would have expired anyway. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // Each logout sweeps the revocations that have expired.
  (table) => [index('revoked_tokens_expires_at_index').on(table.expiresAt)],
);

/** Failed sign-ins per e-mail, shared by every API process. */
export const loginAttempts = pgTable('login_attempts', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Activation tries since the last code, and when a code was last sent, per e-mail address: also
 * for addresses without an account, so activation and resend answer them as any other.
 */
export const activationAttempts = pgTable('activation_attempts', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Run-time settings shared by every process (the maintenance switch). */
export const settings = pgTable('settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Farms and plots. Every child row carries its account and points at its parent through
 * (account_id, id), so a row can never hang from another account's farm. Deletes are soft
 * (`deleted_at`): sowings and programs of past seasons keep their farm and plot.
 */
export const farms = pgTable(
  'farms',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** IANA zone of the farm's coordinates: "today" for its sowings and sprays. */
    timeZone: text('time_zone').notNull(),
    /** Re-enabling is limited per soybean season: which season the count is of, and the count. */
    reenabledSeasonId: integer('reenabled_season_id').references(() => seasons.id, {
      onDelete: 'set null',
    }),
    reenabledCount: integer('reenabled_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    unique('farms_account_id_unique').on(table.accountId, table.id),
    // The list: enabled first, newest first, of one account.
    index('farms_account_listing_index').on(table.accountId, table.enabled, table.createdAt),
  ],
);

/** The price of a bag of each crop the farm's country grows, in the country's currency. */
export const farmBagPrices = pgTable(
  'farm_bag_prices',
  {
    accountId: integer('account_id').notNull(),
    farmId: integer('farm_id').notNull(),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id, { onDelete: 'restrict' }),
    currencyId: integer('currency_id').notNull(),
    /** Per 60 kg bag (sc); shown per bushel in English. */
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
  },
  (table) => [
    unique('farm_bag_prices_unique').on(table.accountId, table.farmId, table.cropId),
    foreignKey({
      name: 'farm_bag_prices_farm_fk',
      columns: [table.accountId, table.farmId],
      foreignColumns: [farms.accountId, farms.id],
    }).onDelete('cascade'),
    check('farm_bag_prices_price_positive', sql`${table.price} > 0`),
  ],
);

export const plots = pgTable(
  'plots',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    farmId: integer('farm_id').notNull(),
    name: text('name').notNull(),
    /** Hectares: the user's figure, which starts as the computed one. */
    area: doublePrecision('area').notNull(),
    /** Geodesic area of the outline, in hectares, computed by the server. */
    areaCalculated: doublePrecision('area_calculated').notNull(),
    /** GeoJSON Polygon, EPSG:4326, closed rings. */
    geometry: jsonb('geometry').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    minLng: doublePrecision('min_lng').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    maxLng: doublePrecision('max_lng').notNull(),
    /** A point inside the outline. */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    elevation: doublePrecision('elevation'),
    clayPercent: doublePrecision('clay_percent'),
    enabled: boolean('enabled').notNull().default(true),
    /** When NDVI monitoring was contracted: the area is locked for a year from then. */
    ndviContractedAt: timestamp('ndvi_contracted_at', { withTimezone: true }),
    /** Full plan: the share of the account's contracted area given to this plot (ha). */
    contractedArea: doublePrecision('contracted_area'),
    reenabledSeasonId: integer('reenabled_season_id').references(() => seasons.id, {
      onDelete: 'set null',
    }),
    reenabledCount: integer('reenabled_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    unique('plots_account_id_unique').on(table.accountId, table.id),
    index('plots_account_farm_index').on(table.accountId, table.farmId, table.createdAt),
    foreignKey({
      name: 'plots_farm_fk',
      columns: [table.accountId, table.farmId],
      foreignColumns: [farms.accountId, farms.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Sowings: the rows the farm and plot rules read (live sowings, sown area of a season, unharvested
 * sowings). [sowings] adds the agronomic fields; `closed_at` is set when the sowing is harvested
 * or lost.
 */
export const sowings = pgTable(
  'sowings',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    farmId: integer('farm_id').notNull(),
    plotId: integer('plot_id').notNull(),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id, { onDelete: 'restrict' }),
    seasonCropId: integer('season_crop_id')
      .notNull()
      .references(() => seasonCrops.id, { onDelete: 'restrict' }),
    /** The farm's variety sown: a farm variety in use cannot be removed. */
    farmVarietyId: integer('farm_variety_id').references((): AnyPgColumn => farmVarieties.id, {
      onDelete: 'restrict',
    }),
    /** Hectares sown. */
    area: doublePrecision('area').notNull(),
    sowingDate: date('sowing_date', { mode: 'string' }),
    emergenceDate: date('emergence_date', { mode: 'string' }),
    // The seeding parameters (spec 2 §3), canonical units: kg of seed, cm between lines,
    // plants per metre of line, km/h; percentages 0–100.
    seedQuantity: doublePrecision('seed_quantity'),
    seedOrigin: text('seed_origin'),
    seederSystemId: integer('seeder_system_id').references(() => seederSystems.id, {
      onDelete: 'restrict',
    }),
    seedClassId: integer('seed_class_id').references(() => seedClasses.id, {
      onDelete: 'restrict',
    }),
    estimatedCycle: integer('estimated_cycle'),
    germinativePower: doublePrecision('germinative_power'),
    seedVigor: doublePrecision('seed_vigor'),
    lineSpacing: doublePrecision('line_spacing'),
    populationLines: doublePrecision('population_lines'),
    operatingSpeed: doublePrecision('operating_speed'),
    seedTreatment: text('seed_treatment'),
    inoculant: text('inoculant'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('sowings_account_farm_season_index').on(
      table.accountId,
      table.farmId,
      table.seasonCropId,
    ),
    index('sowings_account_plot_index').on(table.accountId, table.plotId, table.seasonCropId),
    foreignKey({
      name: 'sowings_farm_fk',
      columns: [table.accountId, table.farmId],
      foreignColumns: [farms.accountId, farms.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sowings_plot_fk',
      columns: [table.accountId, table.plotId],
      foreignColumns: [plots.accountId, plots.id],
    }).onDelete('cascade'),
  ],
);

/** A growth stage seen in the field: the latest observation wins over the estimate (issue 12). */
export const sowingStageObservations = pgTable(
  'sowing_stage_observations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    sowingId: integer('sowing_id')
      .notNull()
      .references(() => sowings.id, { onDelete: 'cascade' }),
    growthStageId: integer('growth_stage_id')
      .notNull()
      .references(() => growthStages.id, { onDelete: 'restrict' }),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sowing_stage_observations_sowing_index').on(
      table.accountId,
      table.sowingId,
      table.observedAt,
    ),
  ],
);

/** A sowing's harvest: a date and sc/ha, or a crop loss; a sowing may have several (issue 12). */
export const harvests = pgTable(
  'harvests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    sowingId: integer('sowing_id')
      .notNull()
      .references(() => sowings.id, { onDelete: 'cascade' }),
    harvestDate: date('harvest_date', { mode: 'string' }).notNull(),
    /** Sacks (60 kg) per hectare; null for a crop loss. */
    productivity: doublePrecision('productivity'),
    lost: boolean('lost').notNull().default(false),
    desiccation: boolean('desiccation').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('harvests_sowing_index').on(table.accountId, table.sowingId)],
);

/** Water given to a sowing: from start to end, a blade in millimetres (issue 12). */
export const irrigations = pgTable(
  'irrigations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    sowingId: integer('sowing_id')
      .notNull()
      .references(() => sowings.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    bladeMm: doublePrecision('blade_mm').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('irrigations_sowing_index').on(table.accountId, table.sowingId, table.startAt)],
);

/**
 * Where a program's `list_stamp` comes from: each move takes the next number, so a stamp seen once
 * never comes back (migration 0025).
 */
export const programListStamps = pgSequence('program_list_stamps');

/**
 * A spray program (spec 2 §3 Program): planned for a farm's variety (`farmVarietyId`, planning) or
 * attached to a sowing (`sowingId`, execution), for one season-crop. Its diseases (one main, at
 * most two secondary), severity, white-mold sprays and `rational` setting feed the engine
 * (packages/domain/src/programs); scores are computed, never stored.
 */
export const programs = pgTable(
  'programs',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    farmId: integer('farm_id').notNull(),
    // Not 'restrict': a farm deleted with its varieties and programs in one cascade must go; the
    // app refuses removing a variety a program uses.
    farmVarietyId: integer('farm_variety_id').references(() => farmVarieties.id, {
      onDelete: 'set null',
    }),
    sowingId: integer('sowing_id').references(() => sowings.id, { onDelete: 'cascade' }),
    seasonCropId: integer('season_crop_id').references(() => seasonCrops.id, {
      onDelete: 'restrict',
    }),
    name: text('name').notNull().default(''),
    mainDiseaseId: integer('main_disease_id').references(() => diseases.id, {
      onDelete: 'restrict',
    }),
    secondaryDiseaseIds: integer('secondary_disease_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    severityId: integer('severity_id').references(() => severityLevels.id, {
      onDelete: 'restrict',
    }),
    whiteMold: boolean('white_mold').notNull().default(false),
    /** White-mold sprays asked of the suggestion (n_MB of AGRONOMY §7.4). */
    whiteMoldSprayings: integer('white_mold_sprayings'),
    /** Regular sprays asked of the suggestion (`total_aplicacoes_sugeridas`); null: the crop's maximum. */
    suggestedSprayings: integer('suggested_sprayings'),
    /** AGRONOMY §7.5: drop trailing sprays that add little. */
    rational: boolean('rational').notNull().default(false),
    /**
     * A planning program's expected emergence (`data_prevista`) and cycle in days: the engine's
     * timeline before there is a sowing; an execution reads its sowing's.
     */
    expectedEmergence: date('expected_emergence', { mode: 'string' }),
    cycleDays: integer('cycle_days'),
    /** The planning program an execution was imported from. */
    importedFromId: integer('imported_from_id'),
    /**
     * Moved by the database on every write to what the program's entry in a list shows: the
     * program, its sprayings, their products, its pauses, its sowing, the sowings of its variety
     * (a plan's area), its farm variety and variety, an account's own product it sprays (triggers
     * of migration 0025). The list keeps each program's JSON under this stamp (issue 29 item 10).
     */
    listStamp: bigint('list_stamp', { mode: 'number' })
      .notNull()
      .default(sql`nextval('program_list_stamps')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('programs_account_sowing_index').on(table.accountId, table.sowingId),
    index('programs_account_farm_index').on(table.accountId, table.farmId),
    index('programs_account_variety_index').on(table.accountId, table.farmVarietyId),
    foreignKey({
      name: 'programs_farm_fk',
      columns: [table.accountId, table.farmId],
      foreignColumns: [farms.accountId, farms.id],
    }).onDelete('cascade'),
  ],
);

/**
 * One application of a program, planned and then executed in the same record (DESIGN.md §2):
 * `plannedDate` is the ideal date, `appliedAt` the day it was sprayed (null until then).
 */
export const sprayings = pgTable(
  'sprayings',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    /** 1-based position in the program. */
    ordinal: integer('ordinal').notNull(),
    plannedDate: date('planned_date', { mode: 'string' }).notNull(),
    /** The date the grower planned (moves by apply, pause and resume leave it): unapply's fallback. */
    originalDate: date('original_date', { mode: 'string' }),
    appliedAt: date('applied_at', { mode: 'string' }),
    /** A white-mold spray (AGRONOMY §7.4), counted apart from the others. */
    whiteMold: boolean('white_mold').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sprayings_account_program_index').on(table.accountId, table.programId, table.ordinal),
  ],
);

/** The products of a spraying: dose per hectare in the product's unit, price per unit. */
export const sprayingProducts = pgTable(
  'spraying_products',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    sprayingId: integer('spraying_id')
      .notNull()
      .references(() => sprayings.id, { onDelete: 'cascade' }),
    pesticideId: integer('pesticide_id')
      .notNull()
      .references(() => pesticides.id, { onDelete: 'restrict' }),
    dose: doublePrecision('dose').notNull(),
    /** Price per unit of product, in the farm's currency. */
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
  },
  (table) => [
    unique('spraying_products_unique').on(table.accountId, table.sprayingId, table.pesticideId),
  ],
);

/**
 * What an applied spraying's application record holds (issue 30 item 5): who sprayed it with
 * what, the spray volume (L/ha), the nozzle, the local start and end times, the weather at
 * application (from the forecast's hourly values or typed) and each product's batch. All
 * optional; the record goes when the application is undone.
 */
export const sprayingRecords = pgTable(
  'spraying_records',
  {
    accountId: integer('account_id').notNull(),
    sprayingId: integer('spraying_id')
      .notNull()
      .references(() => sprayings.id, { onDelete: 'cascade' }),
    operator: text('operator'),
    equipment: text('equipment'),
    sprayVolumeLHa: doublePrecision('spray_volume_l_ha'),
    nozzle: text('nozzle'),
    /** Local times of the farm, `HH:mm`. */
    startTime: text('start_time'),
    endTime: text('end_time'),
    weather: jsonb('weather').$type<{
      wind_kmh: number | null;
      temperature_c: number | null;
      humidity_pct: number | null;
      source: 'forecast' | 'typed';
    }>(),
    batches: jsonb('batches')
      .$type<{ pesticide_id: number; batch: string }[]>()
      .notNull()
      .default([]),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.sprayingId] })],
);

/** A program's pauses (drought, hail, lodging, frost, other): the open one has no `resumedAt`. */
export const programPauses = pgTable(
  'program_pauses',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => pausedClimateReasons.id, { onDelete: 'restrict' }),
    description: text('description'),
    pausedAt: date('paused_at', { mode: 'string' }).notNull(),
    resumedAt: date('resumed_at', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('program_pauses_program_index').on(table.accountId, table.programId)],
);

/**
 * The product catalogue (issue 11): the bundled data set of pesticides and varieties, shared by
 * every account and loaded on start once per `CATALOGUE_VERSION` (db/catalogue/load-catalogue.ts).
 * A row keeps its id across versions through its `key`; a row a new version drops stays,
 * `listed = false`, so what an account chose still resolves.
 */
/**
 * A product or variety an account entered itself (issue 28 item 5): seen by that account alone,
 * labelled "informed by {name} on {date}"; null for the catalogue's own rows. Its own rows are
 * never touched by a catalogue load.
 */
function accountEntry() {
  return {
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    informedBy: integer('informed_by').references(() => users.id, { onDelete: 'set null' }),
    informedAt: timestamp('informed_at', { withTimezone: true }),
  };
}

export const pesticides = pgTable(
  'pesticides',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** fungicide, herbicide, nematicide: one product may be several. */
    categories: text('categories').array().notNull(),
    classes: text('classes').array().notNull(),
    company: text('company'),
    registrationNumber: text('registration_number'),
    formulation: text('formulation'),
    cropIds: integer('crop_ids').array().notNull(),
    toxicologicalClass: text('toxicological_class'),
    environmentalClass: text('environmental_class'),
    isCorrosive: boolean('is_corrosive'),
    isFlammable: boolean('is_flammable'),
    /** `{type, material, capacity, unit}[]`; null: the source does not say. */
    packaging: jsonb('packaging'),
    leafletLink: text('leaflet_link'),
    /** `{name, chemical_group, concentration, unit, mode_of_action}[]` in the source's order. */
    actives: jsonb('actives').notNull(),
    /** `{scientific_name, common_names}[]`: every target registered, all crops together. */
    targets: jsonb('targets').notNull(),
    whiteMold: boolean('white_mold').notNull(),
    /** Name, company and actives without accents or case, for the free-text search. */
    searchText: text('search_text').notNull(),
    /** The filter values, without accents or case. */
    chemicalGroupKeys: text('chemical_group_keys').array().notNull(),
    activeKeys: text('active_keys').array().notNull(),
    targetKeys: text('target_keys').array().notNull(),
    sourceId: text('source_id').notNull(),
    listed: boolean('listed').notNull().default(true),
    ...accountEntry(),
  },
  (table) => [
    index('pesticides_country_index').on(table.countryId, table.listed),
    index('pesticides_account_index').on(table.accountId),
  ],
);

/**
 * Registration of a pesticide per disease of our lists (spec 2 §3 Defensive): registered or not
 * (`sem_registro`, answered as the dose 999999), with the registered dose range where the source
 * gives it (null: not informed).
 */
export const pesticideDoses = pgTable(
  'pesticide_doses',
  {
    pesticideId: integer('pesticide_id')
      .notNull()
      .references(() => pesticides.id, { onDelete: 'cascade' }),
    diseaseId: integer('disease_id')
      .notNull()
      .references(() => diseases.id, { onDelete: 'restrict' }),
    /** null: the source does not say whether it is registered (not informed). */
    registered: boolean('registered'),
    /** The label's dose range per hectare, in `doseUnit` (the product's L or kg); null: not informed. */
    doseMin: doublePrecision('dose_min'),
    doseMax: doublePrecision('dose_max'),
    doseUnit: text('dose_unit'),
    /** Pre-harvest interval on the label, days; null: not informed. */
    safetyIntervalDays: integer('safety_interval_days'),
  },
  (table) => [
    primaryKey({ name: 'pesticide_doses_pk', columns: [table.pesticideId, table.diseaseId] }),
  ],
);

/**
 * Efficacy per product, country and disease (AGRONOMY.md §4b) with its tag (S read in a source,
 * D derived by `npm run data:efficacy`, A assumption) and source id.
 */
export const pesticideEfficacies = pgTable(
  'pesticide_efficacies',
  {
    pesticideId: integer('pesticide_id')
      .notNull()
      .references(() => pesticides.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    diseaseId: integer('disease_id')
      .notNull()
      .references(() => diseases.id, { onDelete: 'restrict' }),
    efficacy: doublePrecision('efficacy').notNull(),
    tag: text('tag').notNull(),
    sourceId: text('source_id').notNull(),
    note: text('note'),
  },
  (table) => [
    primaryKey({
      name: 'pesticide_efficacies_pk',
      columns: [table.pesticideId, table.countryId, table.diseaseId],
    }),
    check('pesticide_efficacies_tag', sql`${table.tag} in ('S', 'D', 'A')`),
  ],
);

export const varieties = pgTable(
  'varieties',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    cropId: integer('crop_id')
      .notNull()
      .references(() => crops.id, { onDelete: 'restrict' }),
    countryIds: integer('country_ids').array().notNull(),
    name: text('name').notNull(),
    company: text('company'),
    gmr: doublePrecision('gmr'),
    growthHabit: text('growth_habit'),
    cycleClass: text('cycle_class'),
    minCycle: integer('min_cycle'),
    maxCycle: integer('max_cycle'),
    rustTolerant: boolean('rust_tolerant'),
    minPopulation: doublePrecision('min_population'),
    maxPopulation: doublePrecision('max_population'),
    /** Day of the year as month * 100 + day (e.g. 1015 = 15 Oct); null: not informed. */
    startSowing: smallint('start_sowing'),
    endSowing: smallint('end_sowing'),
    gmo: boolean('gmo'),
    regionStates: text('region_states').array(),
    registrationNumber: text('registration_number'),
    /** `{target, reaction}[]`; a target without a sourced reaction is absent. */
    reactions: jsonb('reactions').notNull(),
    searchText: text('search_text').notNull(),
    targetKeys: text('target_keys').array().notNull(),
    sourceId: text('source_id').notNull(),
    listed: boolean('listed').notNull().default(true),
    ...accountEntry(),
  },
  (table) => [
    index('varieties_crop_index').on(table.cropId, table.listed),
    index('varieties_account_index').on(table.accountId),
  ],
);

/**
 * The catalogue items a Freemium account opened per day (issue 11, item 4): opening one again the
 * same day spends no second free use.
 */
export const catalogueViews = pgTable(
  'catalogue_views',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    category: text('category').notNull(),
    itemId: integer('item_id').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'catalogue_views_pk',
      columns: [table.accountId, table.day, table.category, table.itemId],
    }),
  ],
);

/** A grower's request for a variety the catalogue lacks (e-mailed to support). */
export const varietySolicitations = pgTable(
  'variety_solicitations',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    suggestionName: text('suggestion_name').notNull(),
    suggestionDescription: text('suggestion_description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('variety_solicitations_account_index').on(table.accountId, table.createdAt)],
);

/**
 * The price and dose an account last used per pesticide ([programs] writes it with each planned
 * or applied spray; GET /api/defensives answers them as lastPrice and lastDose).
 */
export const accountPesticideValues = pgTable(
  'account_pesticide_values',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    pesticideId: integer('pesticide_id')
      .notNull()
      .references(() => pesticides.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 14, scale: 2 }),
    dose: doublePrecision('dose'),
    uses: integer('uses').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'account_pesticide_values_pk',
      columns: [table.accountId, table.pesticideId],
    }),
  ],
);

/**
 * Varieties of the catalogue a farm plans for a season-crop (GET/POST /api/cultivares); a farm
 * with planned varieties is not deleted.
 */
export const farmVarieties = pgTable(
  'farm_varieties',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    farmId: integer('farm_id').notNull(),
    seasonCropId: integer('season_crop_id')
      .notNull()
      .references(() => seasonCrops.id, { onDelete: 'restrict' }),
    varietyId: integer('variety_id')
      .notNull()
      .references(() => varieties.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('farm_varieties_unique').on(
      table.accountId,
      table.farmId,
      table.seasonCropId,
      table.varietyId,
    ),
    foreignKey({
      name: 'farm_varieties_farm_fk',
      columns: [table.accountId, table.farmId],
      foreignColumns: [farms.accountId, farms.id],
    }).onDelete('cascade'),
  ],
);

/** What a member wants to hear about a farm (spec 2 §7), and the WhatsApp number for it. */
export const farmNotificationSettings = pgTable(
  'farm_notification_settings',
  {
    accountId: integer('account_id').notNull(),
    farmId: integer('farm_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationTypeIds: integer('notification_type_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(false),
    phone: text('phone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('farm_notification_settings_unique').on(table.accountId, table.farmId, table.userId),
    foreignKey({
      name: 'farm_notification_settings_farm_fk',
      columns: [table.accountId, table.farmId],
      foreignColumns: [farms.accountId, farms.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A counter per account that every write to its farms, bag prices, plots or sowings moves on (a
 * trigger per table, migration 0007): a farm or plot list computed at one version is still right
 * while the version has not moved, in every process. Read by the cached list answers.
 */
export const accountDataVersions = pgTable('account_data_versions', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Free uses spent per account and day (the account country's calendar day): the Freemium limit
 * of spec 1 §3. One row per day that had a use; the count only grows inside one statement that
 * also checks the limit, so concurrent uses never pass it.
 */
export const freeUses = pgTable(
  'free_uses',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'free_uses_pk', columns: [table.accountId, table.day] })],
);

/**
 * Billing plans: the platform's price list (spec 1 §3), what a paid tier costs per interval, in
 * reais. Set by platform administrators in the back office; an inactive one is no longer sold.
 */
export const billingPlans = pgTable(
  'billing_plans',
  {
    id: serial('id').primaryKey(),
    tierId: integer('tier_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    intervalCount: smallint('interval_count').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    status: text('status').notNull().default('active'),
    /** The name shown in each language: { pt, en, es }. */
    names: jsonb('names').$type<{ pt: string; en: string; es: string }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('billing_plans_tier_idx').on(table.tierId),
    check('billing_plans_interval', sql`${table.intervalCount} in (1, 6, 12)`),
    check('billing_plans_price_positive', sql`${table.price} > 0`),
    check('billing_plans_status', sql`${table.status} in ('active', 'inactive')`),
  ],
);

/** The account's customer at the payment provider (name, CPF/CNPJ and billing address). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    registryCode: text('registry_code').notNull(),
    address: jsonb('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('payment_customers_account_id_unique').on(table.accountId, table.id)],
);

/** A card kept by the provider: we hold only its token there, its brand and last four digits. */
export const paymentProfiles = pgTable(
  'payment_profiles',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    customerId: integer('customer_id').notNull(),
    provider: text('provider').notNull(),
    providerToken: text('provider_token').notNull(),
    holderName: text('holder_name').notNull(),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('payment_profiles_account_id_unique').on(table.accountId, table.id),
    foreignKey({
      name: 'payment_profiles_customer_fk',
      columns: [table.accountId, table.customerId],
      foreignColumns: [paymentCustomers.accountId, paymentCustomers.id],
    }).onDelete('cascade'),
  ],
);

/**
 * An account's subscription to a billing plan. pending until its first bill is paid, then active;
 * canceled keeps the plan until `paid_until`, then ended (the account returns to Freemium).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    billingPlanId: integer('billing_plan_id')
      .notNull()
      .references(() => billingPlans.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id').notNull(),
    paymentMethodCode: text('payment_method_code').notNull(),
    paymentProfileId: integer('payment_profile_id'),
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerId: text('provider_id'),
    paidUntil: date('paid_until', { mode: 'string' }),
    nextBillDate: date('next_bill_date', { mode: 'string' }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('subscriptions_account_id_unique').on(table.accountId, table.id),
    index('subscriptions_account_status_idx').on(table.accountId, table.status),
    foreignKey({
      name: 'subscriptions_customer_fk',
      columns: [table.accountId, table.customerId],
      foreignColumns: [paymentCustomers.accountId, paymentCustomers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'subscriptions_profile_fk',
      columns: [table.accountId, table.paymentProfileId],
      foreignColumns: [paymentProfiles.accountId, paymentProfiles.id],
    }).onDelete('restrict'),
    check(
      'subscriptions_status',
      sql`${table.status} in ('pending', 'active', 'canceled', 'ended')`,
    ),
  ],
);

/** A subscription's bills: a card bill is paid or failed at once; slips and cash wait. */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    subscriptionId: integer('subscription_id').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    status: text('status').notNull().default('pending'),
    paymentMethodCode: text('payment_method_code').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    typableLine: text('typable_line'),
    barcode: text('barcode'),
    providerId: text('provider_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bills_account_subscription_idx').on(table.accountId, table.subscriptionId),
    foreignKey({
      name: 'bills_subscription_fk',
      columns: [table.accountId, table.subscriptionId],
      foreignColumns: [subscriptions.accountId, subscriptions.id],
    }).onDelete('cascade'),
    check('bills_status', sql`${table.status} in ('pending', 'paid', 'expired', 'failed')`),
  ],
);

/** Card payment attempts per account and day (declines and provider errors): at most 5. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'payment_attempts_pk', columns: [table.accountId, table.day] })],
);

/**
 * Field notes (issue 11, item 6): a farm's notebook, a note optionally about one plot, with a
 * category of the `note_categories` enumeration. `updated_at` moves with each edit.
 */
export const fieldNotes = pgTable(
  'field_notes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    farmId: integer('farm_id').notNull(),
    plotId: integer('plot_id'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => noteCategories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('field_notes_account_id_unique').on(table.accountId, table.id),
    // The notebook: one farm's notes, newest first.
    index('field_notes_account_farm_index').on(table.accountId, table.farmId, table.createdAt),
    foreignKey({
      name: 'field_notes_farm_fk',
      columns: [table.accountId, table.farmId],
      foreignColumns: [farms.accountId, farms.id],
    }).onDelete('cascade'),
    // plot_id null: no plot, and the key is not checked (MATCH SIMPLE).
    foreignKey({
      name: 'field_notes_plot_fk',
      columns: [table.accountId, table.plotId],
      foreignColumns: [plots.accountId, plots.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A note's attachments (issue 11, item 7): the bytes live in the storage interface
 * (providers/storage) under `storage_key`; the row says what they are.
 */
export const fieldNoteFiles = pgTable(
  'field_note_files',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    noteId: integer('note_id').notNull(),
    name: text('name').notNull(),
    mimetype: text('mimetype').notNull(),
    /** Bytes. */
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('field_note_files_account_note_index').on(table.accountId, table.noteId),
    foreignKey({
      name: 'field_note_files_note_fk',
      columns: [table.accountId, table.noteId],
      foreignColumns: [fieldNotes.accountId, fieldNotes.id],
    }).onDelete('cascade'),
    check('field_note_files_size_positive', sql`${table.size} >= 0`),
  ],
);

/**
 * Rainfall a member measured on a farm (spec 3 §3 Weather: obs_prec_mm_day), one value per farm
 * and day; posting the same day again replaces it. A new farm has no provider history for its last
 * 10 days, so this is how those days get a number.
 */
export const observedPrecipitations = pgTable(
  'observed_precipitations',
  {
    accountId: integer('account_id').notNull(),
    farmId: integer('farm_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    observedMm: doublePrecision('observed_mm').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'observed_precipitations_pk',
      columns: [table.accountId, table.farmId, table.day],
    }),
    foreignKey({
      name: 'observed_precipitations_farm_fk',
      columns: [table.accountId, table.farmId],
      foreignColumns: [farms.accountId, farms.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A member's integrations (spec 3 §3 Integrations: fieldview, google_calendar, leaf_agriculture):
 * whether each is active and, for the OAuth ones, the provider's token. Rows are written by the
 * connection flows only; the spec refuses manual toggling.
 */
export const userIntegrations = pgTable(
  'user_integrations',
  {
    accountId: integer('account_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    integration: text('integration').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** The provider's token answer (access and refresh token, expiry); never sent to the browser. */
    credentials: jsonb('credentials'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'user_integrations_pk',
      columns: [table.accountId, table.userId, table.integration],
    }),
  ],
);

/**
 * The secret of a member's iCalendar feed (GET /api/calendar/{secret}.ics, no login): one per
 * member and account; renewing it replaces the secret, so the old address answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    accountId: integer('account_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'calendar_feeds_pk', columns: [table.accountId, table.userId] }),
    unique('calendar_feeds_secret_unique').on(table.secret),
  ],
);

/**
 * Each notification sent (or being sent) to a member: the weekly digest, a weather alert before a
 * planned spray, the quotes summary; by e-mail or WhatsApp. The unique key (kind, member, what it
 * is about, channel) is what makes a send happen once even with two workers or a retried job.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the send is about: the ISO week of a digest, the spraying and day of an alert. */
    subject: text('subject').notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('notification_deliveries_unique').on(
      table.accountId,
      table.userId,
      table.kind,
      table.subject,
      table.channel,
    ),
  ],
);

/**
 * An account's own spray-window thresholds (issue 30 item 1): only the ones it changed, by key
 * (`SprayWindowThresholdKey`); the rest are the sourced defaults.
 */
export const sprayWindowSettings = pgTable('spray_window_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  thresholds: jsonb('thresholds').$type<Record<string, number>>().notNull().default({}),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The account's responsible professional (issue 30 item 6): the agronomist whose name and
 * registration (CREA/CFTA, a state licence) every prescription the account exports prints.
 */
export const responsibleProfessionals = pgTable('responsible_professionals', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  name: text('name'),
  registration: text('registration'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
