import { z } from 'zod';
import {
  createdShareLinkSchema,
  shareFilterValuesSchema,
  shareLinkRecordSchema,
  shareLinkSchema,
  sharedDashboardSchema,
  sharedQueryResultSchema,
  shareQuerySchema,
} from '../../../src/model/api/shares';
import { FIELD_VALUES_ANSWER } from '../../../src/model/api/query';
import { ID_PARAMS } from '../../http/idParams';

// Route schemas of share links (editors) and of the public share API a link opens.

const tags = ['shares'];

export const LINK_PARAMS = ID_PARAMS.extend({ linkId: ID_PARAMS.shape.id });

export const LIST_SHARE_LINKS = {
  tags,
  summary: "A dashboard's share links, newest first (never their tokens).",
  params: ID_PARAMS,
  response: { 200: z.array(shareLinkRecordSchema) },
};

export const CREATE_SHARE_LINK = {
  tags,
  summary: 'Makes a share link of a dashboard; its token is answered once.',
  params: ID_PARAMS,
  body: shareLinkSchema,
  response: { 200: createdShareLinkSchema },
};

export const REVOKE_SHARE_LINK = {
  tags,
  summary: 'Revokes a share link; answers the link.',
  params: LINK_PARAMS,
  response: { 200: shareLinkRecordSchema },
};

// The public routes check the link (the bearer) before anything else, and a link they refuse
// answers 404 with the reason: so their path and query string are read by that check, not
// refused with a 400 here.
const SHARE_PARAMS = z.object({ dashboardId: z.string().describe('the shared dashboard') });
const publicTags = ['shares'];
const REFUSED_LINK =
  'A refused link answers 404 with `reason`: revoked, expired or invalid (never data).';

export const OPEN_SHARED_DASHBOARD = {
  tags: publicTags,
  summary: 'The dashboard a share link opens, with its charts and frozen filters.',
  description: REFUSED_LINK,
  params: SHARE_PARAMS,
  response: { 200: sharedDashboardSchema },
};

export const QUERY_SHARED_CHART = {
  tags: publicTags,
  summary: "Runs one of the shared dashboard's charts under the viewer's filter values.",
  description: REFUSED_LINK,
  params: SHARE_PARAMS,
  body: shareQuerySchema,
  response: { 200: sharedQueryResultSchema },
};

export const SHARED_FILTER_VALUES = {
  tags: publicTags,
  summary: "The values a viewer may pick in one of the dashboard's values filters.",
  description: REFUSED_LINK,
  params: SHARE_PARAMS,
  body: shareFilterValuesSchema,
  response: { 200: FIELD_VALUES_ANSWER },
};
