import { passwordChangeSchema, profileUpdateSchema } from '../../../src/model/api/me';
import { SUCCESS } from '../../../src/model/api/auth';
import { USER } from '../../../src/model/api/users';

const tags = ['me'];

export const GET_ME = { tags, summary: 'The signed-in user.', response: { 200: USER } };
export const UPDATE_ME = {
  tags,
  summary: "Changes the signed-in user's full name.",
  body: profileUpdateSchema,
  response: { 200: USER },
};
export const CHANGE_PASSWORD = {
  tags,
  summary: "Changes the signed-in user's password; their other sign-in sessions end.",
  body: passwordChangeSchema,
  response: { 200: SUCCESS },
};
