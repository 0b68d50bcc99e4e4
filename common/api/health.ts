import { z } from 'zod';

// GET /api/v1/health: what a load balancer or an orchestrator asks each instance. 200 while
// the instance can serve: its metadata store answers ('ok'), Redis too when REDIS_URL is set
// ('degraded' without it: each instance then caches, counts and throttles on its own); 503
// when the store does not answer, so traffic goes to the other instances meanwhile.

const healthCheckSchema = z.enum(['ok', 'failing', 'not used']);

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  checks: z.object({ database: healthCheckSchema, redis: healthCheckSchema }),
});
export type Health = z.infer<typeof healthSchema>;
