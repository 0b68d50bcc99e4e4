import type { FastifyInstance } from 'fastify';
import { runListQuery } from '../crud/listQuery';
import { hashToken, newToken } from '../../auth/tokens';
import { badRequest, conflict, notFound } from '../../errors';
import { requireSection } from '../../plugins/auth';
import { parsePayload } from '../../validation';
import { parseId, parseListQuery, sendList, type ListOptions } from '../crud/simpleRest';
import { toRegistration } from './records';
import { registrationUpdateSchema } from './schemas';

// The platform admin's view of registrations: list, show, accept or reject, delete, and
// "send pricing link", which makes a fresh token (only its hash is kept) and shows it once.

const LIST: ListOptions = {
  columns: {
    id: 'id',
    companyName: 'company_name',
    site: 'site',
    fullName: 'full_name',
    email: 'email',
    username: 'username',
    status: 'status',
    createdAt: 'created_at',
  },
  sortable: ['id', 'companyName', 'site', 'status', 'createdAt'],
  filterable: ['id', 'status', 'site'],
  searchable: ['companyName', 'site', 'fullName', 'email', 'username'],
  defaultSort: { field: 'createdAt', order: 'desc' },
};

export function registerRegistrationAdminRoutes(app: FastifyInstance): void {
  const read = requireSection('registrations', 'read');
  const write = requireSection('registrations', 'write');

  const findRow = async (id: number) => {
    const row = await app.db
      .selectFrom('registrations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Registration');
    return row;
  };

  app.get('/api/v1/registrations', { preHandler: read }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST);
    const source = {
      name: 'registrations',
      base: () => app.db.selectFrom('registrations').selectAll(),
    };
    const { rows, total } = await runListQuery(app.db, source, list, LIST);
    return sendList(reply, 'registrations', rows.map(toRegistration), list.start, list.end, total);
  });

  app.get('/api/v1/registrations/:id', { preHandler: read }, async (request) => {
    return toRegistration(await findRow(parseId(request.params)));
  });

  app.put('/api/v1/registrations/:id', { preHandler: write }, async (request) => {
    const id = parseId(request.params);
    const input = parsePayload(registrationUpdateSchema, request.body);
    if (input.id !== undefined && input.id !== id) {
      throw badRequest('id: does not match the record being written.', 'id');
    }
    const row = await findRow(id);
    if (row.account_id !== null && input.status !== 'accepted') {
      throw conflict('The account of this registration exists already.', 'status');
    }
    const updated = await app.db
      .updateTable('registrations')
      .set({ status: input.status })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRegistration(updated);
  });

  app.delete('/api/v1/registrations/:id', { preHandler: write }, async (request) => {
    const id = parseId(request.params);
    const row = await app.db
      .deleteFrom('registrations')
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('Registration');
    return toRegistration(row);
  });

  app.post('/api/v1/registrations/:id/pricingLink', { preHandler: write }, async (request) => {
    const id = parseId(request.params);
    const row = await findRow(id);
    if (row.status === 'rejected') {
      throw conflict('This registration was rejected; accept it first.', 'status');
    }
    if (row.account_id !== null) {
      throw conflict('The account of this registration exists already.', 'status');
    }
    const token = newToken();
    await app.db
      .updateTable('registrations')
      .set({ token_hash: hashToken(token) })
      .where('id', '=', id)
      .execute();
    return { id, token, pricingPath: `/pricing/${token}` };
  });
}
