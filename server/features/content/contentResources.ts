import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/schema';
import { registerContentCrud, uniqueColumn } from './contentCrud';
import { toHelpSection, toInfoPage, toMessage } from './records';
import { helpSectionSchema, infoPageSchema, messageSchema } from './schemas';

// The platform admin's content sections in the simple-rest contract: info, messages,
// helpsections (the latter readable by every signed-in user, published sections only).

const flag = (value: boolean) => (value ? 1 : 0);

export function registerContentResources(app: FastifyInstance): void {
  registerContentCrud(app, {
    resource: 'info',
    table: 'info_pages',
    section: 'info',
    schema: infoPageSchema,
    list: {
      columns: {
        id: 'id',
        slug: 'slug',
        title: 'title',
        published: 'published',
        updatedAt: 'updated_at',
      },
      sortable: ['id', 'slug', 'title', 'updatedAt'],
      filterable: ['id', 'published', 'slug'],
      searchable: ['title', 'slug'],
      defaultSort: { field: 'title', order: 'asc' },
    },
    toRecord: toInfoPage,
    toColumns: (input) => ({
      slug: input.slug,
      title: input.title,
      body: input.body,
      published: flag(input.published),
      updated_at: nowIso(),
    }),
    checkUnique: uniqueColumn('info_pages', 'slug', 'slug'),
  });

  registerContentCrud(app, {
    resource: 'messages',
    table: 'messages',
    section: 'messages',
    schema: messageSchema,
    list: {
      columns: {
        id: 'id',
        type: 'type',
        title: 'title',
        published: 'published',
        createdAt: 'created_at',
      },
      sortable: ['id', 'type', 'title', 'createdAt'],
      filterable: ['id', 'published', 'type'],
      searchable: ['title', 'type'],
      defaultSort: { field: 'createdAt', order: 'desc' },
    },
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
    schema: helpSectionSchema,
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
    }),
    publishedReadForAll: true,
  });
}
