import type { Selectable } from 'kysely';
import type {
  HelpSectionsTable,
  InfoPagesTable,
  MessagesTable,
  PricingPlansTable,
  RegistrationsTable,
} from '../../db/platformSchema';
import type { SessionsTable } from '../../db/schema';

// Database rows -> API records of the platform sections (camelCase, real booleans, no hashes).

export function toRegistration(row: Selectable<RegistrationsTable>) {
  return {
    id: row.id,
    companyName: row.company_name,
    site: row.site,
    fullName: row.full_name,
    email: row.email,
    username: row.username,
    status: row.status,
    planId: row.plan_id,
    accountId: row.account_id,
    createdAt: row.created_at,
    rejectReason: row.reject_reason,
    pricingLinkSent: row.token_hash !== null,
  };
}

function parseFeatures(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

export function toPricingPlan(row: Selectable<PricingPlansTable>) {
  return {
    id: row.id,
    name: row.name,
    priceMonthly: row.price_monthly,
    currency: row.currency,
    features: parseFeatures(row.features),
    highlighted: Boolean(row.highlighted),
    active: Boolean(row.active),
    sortOrder: row.sort_order,
    ...toPlanLimits(row),
  };
}

/** A plan's limits; null is unlimited. */
function toPlanLimits(row: Selectable<PricingPlansTable>) {
  return {
    maxUsers: row.max_users,
    maxDashboards: row.max_dashboards,
    maxDataSources: row.max_data_sources,
    maxStorageMb: row.max_storage_mb,
  };
}

/** What anonymous visitors of the pricing page see of a plan. */
export function toPublicPricingPlan(row: Selectable<PricingPlansTable>) {
  const { id, name, priceMonthly, currency, features, highlighted } = toPricingPlan(row);
  return { id, name, priceMonthly, currency, features, highlighted, ...toPlanLimits(row) };
}

export function toInfoPage(row: Selectable<InfoPagesTable>) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    published: Boolean(row.published),
    updatedAt: row.updated_at,
  };
}

export function toMessage(row: Selectable<MessagesTable>) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    published: Boolean(row.published),
    createdAt: row.created_at,
  };
}

export function toHelpSection(row: Selectable<HelpSectionsTable>) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    group: row.group_name,
    sections: row.sections ? row.sections.split(',') : [],
    sortOrder: row.sort_order,
    published: Boolean(row.published),
  };
}

type TokenRow = Pick<
  Selectable<SessionsTable>,
  'id' | 'label' | 'created_at' | 'last_used_at' | 'expires_at' | 'revoked_at' | 'scope'
>;

export function toApiToken(row: TokenRow) {
  return {
    id: row.id,
    label: row.label ?? '',
    scope: row.scope,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    revoked: row.revoked_at !== null,
  };
}
