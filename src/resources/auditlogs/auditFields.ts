/** The i18n key of an audit log field's label. */
export const auditField = (field: string) => `resources.auditlogs.fields.${field}`;
