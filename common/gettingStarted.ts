import type { ChecklistItem } from './api/gettingStarted';
import type { Section } from './sections';

// The getting-started checklist (docs/architecture.md §6): what a new account does first, each
// step ticked from the account's real state. Shared by the server (which gathers the facts)
// and the web app (which links each step to where it is done).

export const CHECKLIST_STEPS = [
  'connect',
  'dataset',
  'ask',
  'dashboard',
  'share',
  'invite',
  'brand',
] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

/** What the server counts in the account. */
export interface AccountFacts {
  /** data sources other than the built-in warehouse */
  externalSources: number;
  /** tables in the account's warehouse (uploads, demo data) */
  warehouseTables: number;
  datasets: number;
  questionsAsked: boolean;
  dashboards: number;
  /** share links not revoked */
  shareLinks: number;
  users: number;
  /** a logo or brand colours set on the company profile */
  branded: boolean;
}

const DONE_WHEN: Record<ChecklistStep, (facts: AccountFacts) => boolean> = {
  connect: (facts) => facts.externalSources > 0 || facts.warehouseTables > 0,
  dataset: (facts) => facts.datasets > 0,
  ask: (facts) => facts.questionsAsked,
  dashboard: (facts) => facts.dashboards > 0,
  share: (facts) => facts.shareLinks > 0,
  invite: (facts) => facts.users > 1,
  brand: (facts) => facts.branded,
};

export function checklistItems(facts: AccountFacts): ChecklistItem[] {
  return CHECKLIST_STEPS.map((step) => ({ step, done: DONE_WHEN[step](facts) }));
}

/** Where each step is done, and the section whose write access it takes. */
export const STEP_PLACES: Record<ChecklistStep, { path: string; section: Section }> = {
  connect: { path: '/datasources', section: 'datasources' },
  dataset: { path: '/datasets/create', section: 'datasets' },
  ask: { path: '/aicharts/create', section: 'aicharts' },
  dashboard: { path: '/dashboards/create', section: 'dashboards' },
  share: { path: '/dashboards', section: 'dashboards' },
  invite: { path: '/users/create', section: 'users' },
  brand: { path: '/companies', section: 'companies' },
};
