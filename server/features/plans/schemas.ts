import { z } from 'zod';
import { PUBLIC_PRICING_PLAN } from '../../../src/model/api/plans';

// The route schemas of the plan routes besides the simple-rest `pricing` resource, whose
// schemas contentCrud builds (content/schemas.ts); the payloads are in the shared model.

export const PUBLIC_PRICING_PLANS = {
  tags: ['plans'],
  summary: 'The active pricing plans, in their order',
  response: { 200: z.array(PUBLIC_PRICING_PLAN) },
};
