import {
  LOGIN_ANSWER,
  loginSchema,
  OK,
  passwordResetSchema,
  SUCCESS,
  VERIFY_LOGIN_ANSWER,
} from '../../../src/model/api/auth';

const tags = ['auth'];

export const LOGIN = {
  tags,
  summary: 'Signs in on the site: answers a session token and the user.',
  body: loginSchema,
  response: { 200: LOGIN_ANSWER },
};
export const VERIFY_LOGIN = {
  tags,
  summary: 'Whether the session is valid: answers its user.',
  response: { 200: VERIFY_LOGIN_ANSWER },
};
export const LOGOUT = { tags, summary: 'Ends the session.', response: { 200: SUCCESS } };
export const PASSWORD_RESET = {
  tags,
  summary: 'Mails a create-password link to the user of that name or e-mail, if any.',
  body: passwordResetSchema,
  response: { 200: OK },
};
