import { z } from 'zod';
import { SECTIONS } from '../sections';
import {
  DOCUMENT_TRANSLATIONS,
  TRANSLATIONS_ANSWER,
  type Translations,
} from '../contentTranslations';

// What the platform content routes take and answer: information pages, platform messages and
// help sections (the platform admin's sections), their public reads and the help panel.

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);
const markdown = z.string().max(100_000);
const id = z.number().int().positive().optional();

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
export const MESSAGE_TYPE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// Information pages and platform messages are both titled markdown documents, told apart by
// their key (an address or a type) and their date.
const DOCUMENT_BODY = z.strictObject({
  id,
  title: text(200),
  body: markdown,
  published: z.boolean(),
});
const DOCUMENT = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  published: z.boolean(),
});

const translations = DOCUMENT_TRANSLATIONS.optional().describe(
  'per language code, the translated title and body; omitted: kept as they are',
);

export const INFO_PAGE_BODY = DOCUMENT_BODY.extend({
  translations,
  slug: z
    .string()
    .max(120)
    .regex(SLUG_PATTERN, 'must be lower-case words joined by hyphens (and slashes)'),
});
export const INFO_PAGE = DOCUMENT.extend({
  slug: z.string(),
  updatedAt: z.string(),
  translations: TRANSLATIONS_ANSWER.optional(),
});
export type InfoPage = z.infer<typeof INFO_PAGE>;

export const PLATFORM_MESSAGE_BODY = DOCUMENT_BODY.extend({
  type: z
    .string()
    .max(60)
    .regex(MESSAGE_TYPE_PATTERN, 'must be lower-case words joined by hyphens'),
});
export const PLATFORM_MESSAGE = DOCUMENT.extend({ type: z.string(), createdAt: z.string() });

export const HELP_SECTION_BODY = z.strictObject({
  id,
  title: text(200),
  body: markdown,
  group: z.string().trim().max(80, 'must be at most 80 characters').default(''),
  sections: z.array(z.enum(SECTIONS)).max(SECTIONS.length).default([]),
  sortOrder: z.number().int().min(0).max(100_000),
  published: z.boolean(),
  translations,
});

export const HELP_SECTION = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  group: z.string(),
  sections: z.array(z.enum(SECTIONS)),
  sortOrder: z.number(),
  published: z.boolean(),
  translations: TRANSLATIONS_ANSWER.optional(),
});
/** A help section as the help panel reads it. */
export type HelpArticle = z.infer<typeof HELP_SECTION>;

export const HELP_QUERY = z.strictObject({
  section: z.enum(SECTIONS).optional(),
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});

export const HELP_ANSWER = z.object({ articles: z.array(HELP_SECTION) });

/** A published information page as the public list links it. */
export const PUBLIC_INFO_LINK = z.object({
  slug: z.string(),
  title: z.string(),
  translations: TRANSLATIONS_ANSWER.optional(),
});
export type PublicInfoLink = z.infer<typeof PUBLIC_INFO_LINK>;

export const PUBLIC_INFO_PAGE = PUBLIC_INFO_LINK.extend({ body: z.string() });

export const PUBLIC_MESSAGE = z.object({ type: z.string(), title: z.string(), body: z.string() });

/** What a public page shows of a document (an information page or a message). */
export interface PublicDocument {
  title: string;
  body: string;
  translations?: Translations;
}
