import { ApiError, conflict } from '../../errors';

// The answers to a link to create a password that cannot be used.

export const unknownInvitation = () =>
  new ApiError(404, 'This link to create a password is not known.', 'invitation');
export const expiredInvitation = () =>
  new ApiError(410, 'This link to create a password has expired; ask for a new one.', 'invitation');
export const usedInvitation = () =>
  conflict('A password has already been set with this link.', 'invitation');
