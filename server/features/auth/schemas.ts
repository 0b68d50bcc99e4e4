import {
  LOGIN_ANSWER,
  loginSchema,
  OK,
  passwordResetSchema,
  LOGOUT_ANSWER,
  VERIFY_LOGIN_ANSWER,
} from '../../../common/api/auth';
import { routeSchemasOf } from '../../http/routeSchema';

const route = routeSchemasOf('auth');

export const LOGIN = route('Signs in on the site: answers a session token and the user.', {
  body: loginSchema,
  answer: LOGIN_ANSWER,
});
export const VERIFY_LOGIN = route('Whether the session is valid: answers its user.', {
  answer: VERIFY_LOGIN_ANSWER,
});
export const LOGOUT = route(
  "Ends the session; a single sign-on session also answers the identity provider's sign-out address (RP-initiated logout).",
  { answer: LOGOUT_ANSWER },
);
export const PASSWORD_RESET = route(
  'Mails a create-password link to the user of that name or e-mail, if any.',
  { body: passwordResetSchema, answer: OK },
);
