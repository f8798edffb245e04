/** Every database a test run creates on a PostgreSQL server starts with this, then the run's pid. */
export const TEST_DATABASE_PREFIX = 'lavoura_test_';

/** The same server's URL, pointed at another database. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
