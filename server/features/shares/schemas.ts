import { z } from 'zod';
import {
  createdShareLinkSchema,
  shareFilterValuesSchema,
  shareLinkRecordSchema,
  shareLinkSchema,
  sharedDashboardSchema,
  sharedQueryResultSchema,
  shareQuerySchema,
} from '../../../common/api/shares';
import { FIELD_VALUES_ANSWER } from '../../../common/api/query';
import { ID_PARAMS } from '../../http/idParams';
import { routeSchemasOf } from '../../http/routeSchema';

// Route schemas of share links (editors) and of the public share API a link opens.

const route = routeSchemasOf('shares');

export const LINK_PARAMS = ID_PARAMS.extend({ linkId: ID_PARAMS.shape.id });

export const LIST_SHARE_LINKS = route(
  "A dashboard's share links, newest first (never their tokens).",
  { params: ID_PARAMS, answer: z.array(shareLinkRecordSchema) },
);

export const CREATE_SHARE_LINK = route(
  'Makes a share link of a dashboard; its token is answered once.',
  { params: ID_PARAMS, body: shareLinkSchema, answer: createdShareLinkSchema },
);

export const REVOKE_SHARE_LINK = route('Revokes a share link; answers the link.', {
  params: LINK_PARAMS,
  answer: shareLinkRecordSchema,
});

// The public routes check the link (the bearer) before anything else, and a link they refuse
// answers 404 with the reason: so their path and query string are read by that check, not
// refused with a 400 here.
const SHARE_PARAMS = z.object({ dashboardId: z.string().describe('the shared dashboard') });
const REFUSED_LINK =
  'A refused link answers 404 with `reason`: revoked, expired or invalid (never data).';

export const OPEN_SHARED_DASHBOARD = route(
  'The dashboard a share link opens, with its charts and frozen filters.',
  { description: REFUSED_LINK, params: SHARE_PARAMS, answer: sharedDashboardSchema },
);

export const QUERY_SHARED_CHART = route(
  "Runs one of the shared dashboard's charts under the viewer's filter values.",
  {
    description: REFUSED_LINK,
    params: SHARE_PARAMS,
    body: shareQuerySchema,
    answer: sharedQueryResultSchema,
  },
);

export const SHARED_FILTER_VALUES = route(
  "The values a viewer may pick in one of the dashboard's values filters.",
  {
    description: REFUSED_LINK,
    params: SHARE_PARAMS,
    body: shareFilterValuesSchema,
    answer: FIELD_VALUES_ANSWER,
  },
);
