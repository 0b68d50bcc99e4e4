import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatasetRecord } from '../../../common/api/datasets';
import { tableKeyOf, type RowPolicy } from '../../../common/api/rowPolicies';
import { badRequest, notFound, refused } from '../../errors';
import { mayLoosen, protects } from '../../query/compile/rowPolicies';
import { policiesOfAccount } from '../../db/rowPolicies';
import { currentUser } from '../../plugins/auth';
import { loadDataset } from '../datasets/repository';
import { requireDatasetWriter } from '../../services/sourceAccess';
import {
  deletePolicy,
  findPolicy,
  insertPolicy,
  updatePolicy,
  type PolicyValues,
} from './repository';
import { CREATE_POLICY, DELETE_POLICY, LIST_POLICIES, UPDATE_POLICY } from './schemas';

// Row policies of a dataset: editors and admins list and add them. A policy added on a table
// dataset protects the table (every dataset over it); on a SQL dataset, that dataset.
// Changing or removing one loosens it, so an editor may do that only to a policy that does
// not hold for editors (an admin to any): nobody lifts a policy that restricts them.

function checkField(values: PolicyValues, dataset: DatasetRecord): void {
  if (!dataset.fields.some((field) => field.name === values.field)) {
    throw badRequest(
      `field: the dataset "${dataset.name}" has no field "${values.field}".`,
      'field',
    );
  }
}

function requireMayLoosen(request: FastifyRequest, policy: RowPolicy): void {
  if (!mayLoosen(currentUser(request).role, policy)) {
    throw refused(
      'row-policy',
      'Only an admin may change or remove a policy that applies to editors.',
    );
  }
}

export function registerPolicyRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/v1/datasets/:id/policies';
  const writers = { preValidation: requireDatasetWriter };

  const datasetOf = (request: FastifyRequest<{ Params: { id: number } }>) =>
    loadDataset(app.db, currentUser(request).accountId, request.params.id);

  /** The policies that protect `dataset`: its table's, or a SQL dataset's own. */
  const policiesProtecting = async (accountId: number, dataset: DatasetRecord) =>
    (await policiesOfAccount(app.db, accountId, dataset.sourceId)).filter((policy) =>
      protects(policy, dataset),
    );

  const policyOf = async (accountId: number, dataset: DatasetRecord, policyId: number) => {
    const policy = await findPolicy(app.db, accountId, policyId);
    if (!policy || !protects(policy, dataset)) throw notFound('Row policy');
    return policy;
  };

  typed.get(path, { ...writers, schema: LIST_POLICIES }, async (request) => {
    const dataset = await datasetOf(request);
    return policiesProtecting(currentUser(request).accountId, dataset);
  });

  typed.post(path, { ...writers, schema: CREATE_POLICY }, async (request) => {
    const user = currentUser(request);
    const dataset = await datasetOf(request);
    checkField(request.body, dataset);
    const owner = {
      accountId: user.accountId,
      datasetId: dataset.id,
      sourceId: dataset.sourceId,
      table: dataset.table ? tableKeyOf(dataset.table) : null,
      createdBy: user.id,
    };
    return insertPolicy(app.db, owner, request.body);
  });

  typed.put(`${path}/:policyId`, { ...writers, schema: UPDATE_POLICY }, async (request) => {
    const dataset = await datasetOf(request);
    const accountId = currentUser(request).accountId;
    const policy = await policyOf(accountId, dataset, request.params.policyId);
    if (request.body.id !== undefined && request.body.id !== policy.id) {
      throw badRequest('id: does not match the address.', 'id');
    }
    requireMayLoosen(request, policy);
    checkField(request.body, dataset);
    return updatePolicy(app.db, policy.id, request.body);
  });

  typed.delete(`${path}/:policyId`, { ...writers, schema: DELETE_POLICY }, async (request) => {
    const dataset = await datasetOf(request);
    const accountId = currentUser(request).accountId;
    const policy = await policyOf(accountId, dataset, request.params.policyId);
    requireMayLoosen(request, policy);
    await deletePolicy(app.db, policy.id);
    return policy;
  });
}
