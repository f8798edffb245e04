import { ERRORS } from '@lavoura/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { errorBody } from './error-handler.ts';

/** Whether the API answers 503 to every call. Starts from MAINTENANCE_MODE or the stored setting. */
export interface MaintenanceSwitch {
  enabled: boolean;
}

const API_CALL = /^\/(api|admin-api|payment-api)(\/|\?|$)/;
/**
 * The back office's switch stays reachable, and so does login (which then admits platform
 * administrators only), or maintenance could never be ended from the back office.
 */
const SWITCH = /^\/admin-api\/(maintenance|login)(\?|$)/;

/** In maintenance every API call answers 503; the web app (/v3/) and /healthz keep answering. */
export function registerMaintenanceGate(
  app: FastifyInstance,
  maintenance: MaintenanceSwitch,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!maintenance.enabled || !API_CALL.test(request.url) || SWITCH.test(request.url)) return;
    return reply
      .status(503)
      .header('retry-after', '120')
      .send(errorBody(503, ERRORS.maintenance.key, 'The system is under maintenance'));
  });
}

const SETTING = 'maintenance';

export async function loadMaintenanceSetting(db: Database): Promise<boolean> {
  const [row] = await db.select().from(t.settings).where(eq(t.settings.name, SETTING));
  return row?.value === 'true';
}

/** Stored so every API process (they poll it) switches together. */
export async function saveMaintenanceSetting(db: Database, enabled: boolean): Promise<void> {
  const value = String(enabled);
  await db
    .insert(t.settings)
    .values({ name: SETTING, value })
    .onConflictDoUpdate({ target: t.settings.name, set: { value, updatedAt: new Date() } });
}
