import { runScopedListQuery } from '../../http/listQuery';
import { isUniqueViolation } from '../../http/uniqueViolation';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CompanyProfile, User } from '../../../src/model/types';
import { currentUser, requireSection } from '../../plugins/auth';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { sendCachedList } from '../../http/listAnswerCache';
import { parseId, parseListQuery, type ListOptions } from '../../http/simpleRest';
import { toCompanyProfile } from '../../db/rows';
import {
  parseCreateFields,
  parseUpdateFields,
  readProfileForm,
  type LogoUpload,
} from './profileForm';
import { findProfile, selectProfiles, type AccountScope } from './profileRecords';

// /api/v1/companyProfiles in the ra-data-simple-rest contract (web resource `companies`).
// Platform admins manage every account's profile; an admin reads and updates only their own
// account's (another account's answers 404). Create and update are multipart form data.

const RESOURCE = 'companyProfiles';
const PATH = `/api/v1/${RESOURCE}`;

const LIST: ListOptions = {
  columns: {
    id: 'company_profiles.id',
    name: 'company_profiles.name',
    website: 'company_profiles.website',
    accountId: 'company_profiles.account_id',
  },
  sortable: ['id', 'name', 'website', 'accountId'],
  filterable: ['id', 'accountId'],
  searchable: ['name', 'website'],
};

const canRead = requireSection('companies', 'read');
const canWrite = requireSection('companies', 'write');

function scopeOf(user: User): AccountScope {
  return user.role === 'platform-admin' ? null : user.accountId;
}

function requirePlatformAdmin(request: FastifyRequest, action: string): void {
  if (currentUser(request).role !== 'platform-admin') {
    throw forbidden(`Only platform administrators may ${action} company profiles.`);
  }
}

async function findVisible(app: FastifyInstance, request: FastifyRequest): Promise<CompanyProfile> {
  const id = parseId(request.params);
  const profile = await findProfile(app.db, id, scopeOf(currentUser(request)));
  if (!profile) throw notFound('Company profile');
  return profile;
}

function logoColumns(logo: LogoUpload | null) {
  return logo ? { logo: logo.bytes, logo_mime: logo.mime } : {};
}

function registerReadRoutes(app: FastifyInstance): void {
  app.get(PATH, { preHandler: canRead }, (request, reply) =>
    sendCachedList(request, reply, RESOURCE, async () => {
      const list = parseListQuery(request.query, LIST);
      const scope = scopeOf(currentUser(request));
      const { rows, total } = await runScopedListQuery(
        app.db,
        'companyProfiles',
        { whole: scope === null, values: { accountId: scope } },
        (whole, v) => selectProfiles(app.db, whole ? null : (v.accountId as number)),
        list,
        LIST,
      );
      return { rows: rows.map(toCompanyProfile), start: list.start, total };
    }),
  );

  app.get(`${PATH}/:id`, { preHandler: canRead }, async (request) => findVisible(app, request));
}

function registerWriteRoutes(scope: FastifyInstance, app: FastifyInstance): void {
  scope.post(PATH, { preHandler: canWrite }, async (request) => {
    requirePlatformAdmin(request, 'create');
    const form = await readProfileForm(request);
    const fields = parseCreateFields(form.fields);
    const id = await app.db.transaction().execute(async (trx) => {
      const account = await trx
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', fields.accountId)
        .executeTakeFirst();
      if (!account) throw badRequest('accountId: no account has this id.', 'accountId');
      const taken = await trx
        .selectFrom('company_profiles')
        .select('id')
        .where('account_id', '=', fields.accountId)
        .executeTakeFirst();
      if (taken)
        throw conflict('accountId: this account already has a company profile.', 'accountId');
      const inserted = await trx
        .insertInto('company_profiles')
        .values({
          account_id: fields.accountId,
          name: fields.name,
          website: fields.website,
          primary_color: fields.primaryColor,
          secondary_color: fields.secondaryColor,
          logo: null,
          logo_mime: null,
          ...logoColumns(form.logo),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) {
            throw conflict('accountId: this account already has a company profile.', 'accountId');
          }
          throw error;
        });
      return inserted.id;
    });
    return (await findProfile(app.db, id, null))!;
  });

  scope.put(`${PATH}/:id`, { preHandler: canWrite }, async (request) => {
    // The whole form is read (and the logo checked) before the record is looked up or written.
    const form = await readProfileForm(request);
    const profile = await findVisible(app, request);
    const fields = parseUpdateFields(form.fields, profile);
    const changes = {
      ...(fields.name !== undefined && { name: fields.name }),
      ...(fields.website !== undefined && { website: fields.website }),
      ...(fields.primaryColor !== undefined && { primary_color: fields.primaryColor }),
      ...(fields.secondaryColor !== undefined && { secondary_color: fields.secondaryColor }),
      ...logoColumns(form.logo),
    };
    if (Object.keys(changes).length === 0) return profile;
    await app.db
      .updateTable('company_profiles')
      .set(changes)
      .where('id', '=', profile.id)
      .execute();
    return (await findProfile(app.db, profile.id, null))!;
  });

  scope.delete(`${PATH}/:id`, { preHandler: canWrite }, async (request) => {
    requirePlatformAdmin(request, 'delete');
    const profile = await findVisible(app, request);
    await app.db.deleteFrom('company_profiles').where('id', '=', profile.id).execute();
    return profile;
  });
}

export async function registerCompanyProfileRoutes(app: FastifyInstance): Promise<void> {
  registerReadRoutes(app);
  // Multipart is registered once per encapsulated scope; another route file may own its own.
  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('isMultipart')) await scope.register(multipart);
    registerWriteRoutes(scope, app);
  });
}
