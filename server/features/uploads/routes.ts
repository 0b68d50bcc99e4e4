import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsOf } from '../sources/analyticsSettings';
import { findSource, warehouseFor, type DataSourceRow } from '../sources/repository';
import {
  confirmFormat,
  displayName,
  formatFromName,
  tableNameFrom,
  tableNameFromFile,
} from './uploadFormat';
import { contentCheck, type UploadContentLimits } from './uploadLimits';
import { stagingDir, type UploadFormat, type Warehouse } from '../../engines/duckdbWarehouse';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { assertStorageWithinPlan } from '../plans/planLimits';
import { queryEngineOf } from '../../query/executeQuery';
import { accountIdOf, requireSourceReader } from '../sources/access';
import { datasetNamesOfTable } from './repository';
import { DROP_TABLE, SET_COLUMN_TYPES, UPLOAD_FILE } from './schemas';

// Uploads into the tenant's DuckDB warehouse: a CSV, Parquet or JSON file streamed to the
// tenant's staging folder (never held in memory) through the content limits (uploadLimits.ts),
// checked, ingested as a table within the time limit, and the staged file deleted whatever
// happens. Also: confirm/change column types, and discard a table.

interface StagedUpload {
  path: string;
  fileName: string;
  fields: Record<string, string>;
}

interface StagingLimits {
  maxBytes: number;
  content: UploadContentLimits;
}

const MB = 1024 * 1024;

function tooLarge(limit: number): ApiError {
  const size = limit >= MB ? `${Math.round(limit / MB)} MB` : `${limit} bytes`;
  return new ApiError(413, `file: the upload limit is ${size}.`, 'file');
}

/** @fastify/multipart's refusals that are the sender's fault, as 400s naming `file`. */
const MULTIPART_REFUSALS: Record<string, string> = {
  FST_FILES_LIMIT: 'file: send one file per upload.',
  FST_FIELDS_LIMIT: 'Too many form fields.',
  FST_PARTS_LIMIT: 'Too many form parts.',
  FST_PROTO_VIOLATION: 'Form field name is not allowed.',
  FST_INVALID_MULTIPART_CONTENT_TYPE:
    'Send the file as multipart/form-data in a field named "file".',
};

/**
 * What a failure while reading the body answers: our own refusals as they are, the size limit
 * as 413, a body the multipart parser cannot read as 400; file-system errors stay 500s.
 */
function stagingError(error: unknown, maxBytes: number): unknown {
  if (error instanceof ApiError) return error;
  const { code, syscall } = error as { code?: string; syscall?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(maxBytes);
  if (code && MULTIPART_REFUSALS[code]) return badRequest(MULTIPART_REFUSALS[code], 'file');
  if (syscall) return error;
  return badRequest('file: the multipart body is malformed or incomplete.', 'file');
}

/**
 * Reads and drops what is left of a body refused part-way, which the multipart parser has
 * stopped reading: unread, it would stay on the connection and stall the client's next request.
 */
function discardRestOf(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/**
 * Reads the multipart body: the one `file` streamed to `staging` through the content checks
 * (a file breaking a limit stops there), and the text fields.
 */
async function stageUpload(
  request: FastifyRequest,
  staging: string,
  limits: StagingLimits,
): Promise<StagedUpload | null> {
  let staged: StagedUpload | null = null;
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxBytes, files: 1, fields: 10, fieldSize: 1000 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw badRequest(
          `Unknown file field "${displayName(part.fieldname)}"; send the file as "file".`,
          'file',
        );
      }
      const fileName = part.filename || 'upload';
      let format: UploadFormat;
      try {
        format = formatFromName(fileName);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      const path = join(staging, `upload-${randomBytes(12).toString('hex')}`);
      staged = { path, fileName, fields };
      await pipeline(
        part.file,
        contentCheck(format, limits.content),
        createWriteStream(path, { flags: 'wx' }),
      );
      if (part.file.truncated) throw tooLarge(limits.maxBytes);
    }
  } catch (error) {
    discardRestOf(request);
    if (staged) await rm(staged.path, { force: true });
    throw stagingError(error, limits.maxBytes);
  }
  return staged;
}

function wantsReplace(request: FastifyRequest, fields: Record<string, string>): boolean {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.replace;
  const value = fields.replace ?? fromQuery;
  return value === 'true' || value === '1';
}

export async function registerUploadRoutes(app: FastifyInstance): Promise<void> {
  const path = '/api/v1/datasources/:id';

  /** The account's warehouse source `id` and its warehouse; 400 for other source types. */
  async function warehouseOf(
    request: FastifyRequest,
    id: number,
  ): Promise<{ source: DataSourceRow; warehouse: Warehouse }> {
    const accountId = accountIdOf(request);
    const source = await findSource(app.db, accountId, id);
    if (source.type !== 'duckdb') {
      throw badRequest(
        `Tables can be uploaded to the DuckDB warehouse only, not to a ${source.type} source.`,
      );
    }
    return { source, warehouse: await warehouseFor(app, accountId) };
  }

  /** Cached chart results of the warehouse hold its old data once a table changes. */
  const invalidate = (source: DataSourceRow) =>
    queryEngineOf(app).invalidateSource(source.account_id, source.id);

  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);

    const upload = { preValidation: requireSourceReader, schema: UPLOAD_FILE };
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.post(`${path}/uploads`, upload, async (request) => {
      if (!request.isMultipart()) {
        throw badRequest('Send the file as multipart/form-data in a field named "file".', 'file');
      }
      const { source, warehouse } = await warehouseOf(request, request.params.id);
      const settings = settingsOf(app);
      const staged = await stageUpload(request, stagingDir(settings.dataDir, source.account_id), {
        maxBytes: settings.uploadMaxBytes,
        content: settings.uploadLimits,
      });
      if (!staged) throw badRequest('file: is required.', 'file');
      try {
        const stagedBytes = (await stat(staged.path)).size;
        await assertStorageWithinPlan(app.db, settings.dataDir, source.account_id, stagedBytes);
        const format = await confirmFormat(staged.path, staged.fileName);
        const given = staged.fields.table?.trim();
        const table = given ? tableNameFrom(given) : tableNameFromFile(staged.fileName);
        const ingested = await warehouse.ingestFile(staged.path, table, format, {
          replace: wantsReplace(request, staged.fields),
          limits: settings.uploadLimits,
        });
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
    const { source, warehouse } = await warehouseOf(request, id);
    if (!(await warehouse.tableExists(table))) throw notFound(`Table "${table}"`);
    const altered = await warehouse.alterColumnTypes(table, columns);
    invalidate(source);
    return altered;
  });

  const drop = { preValidation: requireSourceReader, schema: DROP_TABLE };
  typed.delete(`${path}/tables/:table`, drop, async (request) => {
    const { id, table } = request.params;
    const { source, warehouse } = await warehouseOf(request, id);
    if (!(await warehouse.tableExists(table))) throw notFound(`Table "${table}"`);
    const users = await datasetNamesOfTable(app.db, source.account_id, source.id, table);
    if (users.length) {
      throw conflict(
        `Table "${table}" is used by dataset${users.length > 1 ? 's' : ''} ${users.map((n) => `"${n}"`).join(', ')}.`,
      );
    }
    await warehouse.dropTable(table);
    invalidate(source);
    return { table };
  });
}
