import type { FastifyInstance } from 'fastify';
import { runListQuery } from '../../http/listQuery';
import { badRequest, conflict, notFound } from '../../http/errors';
import { requireSection } from '../../plugins/auth';
import { parseUpdate } from '../../http/updatePayload';
import { parsePayload } from '../../http/validation';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseId, parseListQuery, type ListOptions } from '../../http/simpleRest';
import { toRegistration } from './records';
import { registrationDecisions } from './registrationDecisions';
import { registrationRejectSchema, registrationUpdateSchema } from './schemas';

// The platform admin's view of registrations: list, show, approve (a pricing token and a
// message with its link, answered once so it can be copied), reject with a reason, delete,
// and a fresh pricing link for an approved registration.

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
    rejectReason: 'reject_reason',
  },
  sortable: ['id', 'companyName', 'site', 'status', 'createdAt'],
  filterable: ['id', 'status', 'site'],
  searchable: ['companyName', 'site', 'fullName', 'email', 'username'],
  defaultSort: { field: 'createdAt', order: 'desc' },
};

export function registerRegistrationAdminRoutes(app: FastifyInstance): void {
  const decisions = registrationDecisions(app);
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

  app.get('/api/v1/registrations', { preHandler: read }, (request, reply) =>
    sendCachedList(request, reply, 'registrations', async () => {
      const list = parseListQuery(request.query, LIST);
      const source = {
        name: 'registrations',
        base: () => app.db.selectFrom('registrations').selectAll(),
      };
      const { rows, total } = await runListQuery(app.db, source, list, LIST);
      return { rows: rows.map(toRegistration), start: list.start, total };
    }),
  );

  app.get('/api/v1/registrations/:id', { preHandler: read }, async (request) => {
    return toRegistration(await findRow(parseId(request.params)));
  });

  app.put('/api/v1/registrations/:id', { preHandler: write }, async (request) => {
    const id = parseId(request.params);
    const row = await findRow(id);
    const input = parseUpdate(registrationUpdateSchema, request.body, toRegistration(row));
    if (input.id !== undefined && input.id !== id) {
      throw badRequest('id: does not match the record being written.', 'id');
    }
    if (input.status === row.status) return toRegistration(row);
    if (input.status === 'approved') return (await decisions.approve(row)).registration;
    if (input.status === 'rejected') return decisions.reject(row, input.rejectReason ?? '');
    if (input.status === 'completed') {
      throw badRequest(
        'status: a registration is completed when its account is created.',
        'status',
      );
    }
    return decisions.reopen(row);
  });

  app.post('/api/v1/registrations/:id/approve', { preHandler: write }, async (request) => {
    const row = await findRow(parseId(request.params));
    const approved = await decisions.approve(row);
    return { ...approved.registration, token: approved.token, pricingPath: approved.pricingPath };
  });

  app.post('/api/v1/registrations/:id/reject', { preHandler: write }, async (request) => {
    const row = await findRow(parseId(request.params));
    const input = parsePayload(registrationRejectSchema, request.body);
    return decisions.reject(row, input.reason);
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

  // A fresh link (and message) for an approved registration: the earlier link stops working.
  app.post('/api/v1/registrations/:id/pricingLink', { preHandler: write }, async (request) => {
    const row = await findRow(parseId(request.params));
    if (row.status !== 'approved') {
      throw conflict('Only an approved registration has a pricing link.', 'status');
    }
    const approved = await decisions.approve(row);
    return { id: row.id, token: approved.token, pricingPath: approved.pricingPath };
  });
}
