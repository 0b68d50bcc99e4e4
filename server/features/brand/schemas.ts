import {
  COMPANY_PROFILE,
  PROFILE_CREATE_FORM,
  PROFILE_UPDATE_FORM,
} from '../../../common/api/brand';
import { ID_PARAMS } from '../../http/idParams';
import { updateBodySchema } from '../../http/updateBodySchema';
import { listOf, routeSchemasOf } from '../../http/routeSchema';

// Create and update are multipart forms: their routes document the form (`formBody`), and
// profileForm.ts reads and checks it with the same schemas.

const route = routeSchemasOf('brand');

export const SITE_PROFILE = route("The resolved site's company profile (public).", {
  answer: COMPANY_PROFILE,
});
export const SITE_LOGO = route(
  "The resolved site's logo image (public; ETag, 304 when unchanged).",
  {},
);
export const LIST_PROFILES = route(
  "Company profiles: every account's for platform admins, else your own.",
  listOf(COMPANY_PROFILE),
);
export const GET_PROFILE = route('One company profile.', {
  params: ID_PARAMS,
  answer: COMPANY_PROFILE,
});
export const CREATE_PROFILE = route(
  'Creates a company profile (multipart form; platform admins).',
  { formBody: PROFILE_CREATE_FORM, answer: COMPANY_PROFILE },
);
export const UPDATE_PROFILE = route('Changes a company profile (multipart form).', {
  params: ID_PARAMS,
  formBody: updateBodySchema(PROFILE_UPDATE_FORM, COMPANY_PROFILE),
  answer: COMPANY_PROFILE,
});
export const DELETE_PROFILE = route('Deletes a company profile (platform admins).', {
  params: ID_PARAMS,
  answer: COMPANY_PROFILE,
});
