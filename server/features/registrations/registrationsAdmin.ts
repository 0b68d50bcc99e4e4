import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REGISTRATION_UPDATE_BODY } from '../../../common/api/registrations';
import { runListQuery } from '../../db/listQuery';
import { badRequest, conflict, notFound } from '../../errors';
import { requireSection } from '../../plugins/auth';
import { checkBodyId, parseUpdate } from '../../http/updatePayload';
import { listRoute } from '../../http/listRoute';
import { type ListOptions } from '../../http/simpleRest';
import { toRegistration } from './records';
import { registrationDecisions } from './registrationDecisions';
import { deleteRegistration, findRegistrationById, registrationsBase } from './repository';
import { APPROVE, PRICING_LINK_ROUTE, REGISTRATION_ROUTES, REJECT } from './schemas';

// The platform admin's view of registrations: list, show, approve (a pricing token and a
// message with its link, answered once so it can be copied), reject with a reason, delete,
// and a fresh pricing link for an approved registration.

const LIST_OPTIONS: ListOptions = {
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
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const decisions = registrationDecisions(app);
  // Who may read or write is asked before the route schema validates the request.
  const read = requireSection('registrations', 'read');
  const write = requireSection('registrations', 'write');

  const findRow = async (id: number) => {
    const row = await findRegistrationById(app.db, id);
    if (!row) throw notFound('Registration');
    return row;
  };

  const source = { name: 'registrations', base: () => registrationsBase(app.db) };
  const listAll = listRoute({
    resource: 'registrations',
    options: LIST_OPTIONS,
    page: async (_, query) => {
      const { rows, total } = await runListQuery(app.db, source, query, LIST_OPTIONS);
      return { records: rows.map(toRegistration), total };
    },
  });
  const listOptions = { preValidation: read, schema: REGISTRATION_ROUTES.list };
  app.get('/api/v1/registrations', listOptions, listAll);

  typed.get(
    '/api/v1/registrations/:id',
    { preValidation: read, schema: REGISTRATION_ROUTES.show },
    async (request) => toRegistration(await findRow(request.params.id)),
  );

  typed.put(
    '/api/v1/registrations/:id',
    { preValidation: write, schema: REGISTRATION_ROUTES.update },
    async (request) => {
      const id = request.params.id;
      const row = await findRow(id);
      const input = parseUpdate(REGISTRATION_UPDATE_BODY, request.body, toRegistration(row));
      checkBodyId(input.id, id);
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
    },
  );

  const approveOptions = { preValidation: write, schema: APPROVE };
  typed.post('/api/v1/registrations/:id/approve', approveOptions, async (request) => {
    const row = await findRow(request.params.id);
    const { registration, ...link } = await decisions.approve(row);
    return { ...registration, ...link };
  });

  const rejectOptions = { preValidation: write, schema: REJECT };
  typed.post('/api/v1/registrations/:id/reject', rejectOptions, async (request) => {
    const row = await findRow(request.params.id);
    return decisions.reject(row, request.body.reason);
  });

  typed.delete(
    '/api/v1/registrations/:id',
    { preValidation: write, schema: REGISTRATION_ROUTES.remove },
    async (request) => {
      const row = await deleteRegistration(app.db, request.params.id);
      if (!row) throw notFound('Registration');
      return toRegistration(row);
    },
  );

  // A fresh link (and message) for an approved registration: the earlier link stops working.
  const linkOptions = { preValidation: write, schema: PRICING_LINK_ROUTE };
  typed.post('/api/v1/registrations/:id/pricingLink', linkOptions, async (request) => {
    const row = await findRow(request.params.id);
    if (row.status !== 'approved') {
      throw conflict('Only an approved registration has a pricing link.', 'status');
    }
    const { token, pricingPath, mailStatus } = await decisions.approve(row);
    return { id: row.id, token, pricingPath, mailStatus };
  });
}
