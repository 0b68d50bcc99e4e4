import { attributeKeySchema, type UserAttributes } from '../../common/api/rowPolicies';

// Attributes as people type them: rows of a key and its values, comma-separated (the user
// form's rows, a share link's lines `key = value, value`). One value is kept as text, several
// as a list; a blank row is left out.

export interface AttributeRow {
  key: string;
  values: string;
}

function valuesOf(text: string): string[] {
  return [...new Set(text.split(',').map((value) => value.trim()))].filter(Boolean);
}

export function rowsOf(attributes: UserAttributes | undefined): AttributeRow[] {
  return Object.entries(attributes ?? {}).map(([key, value]) => ({
    key,
    values: (Array.isArray(value) ? value : [value]).join(', '),
  }));
}

/** `key = value, value` lines as rows (a line without `=` is a key without values). */
export function rowsOfLines(text: string): AttributeRow[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const at = line.indexOf('=');
      return at < 0
        ? { key: line.trim(), values: '' }
        : { key: line.slice(0, at).trim(), values: line.slice(at + 1) };
    });
}

export function attributesOf(rows: AttributeRow[]): UserAttributes {
  const attributes: UserAttributes = {};
  for (const row of rows) {
    const values = valuesOf(row.values);
    const key = row.key.trim();
    // A key given twice keeps its first row (the second is marked at the field).
    if (!key || values.length === 0 || key in attributes) continue;
    attributes[key] = values.length === 1 ? values[0] : values;
  }
  return attributes;
}

/** What is wrong with row `index` (an i18n key's last part), or null. */
export function rowProblem(rows: AttributeRow[], index: number): string | null {
  const key = rows[index].key.trim();
  if (!key) return rows[index].values.trim() ? 'keyRequired' : null;
  if (!attributeKeySchema.safeParse(key).success) return 'keyRule';
  if (!valuesOf(rows[index].values).length) return 'valuesRequired';
  const first = rows.findIndex((row) => row.key.trim() === key);
  return first !== index ? 'keyTwice' : null;
}
