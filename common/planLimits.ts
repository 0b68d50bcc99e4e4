// Limits of a pricing plan and an account's usage of them, as the API answers them (shared by
// the plan screens, the public plan cards and the accounts admin). Null is unlimited.

export interface PlanLimits {
  maxUsers: number | null;
  maxDashboards: number | null;
  maxDataSources: number | null;
  maxStorageMb: number | null;
}

export interface AccountUsage {
  users: number;
  dashboards: number;
  dataSources: number;
  storageBytes: number;
}

export type LimitKey = keyof PlanLimits;

export const LIMIT_KEYS: readonly LimitKey[] = [
  'maxUsers',
  'maxDashboards',
  'maxDataSources',
  'maxStorageMb',
];

const MB = 1024 * 1024;

/** The usage figure that a limit caps, in the limit's unit (storage in MB). */
export function usedOf(usage: AccountUsage, key: LimitKey): number {
  switch (key) {
    case 'maxUsers':
      return usage.users;
    case 'maxDashboards':
      return usage.dashboards;
    case 'maxDataSources':
      return usage.dataSources;
    case 'maxStorageMb':
      return usage.storageBytes / MB;
  }
}

const oneDecimalBelowTen = (value: number) =>
  value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;

/** Megabytes as people read them: 0.4 MB, 500 MB, 10 GB (one decimal below ten). */
export function formatMegabytes(megabytes: number): string {
  if (megabytes >= 1024) return `${oneDecimalBelowTen(megabytes / 1024)} GB`;
  return `${oneDecimalBelowTen(megabytes)} MB`;
}

/** Share of the limit used, 0..100 (capped); null when unlimited. */
export function usedPercent(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit === 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.round((used / limit) * 100));
}
