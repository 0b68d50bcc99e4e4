import { runListQuery } from '../../http/listQuery';
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SITE_PATTERN } from '../../../src/model/site';
import { PLATFORM_SITE } from '../../../src/model/types';
import { toAccount } from '../../db/rows';
import { resolvePlan, toAccountWithUsage } from '../plans/accountPlanRecords';
import { nowIso } from '../../db/schema';
import { closeWarehouse, stagingDir, warehouseFile } from '../../engines/duckdbWarehouse';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireSection } from '../../plugins/auth';
import { parsePayload } from '../../http/validation';
import { parseUpdate } from '../../http/updatePayload';
import { RESERVED_SITES } from '../registrations/reservedSites';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseId, parseListQuery, type ListOptions } from '../../http/simpleRest';
import { isUniqueViolation } from '../../http/uniqueViolation';

// Accounts (tenants) in the ra-data-simple-rest contract: platform admins only (section
// `accounts`). The site is fixed once created (its URLs and tokens depend on it). Deleting an
// account removes everything it owns, in one transaction, then its warehouse file.

const LIST: ListOptions = {
  columns: {
    id: 'id',
    site: 'site',
    name: 'name',
    plan: 'plan',
    planId: 'plan_id',
    active: 'active',
  },
  sortable: ['site', 'name', 'plan', 'active', 'id'],
  filterable: ['active', 'id', 'planId'],
  searchable: ['site', 'name', 'plan'],
};

const ACCOUNT_BODY_LIMIT = 16 * 1024;

const site = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SITE_PATTERN, 'must be 2 to 40 lower-case letters, digits or inner hyphens');
const name = z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters');
const plan = z.string().trim().min(1, 'is required').max(60, 'must be at most 60 characters');

const planId = z.number().int().positive().nullable();

// planId picks the plan (its name becomes the plan label); a plan label alone links to the
// plan of that name, or to none (a custom label, no limits).
const createSchema = z
  .strictObject({
    site,
    name,
    plan: plan.optional(),
    planId: planId.optional(),
    active: z.boolean().default(true),
  })
  .refine((input) => input.plan !== undefined || typeof input.planId === 'number', {
    message: 'is required',
    path: ['planId'],
  });

const updateSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  site: site.optional(),
  name: name.optional(),
  plan: plan.optional(),
  planId: planId.optional(),
  active: z.boolean().optional(),
});

const siteTaken = (value: string) => conflict(`The site "${value}" is taken.`, 'site');

export async function registerAccountRoutes(app: FastifyInstance): Promise<void> {
  const read = requireSection('accounts', 'read');
  const write = requireSection('accounts', 'write');

  const findRow = async (id: number) => {
    const row = await app.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Account');
    return row;
  };

  app.get('/api/v1/accounts', { preHandler: read }, (request, reply) =>
    sendCachedList(request, reply, 'accounts', async () => {
      const list = parseListQuery(request.query, LIST);
      const source = { name: 'accounts', base: () => app.db.selectFrom('accounts').selectAll() };
      const { rows, total } = await runListQuery(app.db, source, list, LIST);
      return { rows: rows.map(toAccount), start: list.start, total };
    }),
  );

  app.get('/api/v1/accounts/:id', { preHandler: read }, async (request) => {
    const row = await findRow(parseId(request.params));
    return toAccountWithUsage(app, row);
  });

  app.post(
    '/api/v1/accounts',
    { preHandler: write, bodyLimit: ACCOUNT_BODY_LIMIT },
    async (request) => {
      const input = parsePayload(createSchema, request.body);
      if (RESERVED_SITES.has(input.site)) {
        throw badRequest(`site: "${input.site}" is reserved.`, 'site');
      }
      const existing = await app.db
        .selectFrom('accounts')
        .select('id')
        .where('site', '=', input.site)
        .executeTakeFirst();
      if (existing) throw siteTaken(input.site);
      const chosenPlan = await resolvePlan(app.db, input.planId, input.plan);
      try {
        const row = await app.db
          .insertInto('accounts')
          .values({
            site: input.site,
            name: input.name,
            plan: chosenPlan.label,
            plan_id: chosenPlan.planId,
            active: Number(input.active),
            created_at: nowIso(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toAccount(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw siteTaken(input.site);
        throw error;
      }
    },
  );

  app.put(
    '/api/v1/accounts/:id',
    { preHandler: write, bodyLimit: ACCOUNT_BODY_LIMIT },
    async (request) => {
      const id = parseId(request.params);
      const existing = await findRow(id);
      const stored = await toAccountWithUsage(app, existing);
      const input = parseUpdate(updateSchema, request.body, stored);
      if (input.id !== undefined && input.id !== id) {
        throw badRequest('id: does not match the address.', 'id');
      }
      if (input.site !== undefined && input.site !== existing.site) {
        throw badRequest('site: cannot be changed once the account exists.', 'site');
      }
      if (existing.site === PLATFORM_SITE && input.active === false) {
        throw conflict('The platform account cannot be deactivated.', 'active');
      }
      const planChange =
        input.planId !== undefined || input.plan !== undefined
          ? await resolvePlan(app.db, input.planId, input.plan ?? existing.plan)
          : undefined;
      const changes = {
        ...(input.name !== undefined && { name: input.name }),
        ...(planChange && { plan: planChange.label, plan_id: planChange.planId }),
        ...(input.active !== undefined && { active: Number(input.active) }),
      };
      if (Object.keys(changes).length) {
        await app.db.updateTable('accounts').set(changes).where('id', '=', id).execute();
      }
      return toAccountWithUsage(app, await findRow(id));
    },
  );

  app.delete('/api/v1/accounts/:id', { preHandler: write }, async (request) => {
    const id = parseId(request.params);
    const existing = await findRow(id);
    if (existing.site === PLATFORM_SITE) {
      throw conflict('The platform account cannot be deleted.');
    }
    const sourceIds = await deleteAccountRows(app, id);
    await removeAnalyticsFiles(app, id, sourceIds);
    return toAccount(existing);
  });
}

/** Deletes the account and every row it owns in one transaction; answers its source ids. */
async function deleteAccountRows(app: FastifyInstance, accountId: number): Promise<number[]> {
  return app.db.transaction().execute(async (trx) => {
    const sources = await trx
      .selectFrom('data_sources')
      .select('id')
      .where('account_id', '=', accountId)
      .execute();
    await trx.deleteFrom('share_links').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('dashboards').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('charts').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('datasets').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('data_sources').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('activation_tokens').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('invitations').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('outbox_messages').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('sessions').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('account_milestones').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('users').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('company_profiles').where('account_id', '=', accountId).execute();
    await trx
      .updateTable('registrations')
      .set({ account_id: null })
      .where('account_id', '=', accountId)
      .execute();
    await trx.deleteFrom('accounts').where('id', '=', accountId).execute();
    return sources.map((source) => source.id);
  });
}

/**
 * After the commit: closes the account's connectors, forgets its cached results and removes
 * its DuckDB warehouse.
 */
async function removeAnalyticsFiles(
  app: FastifyInstance,
  accountId: number,
  sourceIds: number[],
): Promise<void> {
  for (const sourceId of sourceIds) await app.sourceConnectors.forget(sourceId);
  app.queryEngine.forgetAccount(accountId);
  const dataDir = app.config.dataDir;
  await closeWarehouse(dataDir, accountId);
  const file = warehouseFile(dataDir, accountId);
  await rm(file, { force: true });
  await rm(`${file}.wal`, { force: true });
  await rm(stagingDir(dataDir, accountId), { recursive: true, force: true });
}
