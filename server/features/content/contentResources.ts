import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/schema';
import type { ListOptions } from '../../http/simpleRest';
import {
  HELP_SECTION,
  HELP_SECTION_BODY,
  INFO_PAGE,
  INFO_PAGE_BODY,
  PLATFORM_MESSAGE,
  PLATFORM_MESSAGE_BODY,
} from '../../../common/api/content';
import { registerContentCrud } from '../../services/contentCrud';
import { toHelpSection, toInfoPage, toMessage } from './records';
import { uniqueColumn } from '../../db/contentRows';
import { translationsColumn, type Translations } from '../../../common/contentTranslations';

// The platform admin's content sections in the simple-rest contract: info, messages,
// helpsections (the latter readable by every signed-in user, published sections only).

const flag = (value: boolean) => (value ? 1 : 0);

/** The translations column, when the body has translations (omitted: kept as they are). */
function translationsColumns(translations: Translations | undefined) {
  return translations ? { translations_json: translationsColumn(translations) } : {};
}

/** The list of titled documents (info pages, messages) keyed by `key`, stamped by `stamp`. */
function documentList(
  key: string,
  stamp: string,
  stampColumn: string,
  defaultSort: ListOptions['defaultSort'],
): ListOptions {
  return {
    columns: { id: 'id', [key]: key, title: 'title', published: 'published', [stamp]: stampColumn },
    sortable: ['id', key, 'title', stamp],
    filterable: ['id', 'published', key],
    searchable: ['title', key],
    defaultSort,
  };
}

export function registerContentResources(app: FastifyInstance): void {
  registerContentCrud(app, {
    resource: 'info',
    table: 'info_pages',
    section: 'info',
    tag: 'content',
    noun: 'information page',
    schema: INFO_PAGE_BODY,
    record: INFO_PAGE,
    list: documentList('slug', 'updatedAt', 'updated_at', { field: 'title', order: 'asc' }),
    toRecord: toInfoPage,
    toColumns: (input) => ({
      slug: input.slug,
      title: input.title,
      body: input.body,
      published: flag(input.published),
      updated_at: nowIso(),
      ...translationsColumns(input.translations),
    }),
    checkUnique: uniqueColumn('info_pages', 'slug', 'slug'),
  });

  registerContentCrud(app, {
    resource: 'messages',
    table: 'messages',
    section: 'messages',
    tag: 'content',
    noun: 'message',
    schema: PLATFORM_MESSAGE_BODY,
    record: PLATFORM_MESSAGE,
    list: documentList('type', 'createdAt', 'created_at', { field: 'createdAt', order: 'desc' }),
    toRecord: toMessage,
    publishedReadForAll: true,
    toColumns: (input) => ({
      type: input.type,
      title: input.title,
      body: input.body,
      published: flag(input.published),
    }),
    createdColumns: () => ({ created_at: nowIso() }),
  });

  registerContentCrud(app, {
    resource: 'helpsections',
    table: 'help_sections',
    section: 'helpsections',
    tag: 'content',
    noun: 'help section',
    schema: HELP_SECTION_BODY,
    record: HELP_SECTION,
    list: {
      columns: {
        id: 'id',
        title: 'title',
        body: 'body',
        group: 'group_name',
        sortOrder: 'sort_order',
        published: 'published',
      },
      sortable: ['id', 'title', 'group', 'sortOrder'],
      filterable: ['id', 'published'],
      searchable: ['title', 'body'],
      defaultSort: { field: 'sortOrder', order: 'asc' },
    },
    toRecord: toHelpSection,
    toColumns: (input) => ({
      title: input.title,
      body: input.body,
      group_name: input.group,
      sections: input.sections.join(','),
      sort_order: input.sortOrder,
      published: flag(input.published),
      ...translationsColumns(input.translations),
    }),
    publishedReadForAll: true,
  });
}
