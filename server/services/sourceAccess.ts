import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { canAccess, type Access, type Section } from '../../common/sections';
import { forbidden } from '../errors';
import { currentUser } from '../plugins/auth';

// Who may use the analytics records (docs/architecture.md §4): admins manage data sources; editors (the
// 'datasets' writers) read sources and their schema and upload data to build datasets;
// every user of the account reads datasets (charts need them); editors write them.

function requireAny(...grants: [Section, Access][]): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = currentUser(request);
    if (!grants.some(([section, access]) => canAccess(user.role, section, access))) {
      const [section, access] = grants[0];
      throw forbidden(`Your role (${user.role}) may not ${access} ${section}.`);
    }
  };
}

export const requireSourceAdmin = requireAny(['datasources', 'write']);
export const requireSourceReader = requireAny(['datasources', 'write'], ['datasets', 'write']);
export const requireDatasetWriter = requireAny(['datasets', 'write']);
/** Any signed-in user of a tenant (not the platform admin, who has no datasets). */
export const requireDatasetReader = requireAny(
  ['datasets', 'write'],
  ['dashboards', 'read'],
  ['aicharts', 'read'],
);

/** The account of the signed-in user (preHandlers have checked there is one). */
export function accountIdOf(request: FastifyRequest): number {
  return currentUser(request).accountId;
}
