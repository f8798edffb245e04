import { is } from 'drizzle-orm';
import {
  PgTable,
  doublePrecision,
  getTableConfig,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';

/**
 * The conventions of docs/architecture.md ("Schema conventions"), checked over the Drizzle schema
 * so every new table keeps them: a table that breaks one fails here, with its name.
 */
const tables = Object.values<unknown>(schema)
  .filter((value: unknown): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table));

/** Tables that hold no account's data, each with its reason; every other table is a tenant's. */
const SHARED_TABLES: Record<string, string> = {
  countries: 'reference data',
  billing_plans: 'the platform’s price list, the same for every account',
  states: 'reference data',
  cities: 'reference data',
  crops: 'reference data',
  seasons: 'reference data',
  season_crops: 'reference data',
  diseases: 'reference data',
  growth_stages: 'reference data',
  seed_classes: 'reference data',
  seeder_systems: 'reference data',
  severity_levels: 'reference data',
  notification_types: 'reference data',
  note_categories: 'reference data',
  paused_climate_reasons: 'reference data',
  job_titles: 'reference data',
  profiles: 'reference data',
  plans: 'reference data',
  reference_versions: 'reference data bookkeeping',
  accounts: 'the tenants themselves',
  users: 'people, who may belong to several accounts',
  user_phones: "a person's own phones",
  revoked_tokens: 'sign-in state of people',
  login_attempts: 'sign-in state of e-mails',
  activation_attempts: 'sign-up state of e-mails',
  settings: 'platform settings',
  pesticides: 'the catalogue’s data set',
  pesticide_doses: 'the catalogue’s data set',
  pesticide_efficacies: 'the catalogue’s data set',
  varieties: 'the catalogue’s data set',
};

/** Indexes that do not start with account_id on purpose. */
const CROSS_TENANT_INDEXES: Record<string, string> = {
  memberships_user_id_index: "a person's accounts, read at sign-in and by every session",
  calendar_feeds_secret_unique: 'the calendar feed is found by its secret alone (no login, no account in its URL)',
};

/** Columns that hot queries filter on: each must lead an index (or the primary key). */
const HOT_FILTERS: [table: string, column: string][] = [
  ['memberships', 'user_id'],
  ['memberships', 'account_id'],
  ['revoked_tokens', 'expires_at'],
  ['revoked_tokens', 'jti'],
  ['users', 'email'],
  ['login_attempts', 'email'],
  ['membership_farms', 'account_id'],
  ['farms', 'account_id'],
  ['plots', 'account_id'],
  ['sowings', 'account_id'],
  ['farm_bag_prices', 'account_id'],
  ['farm_notification_settings', 'account_id'],
  ['cities', 'state_id'],
  ['states', 'country_id'],
];

const columnNames = (columns: readonly PgColumn[]) => columns.map((column) => column.name);

/** The leading column of every index, unique constraint and primary key of a table. */
function leadingColumns(table: (typeof tables)[number]): string[] {
  const leads = [
    ...table.indexes.map((index) => {
      const first = index.config.columns[0];
      return first && 'name' in first ? first.name : undefined;
    }),
    ...table.uniqueConstraints.map((constraint) => constraint.columns[0]?.name),
    ...table.primaryKeys.map((key) => key.columns[0]?.name),
    ...table.columns.filter((column) => column.primary || column.isUnique).map((c) => c.name),
  ];
  return leads.filter((name): name is string => name !== undefined);
}

type TableConfig = (typeof tables)[number];

/** Every break of the conventions among these tables, one line each naming the table. */
function conventionProblems(all: readonly TableConfig[]): string[] {
  const problems: string[] = [];
  for (const table of all) {
    const tenant = !(table.name in SHARED_TABLES);
    const accountId = table.columns.find((column) => column.name === 'account_id');
    if (tenant && !accountId) problems.push(`${table.name}: neither shared nor a tenant table`);
    if (tenant && accountId && !accountId.notNull)
      problems.push(`${table.name}: account_id must be NOT NULL`);
    if (tenant) {
      for (const index of table.indexes) {
        const name = index.config.name ?? '(unnamed)';
        const first = index.config.columns[0];
        const lead = first && 'name' in first ? first.name : undefined;
        if (lead !== 'account_id' && !(name in CROSS_TENANT_INDEXES))
          problems.push(`${table.name}: index ${name} does not start with account_id`);
      }
      for (const constraint of table.uniqueConstraints) {
        if (
          constraint.columns[0]?.name !== 'account_id' &&
          !((constraint.name ?? '') in CROSS_TENANT_INDEXES)
        )
          problems.push(`${table.name}: unique ${constraint.name} does not start with account_id`);
      }
    }
    for (const key of table.foreignKeys) {
      // Drizzle's default is 'no action': a table must choose restrict, cascade or set null.
      if (key.onDelete === undefined || key.onDelete === 'no action')
        problems.push(
          `${table.name}: foreign key on ${columnNames(key.reference().columns)} says nothing on delete`,
        );
    }
    for (const column of table.columns) {
      const type = column.getSQLType();
      if (type.startsWith('timestamp') && !type.includes('with time zone'))
        problems.push(`${table.name}.${column.name} is a timestamp without time zone`);
      if (/(price|amount|cost|fee|money)/.test(column.name) && !type.startsWith('numeric'))
        problems.push(`${table.name}.${column.name} holds money as ${type}`);
    }
  }
  for (const [tableName, column] of HOT_FILTERS) {
    const table = all.find((t) => t.name === tableName);
    if (table && !leadingColumns(table).includes(column))
      problems.push(`${tableName}.${column} is filtered on by a hot query but leads no index`);
  }
  return problems;
}

describe('schema conventions', () => {
  it('hold for every table of the schema', () => {
    expect(conventionProblems(tables)).toEqual([]);
  });

  it('indexes every column a hot query filters on', () => {
    const names = new Set(tables.map((table) => table.name));
    expect(HOT_FILTERS.filter(([table]) => !names.has(table))).toEqual([]);
  });

  it('are refused in a table that breaks each of them', () => {
    const broken = pgTable(
      'fixture_spray_orders',
      {
        id: serial('id').primaryKey(),
        accountId: integer('account_id'),
        userId: integer('user_id').references(() => schema.users.id),
        price: doublePrecision('price'),
        plannedAt: timestamp('planned_at'),
      },
      (table) => [index('fixture_user_index').on(table.userId)],
    );
    expect(conventionProblems([getTableConfig(broken)])).toEqual([
      'fixture_spray_orders: account_id must be NOT NULL',
      'fixture_spray_orders: index fixture_user_index does not start with account_id',
      'fixture_spray_orders: foreign key on user_id says nothing on delete',
      'fixture_spray_orders.price holds money as double precision',
      'fixture_spray_orders.planned_at is a timestamp without time zone',
    ]);
    const unclassified = pgTable('fixture_loose', { id: serial('id').primaryKey() });
    expect(conventionProblems([getTableConfig(unclassified)])).toEqual([
      'fixture_loose: neither shared nor a tenant table',
    ]);
    const withoutIndex = getTableConfig(
      pgTable('revoked_tokens', {
        jti: text('jti'),
        expiresAt: timestamp('expires_at', { withTimezone: true }),
      }),
    );
    expect(conventionProblems([withoutIndex])).toEqual([
      'revoked_tokens.expires_at is filtered on by a hot query but leads no index',
      'revoked_tokens.jti is filtered on by a hot query but leads no index',
    ]);
  });
});
