import { runListQuery } from '../../db/listQuery';
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountUpdateSchema } from '../../../common/api/accounts';
import { PLATFORM_SITE } from '../../../common/types';
import { toAccount } from '../../db/rows';
import { resolvePlan, toAccountWithUsage } from '../plans/accountPlanService';
import { nowIso } from '../../db/schema';
import { stagingDir } from '../../engines/duckdb/warehouse';
import { badRequest, conflict, notFound } from '../../errors';
import { requireSection } from '../../plugins/auth';
import { parseUpdate } from '../../http/updatePayload';
import { RESERVED_SITES } from '../../services/reservedSites';
import { listRoute } from '../../http/listRoute';
import { sameNamedColumns, type ListOptions } from '../../http/simpleRest';
import {
  deleteAccountRows,
  findAccountRow,
  insertAccount,
  isSiteTaken,
  selectAccounts,
  updateAccount,
} from './repository';
import { ACCOUNT_ROUTES } from './schemas';
import { isUniqueViolation } from '../../http/uniqueViolation';

// Accounts (tenants) in the ra-data-simple-rest contract: platform admins only (section
// `accounts`). The site is fixed once created (its URLs and tokens depend on it). Deleting an
// account removes everything it owns, in one transaction, then its warehouse file.

const LIST: ListOptions = {
  columns: { ...sameNamedColumns('id', 'site', 'name', 'plan', 'active'), planId: 'plan_id' },
  sortable: ['site', 'name', 'plan', 'active', 'id'],
  filterable: ['active', 'id', 'planId'],
  searchable: ['site', 'name', 'plan'],
};

const ACCOUNT_BODY_LIMIT = 16 * 1024;

const siteTaken = (value: string) => conflict(`The site "${value}" is taken.`, 'site');

export async function registerAccountRoutes(app: FastifyInstance): Promise<void> {
  const read = requireSection('accounts', 'read');
  const write = requireSection('accounts', 'write');

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const findRow = async (id: number) => {
    const row = await findAccountRow(app.db, id);
    if (!row) throw notFound('Account');
    return row;
  };

  const source = { name: 'accounts', base: () => selectAccounts(app.db) };
  const listAll = listRoute({
    resource: 'accounts',
    options: LIST,
    page: async (_, query) => {
      const { rows, total } = await runListQuery(app.db, source, query, LIST);
      return { records: rows.map(toAccount), total };
    },
  });
  app.get('/api/v1/accounts', { preValidation: read, schema: ACCOUNT_ROUTES.list }, listAll);

  const getOne = { preValidation: read, schema: ACCOUNT_ROUTES.show };
  typed.get('/api/v1/accounts/:id', getOne, async (request) => {
    const row = await findRow(request.params.id);
    return toAccountWithUsage(app, row);
  });

  const create = {
    preValidation: write,
    bodyLimit: ACCOUNT_BODY_LIMIT,
    schema: ACCOUNT_ROUTES.create,
  };
  typed.post('/api/v1/accounts', create, async (request) => {
    const input = request.body;
    if (RESERVED_SITES.has(input.site)) {
      throw badRequest(`site: "${input.site}" is reserved.`, 'site');
    }
    if (await isSiteTaken(app.db, input.site)) throw siteTaken(input.site);
    const chosenPlan = await resolvePlan(app.db, input.planId, input.plan);
    try {
      const row = await insertAccount(app.db, {
        site: input.site,
        name: input.name,
        plan: chosenPlan.label,
        plan_id: chosenPlan.planId,
        active: Number(input.active),
        created_at: nowIso(),
      });
      return toAccount(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw siteTaken(input.site);
      throw error;
    }
  });

  const update = {
    preValidation: write,
    bodyLimit: ACCOUNT_BODY_LIMIT,
    schema: ACCOUNT_ROUTES.update,
  };
  typed.put('/api/v1/accounts/:id', update, async (request) => {
    const id = request.params.id;
    const existing = await findRow(id);
    const stored = await toAccountWithUsage(app, existing);
    const input = parseUpdate(accountUpdateSchema, request.body, stored);
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
      await updateAccount(app.db, id, changes);
    }
    return toAccountWithUsage(app, await findRow(id));
  });

  const remove = { preValidation: write, schema: ACCOUNT_ROUTES.remove };
  typed.delete('/api/v1/accounts/:id', remove, async (request) => {
    const id = request.params.id;
    const existing = await findRow(id);
    if (existing.site === PLATFORM_SITE) {
      throw conflict('The platform account cannot be deleted.');
    }
    const sourceIds = await deleteAccountRows(app.db, id);
    await removeAnalyticsFiles(app, id, sourceIds);
    return toAccount(existing);
  });
}

/**
 * After the commit: closes the account's connectors, forgets its cached results and removes
 * its warehouse (the DuckDB file, or the ClickHouse database and user).
 */
async function removeAnalyticsFiles(
  app: FastifyInstance,
  accountId: number,
  sourceIds: number[],
): Promise<void> {
  for (const sourceId of sourceIds) await app.sourceConnectors.forget(sourceId);
  app.queryEngine.forgetAccount(accountId);
  const dataDir = app.config.dataDir;
  await app.sourceConnectors.warehouses.remove(accountId);
  await rm(stagingDir(dataDir, accountId), { recursive: true, force: true });
}
