import type { Migration, MigrationProvider } from 'kysely/migration';
import * as core from './0001_core';
import * as platform from './0002_platform';
import * as analytics from './0003_analytics';
import * as dashboards from './0004_dashboards';
import * as listIndexes from './0005_list_indexes';
import * as planLimits from './0006_plan_limits';
import * as messagesInvitations from './0007_messages_invitations';
import * as tokenScopesAudit from './0008_token_scopes_audit';
import * as accountMilestones from './0009_account_milestones';
import * as helpTopics from './0010_help_topics';
import * as surveys from './0011_surveys';
import * as outboxLinksForgotten from './0012_outbox_links_forgotten';
import * as tenantNeutralContent from './0013_tenant_neutral_content';
import * as rowPolicies from './0014_row_policies';
import * as embedSecrets from './0015_embed_secrets';
import * as policiesProtectTables from './0016_policies_protect_tables';
import * as rollups from './0017_rollups';
import * as subscriptions from './0018_subscriptions';
import * as alerts from './0022_alerts';
import * as datasetDrillPaths from './0019_dataset_drill_paths';
import * as revisions from './0020_revisions';
import * as ssoScim from './0021_sso_scim';
import * as dashboardTabs from './0023_dashboard_tabs';
import * as ssoSignOut from './0024_sso_sign_out';
import * as languages from './0025_languages';
import * as contentTranslations from './0026_content_translations';
import * as annotations from './0027_annotations';

// Every migration, in order. Names sort alphabetically in the order they must run;
// add new files here (e.g. `'0002_platform': platform`).
const MIGRATIONS: Record<string, Migration> = {
  '0001_core': core,
  '0002_platform': platform,
  '0003_analytics': analytics,
  '0004_dashboards': dashboards,
  '0005_list_indexes': listIndexes,
  '0006_plan_limits': planLimits,
  '0007_messages_invitations': messagesInvitations,
  '0008_token_scopes_audit': tokenScopesAudit,
  '0009_account_milestones': accountMilestones,
  '0010_help_topics': helpTopics,
  '0011_surveys': surveys,
  '0012_outbox_links_forgotten': outboxLinksForgotten,
  '0013_tenant_neutral_content': tenantNeutralContent,
  '0014_row_policies': rowPolicies,
  '0015_embed_secrets': embedSecrets,
  '0016_policies_protect_tables': policiesProtectTables,
  '0017_rollups': rollups,
  '0018_subscriptions': subscriptions,
  '0019_dataset_drill_paths': datasetDrillPaths,
  '0020_revisions': revisions,
  '0021_sso_scim': ssoScim,
  '0022_alerts': alerts,
  '0023_dashboard_tabs': dashboardTabs,
  '0024_sso_sign_out': ssoSignOut,
  '0025_languages': languages,
  '0026_content_translations': contentTranslations,
  '0027_annotations': annotations,
};

/** In-code provider: migrations are bundled with the server, not read from disk. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
