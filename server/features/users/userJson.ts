import { ROLES, USER_STATUSES } from '../../../src/model/types';

// The JSON shape of a User in answers. Fastify compiles it into a serializer for the users
// routes: faster than JSON.stringify for a page of users, and nothing else (a password hash
// joined by mistake, say) can ever be sent.

const USER = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    fullName: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string', enum: [...ROLES] },
    active: { type: 'boolean' },
    accountId: { type: 'integer' },
    site: { type: 'string' },
    status: { type: 'string', enum: [...USER_STATUSES] },
  },
  required: [
    'id',
    'username',
    'fullName',
    'email',
    'role',
    'active',
    'accountId',
    'site',
    'status',
  ],
} as const;

export const USER_RESPONSE = { response: { 200: USER } } as const;
export const USER_LIST_RESPONSE = { response: { 200: { type: 'array', items: USER } } } as const;
