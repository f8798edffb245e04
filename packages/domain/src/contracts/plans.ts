import { z } from 'zod/mini';

/** `GET /api/freemium` and `POST /api/freemium/consume` (spec 1 §3 and §7). */
export const freeUsageSchema = z.object({
  limit: z.nullable(z.int()),
  used: z.int(),
  progress: z.int(),
});
