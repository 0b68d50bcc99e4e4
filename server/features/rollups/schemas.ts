import { z } from 'zod';
import { ROLLUP_INPUT, ROLLUP_PROPOSAL, ROLLUP_RECORD } from '../../../common/api/rollups';
import { ID_PARAMS } from '../../http/idParams';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of a dataset's rollups (editors and admins).

const route = routeSchemasOf('rollups');

export const ROLLUP_PARAMS = ID_PARAMS.extend({ rollupId: ID_PARAMS.shape.id });

export const LIST_ROLLUPS = route(
  "A dataset's rollups with their state: rows, bytes, build time, last refresh, share of queries answered.",
  { params: ID_PARAMS, answer: z.array(ROLLUP_RECORD) },
);

export const PROPOSE_ROLLUPS = route(
  'The rollup proposed from the charts over the dataset: the charts it would answer and its rows.',
  { params: ID_PARAMS, answer: z.array(ROLLUP_PROPOSAL) },
);

export const CREATE_ROLLUP = route(
  'Declares a rollup of a dataset; its table is built in the warehouse by a job.',
  { params: ID_PARAMS, body: ROLLUP_INPUT, answer: ROLLUP_RECORD },
);

export const UPDATE_ROLLUP = route('Changes a rollup; it is rebuilt before it is used again.', {
  params: ROLLUP_PARAMS,
  body: ROLLUP_INPUT,
  answer: ROLLUP_RECORD,
});

export const REFRESH_ROLLUP = route('Queues a refresh of a rollup now.', {
  params: ROLLUP_PARAMS,
  answer: ROLLUP_RECORD,
});

export const DELETE_ROLLUP = route('Removes a rollup and its table; answers it.', {
  params: ROLLUP_PARAMS,
  answer: ROLLUP_RECORD,
});
