import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { QUEUES } from './job-queue.ts';

export interface JobsServiceDeps {
  db: Database;
  /** pg-boss's schema when the queue runs in this process (its tables may exist without it). */
  jobsSchema: string;
  running: boolean;
  channels: { email: 'outbox' | 'smtp'; whatsapp: 'outbox' | 'cloud-api' };
}

const SAFE_SCHEMA = /^[a-z_][a-z0-9_]*$/;

/** The back office's view of the notification jobs and deliveries (issue 14 item 6). */
export class JobsService {
  constructor(private readonly deps: JobsServiceDeps) {
    if (!SAFE_SCHEMA.test(deps.jobsSchema)) throw new Error('unsafe jobs schema name');
  }

  async list(limit = 100) {
    const d = t.notificationDeliveries;
    const deliveries = await this.deps.db
      .select({
        id: d.id,
        account_id: d.accountId,
        user_id: d.userId,
        email: t.users.email,
        kind: d.kind,
        subject: d.subject,
        channel: d.channel,
        status: d.status,
        attempts: d.attempts,
        last_error: d.lastError,
        sent_at: d.sentAt,
        created_at: d.createdAt,
      })
      .from(d)
      .innerJoin(t.users, eq(t.users.id, d.userId))
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(limit);
    const offline = {
      email: this.deps.channels.email === 'outbox',
      whatsapp: this.deps.channels.whatsapp === 'outbox',
    };
    return {
      queue: { running: this.deps.running, schema: this.deps.jobsSchema },
      channels: { ...this.deps.channels, offline },
      jobs: await this.jobs(limit),
      deliveries: deliveries.map((row) => ({
        ...row,
        offline: row.channel === 'whatsapp' ? offline.whatsapp : offline.email,
        sent_at: row.sent_at?.toISOString() ?? null,
        created_at: row.created_at.toISOString(),
      })),
    };
  }

  /** The latest jobs of the notification queues, waiting, running, done or archived. */
  private async jobs(limit: number) {
    const schema = this.deps.jobsSchema;
    const [exists] = rowsOf(
      await this.deps.db.execute(sql`select to_regclass(${`${schema}.job`})::text as found`),
    );
    if (!exists?.found) return [];
    const names = Object.values(QUEUES);
    const columns = sql.raw(
      'id::text as id, name, state::text as state, singleton_key, retry_count, retry_limit, created_on, started_on, completed_on, output',
    );
    const result = await this.deps.db.execute(sql`
      select * from (
        select ${columns} from ${sql.raw(`${schema}.job`)} where name in ${names}
        union all
        select ${columns} from ${sql.raw(`${schema}.archive`)} where name in ${names}
      ) jobs order by created_on desc limit ${limit}`);
    return rowsOf(result).map((row) => ({
      id: String(row.id),
      name: String(row.name),
      state: String(row.state),
      singleton_key: (row.singleton_key as string | null) ?? null,
      retry_count: Number(row.retry_count),
      retry_limit: Number(row.retry_limit),
      created_on: iso(row.created_on),
      started_on: iso(row.started_on),
      completed_on: iso(row.completed_on),
      error: errorOf(row.output),
    }));
  }
}

/** Both drivers (node-postgres, PGlite) answer raw SQL with `rows`. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return new Date(value as string | Date).toISOString();
}

function errorOf(output: unknown): string | null {
  const value = typeof output === 'string' ? safeJson(output) : output;
  if (value && typeof value === 'object' && 'message' in value)
    return String((value as { message: unknown }).message);
  return null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
