import { ERROR_KEYS } from '@lavoura/domain';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.ts';

/** Whether the API answers 503 to every call. Starts from MAINTENANCE_MODE. */
export interface MaintenanceSwitch {
  enabled: boolean;
}

const API_PREFIXES = ['/api', '/admin-api', '/payment-api'];

function isApiCall(url: string): boolean {
  return API_PREFIXES.some(
    (prefix) => url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`),
  );
}

/** In maintenance every API call answers 503; the web app (/v3/) and /healthz keep answering. */
export function registerMaintenanceGate(
  app: FastifyInstance,
  maintenance: MaintenanceSwitch,
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!maintenance.enabled || !isApiCall(request.url)) return;
    return reply
      .status(503)
      .header('retry-after', '120')
      .send(errorBody(503, ERROR_KEYS.maintenance, 'The system is under maintenance'));
  });
}
