import { rm, stat } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findSource, type DataSourceRow } from '../sources/repository';
import { confirmFormat, tableNameFrom, tableNameFromFile } from './uploadFormat';
import { stagingDir } from '../../engines/duckdb/warehouse';
import type { TenantWarehouse } from '../../engines/tenantWarehouse';
import { UPLOAD_FORM } from '../../../common/api/uploads';
import { badRequest, conflict, notFound, refused } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { tableProtected } from '../../query/compile/rowPolicies';
import { parsePayload } from '../../http/validation';
import { assertStorageWithinPlan } from '../plans/planLimitsService';
import { accountIdOf, requireSourceReader } from '../../services/sourceAccess';
import { datasetNamesOfTable } from './repository';
import { DROP_TABLE, SET_COLUMN_TYPES, UPLOAD_FILE } from './schemas';
import { stageUpload } from './stageUpload';
import { numberSeparatorsOf } from './numberSeparators';
import { isRollupTable, rebuildStale, rollupsGoingStale } from '../rollups/rollupTableService';

// Uploads into the tenant's warehouse (DuckDB, or ClickHouse with WAREHOUSE_URL): a CSV, Parquet or JSON file staged
// (stageUpload.ts), checked, ingested as a table within the time limit, and the staged file
// deleted whatever happens. Also: confirm/change column types, and discard a table.

const UPLOAD_FORM_FIELDS = UPLOAD_FORM.omit({ file: true });

function isYes(fromQuery: string | undefined, fromForm: string | undefined): boolean {
  const value = fromForm ?? fromQuery;
  return value === 'true' || value === '1';
}

/** What an upload does to a table of its name: create it, replace it, or add rows to it. */
function uploadModeOf(
  query: { replace?: string; append?: string },
  form: { replace?: string; append?: string },
): 'create' | 'replace' | 'append' {
  const replace = isYes(query.replace, form.replace);
  const append = isYes(query.append, form.append);
  if (replace && append)
    throw badRequest('append: give either replace or append, not both.', 'append');
  return replace ? 'replace' : append ? 'append' : 'create';
}

export async function registerUploadRoutes(app: FastifyInstance): Promise<void> {
  const path = '/api/v1/datasources/:id';

  /** The account's warehouse source `id`; 400 for other source types. */
  async function warehouseSourceOf(request: FastifyRequest, id: number): Promise<DataSourceRow> {
    const source = await findSource(app.db, accountIdOf(request), id);
    if (source.type !== 'duckdb') {
      const engine = app.sourceConnectors.warehouses.engine === 'duckdb' ? 'DuckDB' : 'ClickHouse';
      throw badRequest(
        `Tables can be uploaded to the ${engine} warehouse only, not to a ${source.type} source.`,
      );
    }
    return source;
  }

  /** Runs `work` on the warehouse of `source`, kept open until it ends. */
  const inWarehouse = <T>(
    source: DataSourceRow,
    work: (warehouse: TenantWarehouse) => Promise<T>,
  ) => app.sourceConnectors.useWarehouse(source.account_id, work);

  /**
   * Replacing, appending to, retyping or dropping a table that row policies protect is for
   * admins: it would let someone they hold change the rows they are kept from.
   */
  async function requireMayRewrite(
    request: FastifyRequest,
    source: DataSourceRow,
    table: string,
    what: string,
  ): Promise<void> {
    if (currentUser(request).role === 'admin') return;
    const policies = await app.queryEngine.policiesOf(source.account_id, source.id);
    if (tableProtected(policies, source.id, table)) {
      throw refused(
        'row-policy',
        `${what} the table "${table}" is for admins: row policies protect it.`,
      );
    }
  }

  /** Cached chart results of the warehouse hold its old data once a table changes. */
  const invalidate = (source: DataSourceRow) =>
    app.queryEngine.invalidateSource(source.account_id, source.id);

  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);

    const upload = { preValidation: requireSourceReader, schema: UPLOAD_FILE };
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.post(`${path}/uploads`, upload, async (request) => {
      if (!request.isMultipart()) {
        throw badRequest('Send the file as multipart/form-data in a field named "file".', 'file');
      }
      const source = await warehouseSourceOf(request, request.params.id);
      const settings = app.analyticsSettings;
      const staged = await stageUpload(request, stagingDir(settings.dataDir, source.account_id), {
        maxBytes: settings.uploadMaxBytes,
        content: settings.uploadLimits,
      });
      if (!staged) throw badRequest('file: is required.', 'file');
      try {
        const fields = parsePayload(UPLOAD_FORM_FIELDS, staged.fields);
        const numbers = numberSeparatorsOf(fields);
        const stagedBytes = (await stat(staged.path)).size;
        await assertStorageWithinPlan(
          app.db,
          app.sourceConnectors.warehouses,
          source.account_id,
          stagedBytes,
        );
        const format = await confirmFormat(staged.path, staged.fileName);
        const given = fields.table?.trim();
        const table = given ? tableNameFrom(given) : tableNameFromFile(staged.fileName);
        const mode = uploadModeOf(request.query, fields);
        if (mode !== 'create') {
          await requireMayRewrite(
            request,
            source,
            table,
            mode === 'replace' ? 'Replacing' : 'Adding rows to',
          );
        }
        const stale =
          mode === 'create'
            ? []
            : await rollupsGoingStale(
                app,
                source.account_id,
                source.id,
                table,
                mode === 'replace' ? 'replaced' : 'appended',
              );
        const ingested = await inWarehouse(source, (warehouse) =>
          warehouse.ingestFile(staged.path, table, format, {
            replace: mode === 'replace',
            append: mode === 'append',
            limits: settings.uploadLimits,
            numbers,
          }),
        ).finally(() => rebuildStale(app, stale));
        invalidate(source);
        return ingested;
      } finally {
        await rm(staged.path, { force: true });
      }
    });
  });

  // Who may write is asked before the payload is validated (preValidation).
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const types = { preValidation: requireSourceReader, schema: SET_COLUMN_TYPES };
  typed.put(`${path}/tables/:table/types`, types, async (request) => {
    const { columns } = request.body;
    const { id, table } = request.params;
    const source = await warehouseSourceOf(request, id);
    await requireMayRewrite(request, source, table, 'Changing the column types of');
    const stale = await rollupsGoingStale(app, source.account_id, source.id, table);
    const altered = await inWarehouse(source, async (warehouse) => {
      if (!(await warehouse.tableExists(table))) throw notFound(`Table "${table}"`);
      return warehouse.alterColumnTypes(table, columns);
    }).finally(() => rebuildStale(app, stale));
    invalidate(source);
    return altered;
  });

  const drop = { preValidation: requireSourceReader, schema: DROP_TABLE };
  typed.delete(`${path}/tables/:table`, drop, async (request) => {
    const { id, table } = request.params;
    const source = await warehouseSourceOf(request, id);
    await requireMayRewrite(request, source, table, 'Dropping');
    if (isRollupTable(table)) {
      throw conflict(`Table "${table}" belongs to a rollup: remove the rollup on its dataset.`);
    }
    await inWarehouse(source, async (warehouse) => {
      if (!(await warehouse.tableExists(table))) throw notFound(`Table "${table}"`);
      const users = await datasetNamesOfTable(app.db, source.account_id, source.id, table);
      if (users.length) {
        throw conflict(
          `Table "${table}" is used by dataset${users.length > 1 ? 's' : ''} ${users.map((n) => `"${n}"`).join(', ')}.`,
        );
      }
      await warehouse.dropTable(table);
    });
    invalidate(source);
    return { table };
  });
}
