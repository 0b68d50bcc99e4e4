import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DatasetRecord } from '../../../src/model/api/datasets';
import type { RowPolicy } from '../../../src/model/api/rowPolicies';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { currentUser } from '../../plugins/auth';
import { loadDataset } from '../datasets/repository';
import { requireDatasetWriter } from '../sources/access';
import {
  deletePolicy,
  findPolicy,
  insertPolicy,
  policiesOfDataset,
  updatePolicy,
  type PolicyValues,
} from './repository';
import { CREATE_POLICY, DELETE_POLICY, LIST_POLICIES, UPDATE_POLICY } from './schemas';

// Row policies of a dataset: editors and admins list and add them. Changing or removing one
// loosens it, so an editor may do that only to a policy that does not hold for editors (an
// admin to any): nobody lifts a policy that restricts them.

function checkField(values: PolicyValues, dataset: DatasetRecord): void {
  if (!dataset.fields.some((field) => field.name === values.field)) {
    throw badRequest(
      `field: the dataset "${dataset.name}" has no field "${values.field}".`,
      'field',
    );
  }
}

function requireMayLoosen(request: FastifyRequest, policy: RowPolicy): void {
  const role = currentUser(request).role;
  if (role !== 'admin' && policy.appliesTo.includes('editor')) {
    throw forbidden('Only an admin may change or remove a policy that applies to editors.');
  }
}

export function registerPolicyRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/api/v1/datasets/:id/policies';
  const writers = { preValidation: requireDatasetWriter };

  const datasetOf = (request: FastifyRequest<{ Params: { id: number } }>) =>
    loadDataset(app.db, currentUser(request).accountId, request.params.id);

  const policyOf = async (accountId: number, datasetId: number, policyId: number) => {
    const policy = await findPolicy(app.db, accountId, datasetId, policyId);
    if (!policy) throw notFound('Row policy');
    return policy;
  };

  typed.get(path, { ...writers, schema: LIST_POLICIES }, async (request) => {
    const dataset = await datasetOf(request);
    return policiesOfDataset(app.db, currentUser(request).accountId, dataset.id);
  });

  typed.post(path, { ...writers, schema: CREATE_POLICY }, async (request) => {
    const user = currentUser(request);
    const dataset = await datasetOf(request);
    checkField(request.body, dataset);
    const owner = { accountId: user.accountId, datasetId: dataset.id, createdBy: user.id };
    return insertPolicy(app.db, owner, request.body);
  });

  typed.put(`${path}/:policyId`, { ...writers, schema: UPDATE_POLICY }, async (request) => {
    const dataset = await datasetOf(request);
    const accountId = currentUser(request).accountId;
    const policy = await policyOf(accountId, dataset.id, request.params.policyId);
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
    const policy = await policyOf(accountId, dataset.id, request.params.policyId);
    requireMayLoosen(request, policy);
    await deletePolicy(app.db, policy.id);
    return policy;
  });
}
