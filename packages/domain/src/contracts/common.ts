import { z } from 'zod/mini';
import { FIELD_KEYS } from '../field-errors.ts';
import { COUNTRY_IDS, type CountryId } from '../reference/countries.ts';

/** A database id in a body: a positive integer within PostgreSQL's integer range. */
export const recordIdSchema = z.int().check(z.positive(), z.maximum(2_147_483_647));

/** A database id in a path or a query string: digits, within PostgreSQL's integer range. */
export const queryIdSchema = z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

/** The params of a route on one record: `/…/:id`. */
export const idParamsSchema = z.object({ id: queryIdSchema });

/** A calendar day: `2026-02-30` matches the pattern but is no day, and the database would refuse it. */
export function isCalendarDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return (
    value >= '0001-01-01' &&
    !Number.isNaN(day.getTime()) &&
    day.toISOString().slice(0, 10) === value
  );
}

/** An agronomic or contract day, as the API carries it: `YYYY-MM-DD`. */
export const isoDateSchema = z
  .string()
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { message: FIELD_KEYS.date }),
    z.refine(isCalendarDay, { message: FIELD_KEYS.date }),
  );

const countryIds = Object.values(COUNTRY_IDS) as [CountryId, ...CountryId[]];

/** One of the countries Lavoura serves (the reference list's ids, never written by hand). */
export const countryIdSchema = z.int().check(
  z.refine((id): id is CountryId => countryIds.includes(id as CountryId), {
    message: FIELD_KEYS.invalid,
  }),
);
