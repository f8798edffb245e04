import { ERRORS } from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
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
  app.addHook('onRequest', (request, reply, done) => {
    if (!maintenance.enabled || !API_CALL.test(request.url) || SWITCH.test(request.url)) {
      done();
      return;
    }
    // Answered here: the request goes no further (a callback hook that sends does not call done).
    reply
      .status(503)
      .header('retry-after', '120')
      .send(errorBody(503, ERRORS.maintenance.key, 'The system is under maintenance'));
  });
}
