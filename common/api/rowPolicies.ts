import { z } from 'zod';

// Row-level security on the wire: the attributes an admin gives a user (and an embed token or
// a share link carries), and the row policies of a dataset, each a filter on one of its
// fields bound to an attribute (`region = {{region}}`, `customer_id in {{customers}}`) for
// some roles. A viewer without the attribute sees no rows.

const ATTRIBUTE_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const KEY_RULE = 'must start with a letter or _ and hold only letters, digits and _ (at most 64)';

export const attributeKeySchema = z.string().trim().regex(ATTRIBUTE_KEY, KEY_RULE);

const attributeValue = z.union([
  z.string().trim().min(1, 'is empty').max(200, 'must be at most 200 characters'),
  z.number().finite(),
]);

/** A user's attributes: one value or a list of values per key. */
export const USER_ATTRIBUTES = z
  .record(attributeKeySchema, z.union([attributeValue, z.array(attributeValue).max(200)]))
  .refine((attributes) => Object.keys(attributes).length <= 50, 'at most 50 attributes')
  .describe('Attributes fed to row policies: { key: value | [values] }');
export type UserAttributes = z.infer<typeof USER_ATTRIBUTES>;

/**
 * A source table's name as policies compare it: unquoted, in lower case, without its schema.
 * Two spellings of one table always compare equal; two tables of one name in different
 * schemas share their policies, which restricts more, never less.
 */
export function tableKeyOf(table: string): string {
  const parts = table.split('.').map((part) => part.trim().replace(/^["`[]|["`\]]$/g, ''));
  return parts[parts.length - 1].toLowerCase();
}

const ROW_POLICY_OPS = ['=', 'in'] as const;

/** The roles a policy may apply to; a tenant's admins only when named. */
export const POLICY_ROLES = ['admin', 'editor', 'viewer'] as const;
export type PolicyRole = (typeof POLICY_ROLES)[number];
/** What a new policy applies to unless said: everyone but admins. */
export const EVERYONE_BUT_ADMINS: PolicyRole[] = ['editor', 'viewer'];

const REQUIRED = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};

/** Body of POST and PUT /api/v1/datasets/{id}/policies. */
export const ROW_POLICY_INPUT = z.strictObject({
  id: z.number().int().positive().optional(),
  field: z.string(REQUIRED).min(1, 'is required').max(255),
  op: z.enum(ROW_POLICY_OPS, { error: () => `must be one of ${ROW_POLICY_OPS.join(', ')}` }),
  attribute: attributeKeySchema,
  appliesTo: z
    .array(z.enum(POLICY_ROLES, { error: () => `must be one of ${POLICY_ROLES.join(', ')}` }))
    .min(1, 'must name at least one role')
    .max(3)
    .default(EVERYONE_BUT_ADMINS)
    .transform((roles) => POLICY_ROLES.filter((role) => roles.includes(role))),
});
export type RowPolicyInput = z.input<typeof ROW_POLICY_INPUT>;

export const ROW_POLICY = z.object({
  id: z.number(),
  /** The dataset it was declared on (a table's policy outlives that dataset). */
  datasetId: z.number(),
  sourceId: z.number(),
  table: z
    .string()
    .nullable()
    .describe(
      'The source table it protects, for every dataset over it (unquoted, lower case); null for a policy of a SQL dataset, which protects that dataset.',
    ),
  field: z.string(),
  op: z.enum(ROW_POLICY_OPS),
  attribute: z.string(),
  appliesTo: z.array(z.enum(POLICY_ROLES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RowPolicy = z.infer<typeof ROW_POLICY>;
