import type { FastifyInstance } from 'fastify';
import { registerContentCrud } from '../../services/contentCrud';
import { refuseDeletingPlanInUse, relabelAccountsOfPlan } from './planAccounts';
import { toPricingPlan, toPublicPricingPlan } from './records';
import { findActivePlans } from './repository';
import { PUBLIC_PRICING_PLANS } from './schemas';
import { PRICING_PLAN, PRICING_PLAN_BODY } from '../../../common/api/plans';

// Pricing plans: the platform admin's `pricing` section in the simple-rest contract, and the
// active plans anonymous visitors of the pricing page read.

const flag = (value: boolean) => (value ? 1 : 0);

export function registerPlanRoutes(app: FastifyInstance): void {
  registerContentCrud(app, {
    resource: 'pricing',
    table: 'pricing_plans',
    section: 'pricing',
    tag: 'plans',
    noun: 'pricing plan',
    schema: PRICING_PLAN_BODY,
    record: PRICING_PLAN,
    list: {
      columns: {
        id: 'id',
        name: 'name',
        priceMonthly: 'price_monthly',
        currency: 'currency',
        active: 'active',
        highlighted: 'highlighted',
        sortOrder: 'sort_order',
      },
      sortable: ['id', 'name', 'priceMonthly', 'sortOrder'],
      filterable: ['id', 'active', 'currency'],
      searchable: ['name'],
      defaultSort: { field: 'sortOrder', order: 'asc' },
    },
    toRecord: toPricingPlan,
    toColumns: (input) => ({
      name: input.name,
      price_monthly: input.priceMonthly,
      currency: input.currency,
      features: JSON.stringify(input.features),
      highlighted: flag(input.highlighted),
      active: flag(input.active),
      sort_order: input.sortOrder,
      max_users: input.maxUsers,
      max_dashboards: input.maxDashboards,
      max_data_sources: input.maxDataSources,
      max_storage_mb: input.maxStorageMb,
    }),
    afterUpdate: (db, row) => relabelAccountsOfPlan(db, row),
    checkDelete: refuseDeletingPlanInUse,
  });

  const publicOptions = { schema: PUBLIC_PRICING_PLANS };
  app.get('/api/v1/public/pricingPlans', publicOptions, async () =>
    (await findActivePlans(app.db)).map(toPublicPricingPlan),
  );
}
