import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RESTORE_DAYS,
  revisionChanges,
  type Definition,
  type DeletedObject,
  type RevisionKind,
  type RevisionRecord,
} from '../../../common/revisions';
import { lookupAccountRow, type AccountTable } from '../../db/accountRows';
import {
  definitionsByNumber,
  deletedSince,
  findRevision,
  keepRevision,
  latestRevision,
  purgeDeletedBefore,
  revisionsPage,
  REVISION_LIST,
  type ObjectRef,
  type RevisionRow,
} from '../../db/revisions';
import { forbidden, notFound } from '../../errors';
import { listRoute } from '../../http/listRoute';
import { currentUser, requireSection } from '../../plugins/auth';
import { requireDatasetReader, requireDatasetWriter } from '../../services/sourceAccess';
import { writeDefinition } from './restoreService';
import { LIST_DELETED, LIST_REVISIONS, RESTORE_DELETED, RESTORE_REVISION } from './schemas';

// GET …/{id}/revisions and POST …/{id}/revisions/{rev}/restore of dashboards, charts and
// datasets (readers read the history, writers restore); the dashboards and charts deleted in
// the last RESTORE_DAYS days, which only an admin lists and restores.

const DAY_MS = 24 * 60 * 60 * 1000;

interface KindRoutes {
  kind: RevisionKind;
  path: string;
  table: AccountTable;
  what: string;
  canRead: preValidationAsyncHookHandler;
  canWrite: preValidationAsyncHookHandler;
}

const KINDS: KindRoutes[] = [
  {
    kind: 'dashboard',
    path: '/api/v1/dashboards',
    table: 'dashboards',
    what: 'Dashboard',
    canRead: requireSection('dashboards', 'read'),
    canWrite: requireSection('dashboards', 'write'),
  },
  {
    kind: 'chart',
    path: '/api/v1/aicharts',
    table: 'charts',
    what: 'Chart',
    canRead: requireSection('aicharts', 'read'),
    canWrite: requireSection('aicharts', 'write'),
  },
  {
    kind: 'dataset',
    path: '/api/v1/datasets',
    table: 'datasets',
    what: 'Dataset',
    canRead: requireDatasetReader,
    canWrite: requireDatasetWriter,
  },
];

const parse = (row: RevisionRow) => JSON.parse(row.definition_json) as Definition;

/** The page's revisions with what changed since the one before each. */
async function toRecords(
  app: FastifyInstance,
  ref: ObjectRef,
  rows: RevisionRow[],
): Promise<RevisionRecord[]> {
  const earlier = rows.map((row) => row.number - 1).filter((number) => number > 0);
  const before = await definitionsByNumber(app.db, ref, earlier);
  return rows.map((row) => {
    const definition = parse(row);
    return {
      id: row.id,
      number: row.number,
      action: row.action,
      createdAt: row.created_at,
      author: row.author,
      definition,
      changes: revisionChanges(ref.kind, before.get(row.number - 1) ?? null, definition),
    };
  });
}

/** Deleted objects past RESTORE_DAYS are forgotten: at each read and every hour. */
const purgeExpired = (app: FastifyInstance) =>
  purgeDeletedBefore(app.db, new Date(Date.now() - RESTORE_DAYS * DAY_MS).toISOString());

function registerKindRoutes(app: FastifyInstance, routes: KindRoutes): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { kind, path } = routes;

  /** The signed-in user's account's object `id` (404 when missing or another account's). */
  async function objectOf(accountId: number, id: number): Promise<ObjectRef> {
    if (!(await lookupAccountRow(app.db, routes.table, accountId, id))) {
      throw notFound(routes.what);
    }
    return { accountId, kind, objectId: id };
  }

  const list = listRoute({
    resource: 'revisions',
    options: REVISION_LIST,
    page: async (request, query) => {
      const { accountId } = currentUser(request);
      const ref = await objectOf(accountId, (request.params as { id: number }).id);
      const { rows, total } = await revisionsPage(app.db, ref, query);
      return { records: await toRecords(app, ref, rows), total };
    },
  });
  const read = { preValidation: routes.canRead, schema: LIST_REVISIONS };
  app.get(`${path}/:id/revisions`, read, list);

  const write = { preValidation: routes.canWrite, schema: RESTORE_REVISION };
  typed.post(`${path}/:id/revisions/:rev/restore`, write, async (request) => {
    const user = currentUser(request);
    const ref = await objectOf(user.accountId, request.params.id);
    const revision = await findRevision(app.db, ref, request.params.rev);
    if (!revision) throw notFound('Revision');
    const definition = parse(revision);
    await writeDefinition(app, user, { kind, id: ref.objectId, deleted: false }, definition);
    await keepRevision(app.db, { ...ref, action: 'restored', definition, userId: user.id });
    const latest = await latestRevision(app.db, ref);
    return { id: ref.objectId, revision: latest!.id };
  });
}

/** The signed-in account admin (a deleted object's restore is theirs only). */
function accountAdminOf(request: FastifyRequest) {
  const user = currentUser(request);
  if (user.role !== 'admin') throw forbidden('Only an admin may restore deleted objects.');
  return user;
}

function registerDeletedRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const admin = {
    preValidation: async (request: FastifyRequest) => void accountAdminOf(request),
  };

  typed.get('/api/v1/deleted', { ...admin, schema: LIST_DELETED }, async (request) => {
    const { accountId } = currentUser(request);
    await purgeExpired(app);
    const since = new Date(Date.now() - RESTORE_DAYS * DAY_MS).toISOString();
    const rows = await deletedSince(app.db, accountId, ['dashboard', 'chart'], since);
    return rows.map((row): DeletedObject => ({
      kind: row.kind as DeletedObject['kind'],
      id: row.object_id,
      name: String(parse(row).name ?? ''),
      deletedAt: row.created_at,
      deletedBy: row.author,
      purgeAt: new Date(Date.parse(row.created_at) + RESTORE_DAYS * DAY_MS).toISOString(),
    }));
  });

  typed.post(
    '/api/v1/deleted/:kind/:id/restore',
    { ...admin, schema: RESTORE_DELETED },
    async (request) => {
      const user = accountAdminOf(request);
      await purgeExpired(app);
      const ref = {
        accountId: user.accountId,
        kind: request.params.kind,
        objectId: request.params.id,
      };
      const latest = await latestRevision(app.db, ref);
      const what = ref.kind === 'dashboard' ? 'Deleted dashboard' : 'Deleted chart';
      if (latest?.action !== 'deleted') throw notFound(what);
      const definition = parse(latest);
      await writeDefinition(
        app,
        user,
        { kind: ref.kind, id: ref.objectId, deleted: true },
        definition,
      );
      await keepRevision(app.db, { ...ref, action: 'restored', definition, userId: user.id });
      const restored = await latestRevision(app.db, ref);
      return { id: ref.objectId, revision: restored!.id };
    },
  );
}

export function registerRevisionRoutes(app: FastifyInstance): void {
  for (const routes of KINDS) registerKindRoutes(app, routes);
  registerDeletedRoutes(app);
  app.jobs.every({
    name: 'purge-deleted-objects',
    everyMs: 60 * 60 * 1000,
    run: async () => void (await purgeExpired(app)),
  });
}
