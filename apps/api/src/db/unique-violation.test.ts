import { ERRORS } from '@lavoura/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import * as t from './schema.ts';
import { isUniqueViolation, uniqueViolationAs } from './unique-violation.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const insertSeason = (name: string) => app.db.insert(t.seasons).values({ name });

describe('unique violations of the real database', () => {
  it('recognises the driver’s error and its constraint, through Drizzle’s wrapping', async () => {
    await insertSeason('unique-test-1');
    const error = await insertSeason('unique-test-1').catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'seasons_name_unique')).toBe(true);
    expect(isUniqueViolation(error, 'users_email_unique')).toBe(false);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('answers the registry entry given, also inside a transaction, and lets other errors through', async () => {
    await insertSeason('unique-test-2');
    const mapped = await uniqueViolationAs(ERRORS.userAlreadyExists, () =>
      app.db.transaction(async (tx) => {
        await tx.insert(t.seasons).values({ name: 'unique-test-2' });
      }),
    ).catch((e: unknown) => e);
    expect(mapped).toBeInstanceOf(AppError);
    expect(mapped).toMatchObject({ key: 'exception.user_already_exists', status: 409 });

    const other = await uniqueViolationAs(ERRORS.userAlreadyExists, () =>
      app.db.insert(t.seasonCrops).values({
        seasonId: -1,
        cropId: 1,
        countryId: 1,
        startPeriod: '2030-01-01',
        endPeriod: '2030-09-30',
      }),
    ).catch((e: unknown) => e);
    expect(other).not.toBeInstanceOf(AppError);
  });
});
