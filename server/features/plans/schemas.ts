import { z } from 'zod';
import { PUBLIC_PRICING_PLAN } from '../../../common/api/plans';
import { routeSchemasOf } from '../../http/routeSchema';

// The route schemas of the plan routes besides the simple-rest `pricing` resource, whose
// schemas contentCrud builds (services/contentCrud.ts).

const route = routeSchemasOf('plans');

export const PUBLIC_PRICING_PLANS = route('The active pricing plans, in their order', {
  answer: z.array(PUBLIC_PRICING_PLAN),
});
