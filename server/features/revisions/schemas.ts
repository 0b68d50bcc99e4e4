import { z } from 'zod';
import { deletedObjectSchema, revisionRecordSchema } from '../../../common/revisions';
import { ID_PARAMS } from '../../http/idParams';
import { listOf, routeSchemasOf } from '../../http/routeSchema';

// Route schemas of the revisions of dashboards, charts and datasets, and of the deleted
// dashboards and charts an admin can still restore.

const route = routeSchemasOf('revisions');

const REVISION_PARAMS = ID_PARAMS.extend({ rev: ID_PARAMS.shape.id });

export const LIST_REVISIONS = route(
  'The revisions of one object, newest first, each with what changed since the one before.',
  { params: ID_PARAMS, ...listOf(revisionRecordSchema) },
);

export const RESTORE_REVISION = route(
  'Saves the definition of an earlier revision as the current one (itself a new revision).',
  { params: REVISION_PARAMS, answer: z.object({ id: z.number(), revision: z.number() }) },
);

export const LIST_DELETED = route(
  'Dashboards and charts deleted in the last 30 days, newest first (admins).',
  { answer: z.array(deletedObjectSchema) },
);

export const RESTORE_DELETED = route(
  'Restores a deleted dashboard or chart under its id (admins).',
  {
    params: z.object({ kind: z.enum(['dashboard', 'chart']), id: ID_PARAMS.shape.id }),
    answer: z.object({ id: z.number(), revision: z.number() }),
  },
);
