import { z } from 'zod';
import { ROW_POLICY, ROW_POLICY_INPUT } from '../../../common/api/rowPolicies';
import { ID_PARAMS } from '../../http/idParams';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of a dataset's row policies (editors and admins).

const route = routeSchemasOf('policies');

export const POLICY_PARAMS = ID_PARAMS.extend({ policyId: ID_PARAMS.shape.id });

export const LIST_POLICIES = route("A dataset's row policies, oldest first.", {
  params: ID_PARAMS,
  answer: z.array(ROW_POLICY),
});

export const CREATE_POLICY = route(
  "Adds a row policy to a dataset: its rows where the field holds the viewer's values of the attribute, for the roles named.",
  { params: ID_PARAMS, body: ROW_POLICY_INPUT, answer: ROW_POLICY },
);

export const UPDATE_POLICY = route('Changes a row policy.', {
  params: POLICY_PARAMS,
  body: ROW_POLICY_INPUT,
  answer: ROW_POLICY,
});

export const DELETE_POLICY = route('Removes a row policy; answers it.', {
  params: POLICY_PARAMS,
  answer: ROW_POLICY,
});
