import type { DataSourceConfig, SourceType } from '../../src/model/analytics';
import { checkSourceHost, metadataDatabaseFromUrl } from '../engines/hostPolicy';
import { ApiError, badRequest } from '../errors';
import type { AnalyticsSettings } from './analyticsSettings';

// Before a network source is saved: its host must pass the host policy (DESIGN §7). A
// refusal is a 400 naming `config.host`.

const DEFAULT_PORTS: Partial<Record<SourceType, number>> = { postgres: 5432, mysql: 3306 };

export async function checkSourcePolicy(
  settings: AnalyticsSettings,
  type: SourceType | string,
  config: DataSourceConfig,
): Promise<void> {
  const defaultPort = DEFAULT_PORTS[type as SourceType];
  if (defaultPort === undefined) return;
  try {
    await checkSourceHost(
      config,
      {
        allowedHosts: settings.allowedHosts,
        metadataDatabase: metadataDatabaseFromUrl(settings.databaseUrl),
      },
      defaultPort,
    );
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) {
      throw badRequest(`config.host: ${error.message}`, 'config.host');
    }
    throw error;
  }
}
