import { z } from 'zod';

// GET /api/v1/health: what a load balancer or an orchestrator asks each instance. 200 when
// the instance can serve (its metadata store answers, and Redis when REDIS_URL is set); 503
// naming the part that does not, so traffic goes to the other instances meanwhile.

export const healthCheckSchema = z.enum(['ok', 'failing', 'not used']);

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ database: healthCheckSchema, redis: healthCheckSchema }),
});
export type Health = z.infer<typeof healthSchema>;
