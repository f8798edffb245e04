import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { NotificationsService, Recipient } from './notifications.service.ts';
import { pgliteBossDb } from './pgboss-pglite.ts';

/** The queues of the notifications (pg-boss v10 needs each created before use). */
export const QUEUES = {
  /** Cron: Monday morning, fans out one digest and one quotes job per member. */
  weekly: 'notifications-weekly',
  /** Cron: every morning, the rain alerts of the next days' sprays. */
  daily: 'notifications-daily',
  digest: 'weekly-digest-send',
  quotes: 'quotes-summary-send',
} as const;

/** Monday 10:00 UTC = 07:00 in Brasília and Asunción, before the field day starts. */
const DEFAULT_WEEKLY_CRON = '0 10 * * 1';
/** Every day at 09:00 UTC (06:00 in Brasília): alerts for the next days' sprays. */
const DEFAULT_DAILY_CRON = '0 9 * * *';

/** The pg-boss schema of an app schema: `pgboss` beside `public`, `<schema>_pgboss` otherwise. */
export function jobsSchemaFor(databaseSchema: string): string {
  return databaseSchema === 'public' ? 'pgboss' : `${databaseSchema}_pgboss`;
}

export interface JobQueueOptions {
  /** PostgreSQL: pg-boss opens its own small pool there. */
  connectionString?: string | undefined;
  /** The embedded database: pg-boss runs on the same PGlite through its `db` option. */
  pglite?: PGlite | undefined;
  /** pg-boss's schema (jobsSchemaFor(DATABASE_SCHEMA)). */
  schema: string;
  weeklyCron?: string;
  dailyCron?: string;
  /** Register the crons (one process is enough; every process may, pg-boss sends each once). */
  schedule?: boolean;
  /** Run workers in this process. */
  work?: boolean;
  pollingIntervalSeconds?: number;
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  log?: { error(error: unknown, message: string): void; info(message: string): void };
}

interface SendData extends Recipient {
  week: string;
}

/** A stable job id per key: a second enqueue of the same user and week inserts nothing. */
function jobIdOf(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The durable job queue (issue 14 item 6): pg-boss on the app's PostgreSQL (its own schema) or on
 * the embedded PGlite. The weekly cron enqueues one digest job per opted-in member with the
 * singleton key `weekly-digest:<account>:<user>:<ISO week>` (and a job id derived from it, so a
 * second enqueue of the same week inserts nothing); the workers send through
 * NotificationsService, whose delivery rows make the send exactly-once whatever the queue does.
 * Failed sends are retried with backoff (retryLimit, retryDelay, retryBackoff).
 */
export class JobQueue {
  readonly boss: PgBoss;
  private started = false;

  constructor(
    private readonly options: JobQueueOptions,
    private readonly notifications: NotificationsService,
  ) {
    if (!options.connectionString && !options.pglite)
      throw new Error('The job queue needs a PostgreSQL URL or the embedded PGlite');
    this.boss = new PgBoss({
      schema: options.schema,
      ...(options.connectionString
        ? { connectionString: options.connectionString, max: 4 }
        : { db: pgliteBossDb(options.pglite!) }),
      schedule: options.schedule ?? true,
      // Completed jobs stay in the job table a week, so the back office lists the last run.
      archiveCompletedAfterSeconds: 8 * 24 * 3600,
    });
    this.boss.on('error', (error) => this.options.log?.error(error, 'job queue error'));
  }

  get schema(): string {
    return this.options.schema;
  }

  private get retry() {
    const retry = this.options.retry ?? { limit: 5, delaySeconds: 60, backoff: true };
    return { retryLimit: retry.limit, retryDelay: retry.delaySeconds, retryBackoff: retry.backoff };
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
    for (const name of Object.values(QUEUES)) await this.boss.createQueue(name);
    if (this.options.schedule ?? true) {
      await this.boss.schedule(
        QUEUES.weekly,
        this.options.weeklyCron ?? DEFAULT_WEEKLY_CRON,
        {},
        { tz: 'UTC' },
      );
      await this.boss.schedule(
        QUEUES.daily,
        this.options.dailyCron ?? DEFAULT_DAILY_CRON,
        {},
        { tz: 'UTC' },
      );
    }
    if (this.options.work ?? true) {
      const polling = { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 5 };
      await this.boss.work(QUEUES.weekly, polling, async () => {
        await this.enqueueWeekly(new Date());
      });
      await this.boss.work(QUEUES.daily, polling, async () => {
        await this.notifications.weatherAlerts(new Date());
      });
      await this.boss.work<SendData>(QUEUES.digest, polling, async ([job]) => {
        if (job) await this.notifications.sendDigest(job.data, job.data.week);
      });
      await this.boss.work<SendData>(QUEUES.quotes, polling, async ([job]) => {
        if (job) await this.notifications.sendQuotes(job.data, job.data.week);
      });
    }
    this.options.log?.info(`job queue started (schema ${this.options.schema})`);
  }

  /** One digest job (and quotes job) per subscribed member for the week of `now`. */
  async enqueueWeekly(now: Date): Promise<number> {
    const week = this.notifications.weekOf(now);
    const targets = await this.notifications.weeklyTargets();
    let created = 0;
    const send = async (queue: string, kind: string, recipient: Recipient) => {
      const singletonKey = `${kind}:${recipient.accountId}:${recipient.userId}:${week}`;
      const id = await this.boss.send(
        queue,
        { accountId: recipient.accountId, userId: recipient.userId, week },
        { id: jobIdOf(`${queue}:${singletonKey}`), singletonKey, ...this.retry },
      );
      if (id) created += 1;
    };
    for (const recipient of targets.digest) await send(QUEUES.digest, 'weekly-digest', recipient);
    for (const recipient of targets.quotes) await send(QUEUES.quotes, 'quotes-summary', recipient);
    return created;
  }

  /** The rain alerts now, as the daily job would (a job, so a failure is retried). */
  async enqueueDaily(): Promise<string | null> {
    return this.boss.send(QUEUES.daily, {}, this.retry);
  }

  /** Waits until no job of the notification queues is waiting or running (tests). */
  async drain(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      let pending = 0;
      for (const name of Object.values(QUEUES))
        pending += await this.boss.getQueueSize(name, { before: 'completed' });
      if (pending === 0) return;
      if (Date.now() > until) throw new Error(`job queue not drained: ${pending} jobs left`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 5000, wait: true });
  }
}
