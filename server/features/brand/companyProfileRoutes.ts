import { runScopedListQuery } from '../../db/listQuery';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CompanyProfile } from '../../../common/api/brand';
import type { User } from '../../../common/types';
import { currentUser, requireSection } from '../../plugins/auth';
import { notFound, refused } from '../../errors';
import { listRoute } from '../../http/listRoute';
import type { ListOptions } from '../../http/simpleRest';
import { toCompanyProfile } from '../../db/rows';
import {
  parseCreateFields,
  parseUpdateFields,
  readProfileForm,
  type LogoUpload,
} from './profileForm';
import {
  deleteProfile,
  findProfile,
  insertProfile,
  selectProfiles,
  updateProfile,
  type AccountScope,
} from './repository';
import {
  CREATE_PROFILE,
  DELETE_PROFILE,
  GET_PROFILE,
  LIST_PROFILES,
  UPDATE_PROFILE,
} from './schemas';

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
    throw refused(
      'action-not-allowed',
      `Only platform administrators may ${action} company profiles.`,
    );
  }
}

async function findVisible(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<CompanyProfile> {
  const profile = await findProfile(app.db, id, scopeOf(currentUser(request)));
  if (!profile) throw notFound('Company profile');
  return profile;
}

function logoColumns(logo: LogoUpload | null) {
  return logo ? { logo: logo.bytes, logo_mime: logo.mime } : {};
}

function registerReadRoutes(app: FastifyInstance): void {
  const listProfiles = listRoute({
    resource: RESOURCE,
    options: LIST,
    page: async (request, query) => {
      const scope = scopeOf(currentUser(request));
      const { rows, total } = await runScopedListQuery(
        app.db,
        'companyProfiles',
        { whole: scope === null, values: { accountId: scope } },
        (whole, v) => selectProfiles(app.db, whole ? null : (v.accountId as number)),
        query,
        LIST,
      );
      return { records: rows.map(toCompanyProfile), total };
    },
  });
  app.get(PATH, { preValidation: canRead, schema: LIST_PROFILES }, listProfiles);

  const getOne = { preValidation: canRead, schema: GET_PROFILE };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(`${PATH}/:id`, getOne, async (request) => findVisible(app, request, request.params.id));
}

function registerWriteRoutes(scope: FastifyInstance, app: FastifyInstance): void {
  const typed = scope.withTypeProvider<ZodTypeProvider>();

  typed.post(PATH, { preValidation: canWrite, schema: CREATE_PROFILE }, async (request) => {
    requirePlatformAdmin(request, 'create');
    const form = await readProfileForm(request);
    const fields = parseCreateFields(form.fields);
    const id = await insertProfile(app.db, fields, logoColumns(form.logo));
    return (await findProfile(app.db, id, null))!;
  });

  const update = { preValidation: canWrite, schema: UPDATE_PROFILE };
  typed.put(`${PATH}/:id`, update, async (request) => {
    // The whole form is read (and the logo checked) before the record is looked up or written.
    const form = await readProfileForm(request);
    const profile = await findVisible(app, request, request.params.id);
    const fields = parseUpdateFields(form.fields, profile);
    const changes = {
      ...(fields.name !== undefined && { name: fields.name }),
      ...(fields.website !== undefined && { website: fields.website }),
      ...(fields.primaryColor !== undefined && { primary_color: fields.primaryColor }),
      ...(fields.secondaryColor !== undefined && { secondary_color: fields.secondaryColor }),
      ...(fields.timeZone !== undefined && { time_zone: fields.timeZone }),
      ...(fields.language !== undefined && { language: fields.language }),
      ...logoColumns(form.logo),
    };
    if (Object.keys(changes).length === 0) return profile;
    await updateProfile(app.db, profile.id, changes);
    return (await findProfile(app.db, profile.id, null))!;
  });

  const remove = { preValidation: canWrite, schema: DELETE_PROFILE };
  typed.delete(`${PATH}/:id`, remove, async (request) => {
    requirePlatformAdmin(request, 'delete');
    const profile = await findVisible(app, request, request.params.id);
    await deleteProfile(app.db, profile.id);
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
