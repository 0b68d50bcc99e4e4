import type { Selectable } from 'kysely';
import type { Section } from '../../../common/sections';
import { parseTranslations } from '../../../common/contentTranslations';
import type { HelpSectionsTable, InfoPagesTable, MessagesTable } from '../../db/platformSchema';

// Database rows -> API records of the platform content (camelCase, real booleans).

/** `{ translations }` of a row that has some, else nothing (records without them are as before). */
export function translationsOf(row: { translations_json: string | null }) {
  const translations = parseTranslations(row.translations_json);
  return translations ? { translations } : {};
}

export function toInfoPage(row: Selectable<InfoPagesTable>) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    body: row.body,
    published: Boolean(row.published),
    updatedAt: row.updated_at,
    ...translationsOf(row),
  };
}

export function toMessage(row: Selectable<MessagesTable>) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    published: Boolean(row.published),
    createdAt: row.created_at,
  };
}

export function toHelpSection(row: Selectable<HelpSectionsTable>) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    group: row.group_name,
    // Written from a checked payload: the product's sections only.
    sections: (row.sections ? row.sections.split(',') : []) as Section[],
    sortOrder: row.sort_order,
    published: Boolean(row.published),
    ...translationsOf(row),
  };
}
