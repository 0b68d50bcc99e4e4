import type { DatasetField } from '../../../common/analytics';
import {
  tableKeyOf,
  type PolicyRole,
  type RowPolicy,
  type UserAttributes,
} from '../../../common/api/rowPolicies';
import type { BoundValues } from './boundValues';
import type { SqlDialect } from '../../engines/sqlDialect';
import { bindValue, comparedColumn } from './filters';

// Row policies as WHERE conditions for one viewer. A policy declared on a table dataset
// protects the table: every dataset over the same source table carries it, whoever made the
// dataset, and it outlives the dataset it was declared on. A policy declared on a SQL
// dataset protects that dataset. Each policy that holds for the viewer keeps the rows whose
// field holds one of the viewer's values of its attribute; all of them hold together. What
// cannot match safely matches nothing: a missing attribute, a value the field's type cannot
// hold, a field the dataset does not have.

/** Who a query runs for, as the policies see them. */
export interface Viewer {
  /**
   * The roles whose policies hold for them: their own; for a share link's viewers also the
   * role of the link's maker, so a link never reads more than its maker may.
   */
  roles: PolicyRole[];
  attributes: UserAttributes;
}

/** One policy made concrete for a viewer: the field and the values its rows may hold. */
export interface PolicyCondition {
  field: string;
  values: unknown[];
}

/** What a policy is bound to: the source table it protects, or its SQL dataset. */
export type PolicyBinding = Pick<RowPolicy, 'sourceId' | 'table' | 'datasetId'>;

/** A dataset as the policies see it: where its rows come from. */
export interface PolicedDataset {
  id: number;
  sourceId: number;
  table?: string;
  sql?: string;
}

const MATCHES_NOTHING = '1 = 0';

/**
 * The role the policies see: a tenant's own roles as they are; anyone else (a platform
 * admin reading a tenant's data, a share link's or an embed's viewer) as a viewer.
 */
export function policyRoleOf(role: string): PolicyRole {
  return role === 'admin' || role === 'editor' ? role : 'viewer';
}

/** Whether `policy` holds for someone seen as `roles`. */
export function holdsFor(policy: Pick<RowPolicy, 'appliesTo'>, roles: PolicyRole[]): boolean {
  return policy.appliesTo.some((role) => roles.includes(role));
}

/**
 * Whether `role` may change or remove `policy` (either loosens it): admins any, others none
 * that holds for editors, so nobody lifts a policy that restricts them.
 */
export function mayLoosen(role: string, policy: Pick<RowPolicy, 'appliesTo'>): boolean {
  return role === 'admin' || !policy.appliesTo.includes('editor');
}

/** An attribute value handed on that its giver does not have. */
export interface WiderAttribute {
  key: string;
  value: string | number;
}

/**
 * The first value of `given` outside `own` (attributes only narrow: whoever hands attributes
 * on, to a share link say, gives a subset of their own, value by value), or null.
 */
export function widerAttribute(given: UserAttributes, own: UserAttributes): WiderAttribute | null {
  const listOf = (value: UserAttributes[string] | undefined) =>
    value === undefined ? [] : Array.isArray(value) ? value : [value];
  for (const [key, value] of Object.entries(given)) {
    const allowed = new Set(listOf(own[key]).map(String));
    const wider = listOf(value).find((item) => !allowed.has(String(item)));
    if (wider !== undefined) return { key, value: wider };
  }
  return null;
}

/** Whether `policy` protects the rows of `dataset`. */
export function protects(policy: PolicyBinding, dataset: PolicedDataset): boolean {
  if (policy.sourceId !== dataset.sourceId) return false;
  if (policy.table === null) return policy.datasetId === dataset.id;
  return dataset.table !== undefined && tableKeyOf(dataset.table) === policy.table;
}

/** Whether a policy of `policies` protects the source table `table`. */
export function tableProtected(policies: PolicyBinding[], sourceId: number, table: string) {
  const key = tableKeyOf(table);
  return policies.some((policy) => policy.sourceId === sourceId && policy.table === key);
}

/**
 * Whether a SQL statement over the source of `policies` (explorer SQL, a SQL dataset, a
 * preview of raw rows) would read around a policy that holds for `roles`.
 */
export function rawReadingHeldBack(
  policies: Pick<RowPolicy, 'appliesTo'>[],
  roles: PolicyRole[],
): boolean {
  return policies.some((policy) => holdsFor(policy, roles));
}

/**
 * The datasets of `datasets` that `roles` see only in part: what is known of all their rows,
 * such as the stored row count, is not for them.
 */
export function datasetsRestrictedFor(
  policies: (PolicyBinding & Pick<RowPolicy, 'appliesTo'>)[],
  datasets: PolicedDataset[],
  roles: PolicyRole[],
): Set<number> {
  const holding = policies.filter((policy) => holdsFor(policy, roles));
  return new Set(
    datasets
      .filter((dataset) => holding.some((policy) => protects(policy, dataset)))
      .map((dataset) => dataset.id),
  );
}

/** The conditions `policies` put on `viewer`'s rows (none when no policy holds). */
export function policyConditionsFor(
  policies: Pick<RowPolicy, 'field' | 'attribute' | 'appliesTo'>[],
  viewer: Viewer,
): PolicyCondition[] {
  return policies
    .filter((policy) => holdsFor(policy, viewer.roles))
    .map((policy) => {
      const value = viewer.attributes[policy.attribute];
      const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
      return { field: policy.field, values };
    });
}

/** The SQL of each condition, its values bound: `field IN (…)`, or one that matches nothing. */
export function compilePolicyConditions(
  conditions: PolicyCondition[],
  fields: DatasetField[],
  context: { dialect: SqlDialect; bound: BoundValues },
): string[] {
  return conditions.map((condition) => {
    const field = fields.find((candidate) => candidate.name === condition.field);
    if (!field) return MATCHES_NOTHING;
    // A value the field's type cannot hold is left out (bindValue refuses it before binding).
    const placeholders = condition.values.flatMap((value) => {
      try {
        return [bindValue(field, value, context, 'policy')];
      } catch {
        return [];
      }
    });
    if (placeholders.length === 0) return MATCHES_NOTHING;
    const column = comparedColumn(field, context.dialect.quote(field.name), context.dialect);
    return `${column} IN (${placeholders.join(', ')})`;
  });
}
