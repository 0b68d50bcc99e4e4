import type { DatasetField } from '../../../src/model/analytics';
import type { PolicyRole, RowPolicy, UserAttributes } from '../../../src/model/api/rowPolicies';
import type { BoundValues } from './boundValues';
import type { SqlDialect } from './dialects';
import { bindValue, comparedColumn } from './filters';

// A dataset's row policies as WHERE conditions for one viewer. Each policy that applies to the
// viewer's role keeps the rows whose field holds one of the viewer's values of its attribute;
// all of them hold together. What cannot match safely matches nothing: a missing attribute, a
// value the field's type cannot hold, a field the dataset no longer has.

/** Who a query runs for, as the policies see them. */
export interface Viewer {
  role: PolicyRole;
  attributes: UserAttributes;
}

/** One policy made concrete for a viewer: the field and the values its rows may hold. */
export interface PolicyCondition {
  field: string;
  values: unknown[];
}

const MATCHES_NOTHING = '1 = 0';

/**
 * The role the policies see: a tenant's own roles as they are; anyone else (a platform
 * admin reading a tenant's data, a share link's or an embed's viewer) as a viewer.
 */
export function policyRoleOf(role: string): PolicyRole {
  return role === 'admin' || role === 'editor' ? role : 'viewer';
}

/** Whether `policy` holds for `role`: that role sees only the rows it lets through. */
function holdsFor(policy: Pick<RowPolicy, 'appliesTo'>, role: PolicyRole): boolean {
  return policy.appliesTo.includes(role);
}

/**
 * The datasets of `policies` that `role` sees only in part: what is known of all their rows,
 * such as the stored row count, is not for that role.
 */
export function datasetsRestrictedFor(
  policies: Pick<RowPolicy, 'datasetId' | 'appliesTo'>[],
  role: PolicyRole,
): Set<number> {
  return new Set(policies.filter((policy) => holdsFor(policy, role)).map((p) => p.datasetId));
}

/** The conditions `policies` put on `viewer`'s rows (none when no policy applies). */
export function policyConditionsFor(
  policies: Pick<RowPolicy, 'field' | 'attribute' | 'appliesTo'>[],
  viewer: Viewer,
): PolicyCondition[] {
  return policies
    .filter((policy) => holdsFor(policy, viewer.role))
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
