import { z } from 'zod/mini';

/** GET /healthz: the process answers and its database too (a load balancer's probe). */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
