import { PLATFORM_SITE } from '../../common/types';

/** Sub-domains no tenant may take: the platform's own and common infrastructure names. */
export const RESERVED_SITES: ReadonlySet<string> = new Set([
  PLATFORM_SITE,
  'api',
  'app',
  'admin',
  'assets',
  'auth',
  'cdn',
  'dashboard',
  'docs',
  'ftp',
  'help',
  'login',
  'mail',
  'node',
  'platform',
  'smtp',
  'static',
  'status',
  'support',
]);
