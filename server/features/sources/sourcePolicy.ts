import type { SourceType } from '../../../common/analytics';
import { defaultSourcePort, sourceTypeInfo } from '../../../common/sourceTypes';
import { privilegesOfSourceUser } from '../../engines';
import type { SourceToOpen } from '../../engines/connector';
import {
  checkSourceHost,
  metadataDatabaseFromUrl,
  type CheckedHost,
} from '../../engines/hostPolicy';
import { privilegedUserMessage } from '../../engines/sourcePrivileges';
import { ApiError, badRequest } from '../../errors';
import type { AnalyticsSettings } from './analyticsSettings';

// Before a network source is saved or tested: its host must pass the host policy (docs/architecture.md §7),
// and its user may only read (sourcePrivileges.ts) unless DATASOURCE_ALLOW_PRIVILEGED_USERS is
// set. A refusal is a 400 naming `config.host` or `config.user`.

/** Sources reached over the network (the others are files inside DATA_DIR). */
const isNetworkSource = (type: SourceType) => sourceTypeInfo(type).connection === 'server';

function checkHost(settings: AnalyticsSettings, source: SourceToOpen): Promise<CheckedHost> {
  return checkSourceHost(
    source.config,
    {
      allowedHosts: settings.allowedHosts,
      metadataDatabase: metadataDatabaseFromUrl(settings.databaseUrl),
    },
    defaultSourcePort(source.type, source.config.ssl),
  );
}

/**
 * Refuses (400, `config.user`) a source whose user may do more than read, naming what it
 * holds. A source that cannot be reached is not refused here (its test connection says why).
 */
async function checkSourceUser(
  settings: AnalyticsSettings,
  source: SourceToOpen,
  checked: CheckedHost,
): Promise<void> {
  if (settings.allowPrivilegedUsers) return;
  const held = await privilegesOfSourceUser(source, checked);
  if (held?.length) {
    const message = privilegedUserMessage(source.config.user ?? '', held);
    throw badRequest(`config.user: ${message}`, 'config.user');
  }
}

/**
 * The host policy, then the user's privileges (password decrypted in `source`): when a source
 * is saved and when it is tested, so a refused host is never connected to.
 */
export async function checkSourcePolicy(
  settings: AnalyticsSettings,
  source: SourceToOpen,
): Promise<void> {
  if (!isNetworkSource(source.type)) return;
  let checked: CheckedHost;
  try {
    checked = await checkHost(settings, source);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) {
      throw badRequest(`config.host: ${error.message}`, 'config.host');
    }
    throw error;
  }
  await checkSourceUser(settings, source, checked);
}
