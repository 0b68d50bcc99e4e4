import type { Selectable } from 'kysely';
import type { ManagedUser } from '../../../common/api/users';
import type { Role } from '../../../common/types';
import { isLanguageCode } from '../../../common/languages';
import type { UsersTable } from '../../db/schema';
import type { ListOptions } from '../../http/simpleRest';
import { parseAttributes } from '../policies/repository';

// A user record of the users section: its list options and how a row (read with the
// repository's USER_COLUMNS) becomes a ManagedUser.

export const LIST: ListOptions = {
  columns: {
    id: 'users.id',
    username: 'users.username',
    fullName: 'users.full_name',
    email: 'users.email',
    role: 'users.role',
    active: 'users.active',
  },
  sortable: ['username', 'fullName', 'email', 'role', 'active', 'id'],
  filterable: ['role', 'active', 'id'],
  searchable: ['username', 'fullName', 'email'],
};

type UserColumns = Pick<
  Selectable<UsersTable>,
  | 'id'
  | 'username'
  | 'full_name'
  | 'email'
  | 'role'
  | 'active'
  | 'account_id'
  | 'attributes_json'
  | 'language'
> & { invited: unknown };

/** As toUser, from the User columns only (toUser wants the whole row), with the status. */
export function toListedUser(row: UserColumns, site: string): ManagedUser {
  const active = Boolean(row.active);
  return {
    id: row.id,
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    role: row.role as Role,
    active,
    accountId: row.account_id,
    site,
    language: isLanguageCode(row.language) ? row.language : null,
    status: Number(row.invited) === 1 ? 'invited' : active ? 'active' : 'deactivated',
    attributes: parseAttributes(row.attributes_json),
  };
}

export const USER_BODY_LIMIT = 16 * 1024;
