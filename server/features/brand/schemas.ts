import { z } from 'zod';
import {
  COMPANY_PROFILE,
  PROFILE_CREATE_FORM,
  PROFILE_UPDATE_FORM,
} from '../../../src/model/api/brand';
import { ID_PARAMS } from '../../http/idParams';
import { LIST_ANSWER_DESCRIPTION, LIST_QUERYSTRING } from '../../http/listQuerySchema';
import { updateBodySchema } from '../../http/updateBodySchema';

// Create and update are multipart forms: their routes document the form (`formBody`), and
// profileForm.ts reads and checks it with the same schemas.

const tags = ['brand'];

export const SITE_PROFILE = {
  tags,
  summary: "The resolved site's company profile (public).",
  response: { 200: COMPANY_PROFILE },
};
export const SITE_LOGO = {
  tags,
  summary: "The resolved site's logo image (public; ETag, 304 when unchanged).",
};
export const LIST_PROFILES = {
  tags,
  summary: "Company profiles: every account's for platform admins, else your own.",
  querystring: LIST_QUERYSTRING,
  response: { 200: z.array(COMPANY_PROFILE).describe(LIST_ANSWER_DESCRIPTION) },
};
export const GET_PROFILE = {
  tags,
  summary: 'One company profile.',
  params: ID_PARAMS,
  response: { 200: COMPANY_PROFILE },
};
export const CREATE_PROFILE = {
  tags,
  summary: 'Creates a company profile (multipart form; platform admins).',
  formBody: PROFILE_CREATE_FORM,
  response: { 200: COMPANY_PROFILE },
};
export const UPDATE_PROFILE = {
  tags,
  summary: 'Changes a company profile (multipart form).',
  params: ID_PARAMS,
  formBody: updateBodySchema(PROFILE_UPDATE_FORM, COMPANY_PROFILE),
  response: { 200: COMPANY_PROFILE },
};
export const DELETE_PROFILE = {
  tags,
  summary: 'Deletes a company profile (platform admins).',
  params: ID_PARAMS,
  response: { 200: COMPANY_PROFILE },
};
