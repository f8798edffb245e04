import type { PGlite } from '@electric-sql/pglite';

/**
 * pg-boss's `db` option (its documented "bring your own database" interface: an object with
 * `executeSql(text, values)` answering `{rows}`) over the embedded PGlite, so the job queue keeps
 * its tables in the same database as the app. pg-boss sends two kinds of calls: one statement with
 * parameters (extended protocol: `query`), and scripts without parameters (its migrations and its
 * maintenance, `BEGIN; SELECT pg_advisory_xact_lock(…); …; COMMIT;`), which PGlite runs with `exec`
 * (simple protocol, several statements). PGlite is one connection: calls queue behind each other,
 * so advisory locks and `FOR UPDATE SKIP LOCKED` behave as on a server with a single client.
 */
export function pgliteBossDb(client: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await client.query(
          text,
          values.map((value) => (value === undefined ? null : value)),
        );
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      const results = await client.exec(text);
      const last = results.at(-1);
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
    },
  };
}

/** The PGlite under the embedded database's Drizzle instance (Drizzle keeps it as `$client`). */
export function embeddedClientOf(db: object): PGlite {
  const client = (db as { $client?: PGlite }).$client;
  if (!client) throw new Error('Not an embedded database');
  return client;
}
