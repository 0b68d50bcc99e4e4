import type { Selectable } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditLogEntry } from '../../../common/api/audit';
import type { AuditLogTable } from '../../db/auditSchema';
import type { SlotValues } from '../../db/queryTemplates';
import { notFound } from '../../errors';
import { currentUser, requireSection } from '../../plugins/auth';
import { runScopedListQuery } from '../../db/listQuery';
import { listRoute } from '../../http/listRoute';
import { findAuditEntry, selectAuditEntries } from './repository';
import { GET_ENTRY, LIST_ENTRIES } from './schemas';
import type { ListOptions } from '../../http/simpleRest';

// The audit log (section `auditlogs`, read only) in the simple-rest contract: admins read
// their own account's entries, platform admins every account's. Newest first by default (id
// order is write order, and has no ties).

const LIST: ListOptions = {
  columns: {
    id: 'audit_log.id',
    accountId: 'audit_log.account_id',
    site: 'accounts.site',
    userId: 'audit_log.user_id',
    username: 'audit_log.username',
    action: 'audit_log.action',
    resource: 'audit_log.resource',
    recordId: 'audit_log.record_id',
    ip: 'audit_log.ip',
    at: 'audit_log.at',
  },
  sortable: ['id', 'at', 'username', 'action', 'resource'],
  filterable: ['id', 'accountId', 'site', 'userId', 'username', 'action', 'resource', 'recordId'],
  searchable: ['username', 'action', 'resource'],
  filterKinds: { recordId: 'text' },
  defaultSort: { field: 'id', order: 'desc' },
};

type AuditRow = Selectable<AuditLogTable> & { site: string | null };

function parseDetail(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}

function toAuditLogEntry(row: AuditRow): AuditLogEntry {
  return {
    id: row.id,
    accountId: row.account_id,
    site: row.site,
    userId: row.user_id,
    username: row.username,
    action: row.action,
    resource: row.resource,
    recordId: row.record_id,
    ip: row.ip,
    at: row.at,
    detail: parseDetail(row.detail),
  };
}

export function registerAuditRoutes(app: FastifyInstance): void {
  const read = requireSection('auditlogs', 'read');
  const isPlatformAdmin = (request: FastifyRequest) =>
    currentUser(request).role === 'platform-admin';
  const actorValues = (request: FastifyRequest): SlotValues => ({
    accountId: currentUser(request).accountId,
  });

  const listEntries = listRoute({
    resource: 'auditLogs',
    options: LIST,
    page: async (request, query) => {
      const scope = { whole: isPlatformAdmin(request), values: actorValues(request) };
      const { rows, total } = await runScopedListQuery(
        app.db,
        'auditLogs',
        scope,
        (everyone, values) => selectAuditEntries(app.db, everyone, values),
        query,
        LIST,
      );
      return { records: rows.map(toAuditLogEntry), total };
    },
  });
  app.get('/api/v1/auditLogs', { preValidation: read, schema: LIST_ENTRIES }, listEntries);

  const getEntry = { preValidation: read, schema: GET_ENTRY };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/v1/auditLogs/:id', getEntry, async (request) => {
      const everyone = isPlatformAdmin(request);
      const row = await findAuditEntry(app.db, everyone, actorValues(request), request.params.id);
      if (!row) throw notFound('Audit log entry');
      return toAuditLogEntry(row);
    });
}
