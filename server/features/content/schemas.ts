import { z } from 'zod';
import { SECTIONS } from '../../../src/model/sections';

// One strict schema per payload of the platform content routes: unknown fields are a 400.

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);
const markdown = z.string().max(100_000);
const id = z.number().int().positive().optional();

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

export const infoPageSchema = z.strictObject({
  id,
  slug: z
    .string()
    .max(120)
    .regex(SLUG_PATTERN, 'must be lower-case words joined by hyphens (and slashes)'),
  title: text(200),
  body: markdown,
  published: z.boolean(),
});

export const MESSAGE_TYPE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const messageSchema = z.strictObject({
  id,
  type: z
    .string()
    .max(60)
    .regex(MESSAGE_TYPE_PATTERN, 'must be lower-case words joined by hyphens'),
  title: text(200),
  body: markdown,
  published: z.boolean(),
});

export const helpSectionSchema = z.strictObject({
  id,
  title: text(200),
  body: markdown,
  group: z.string().trim().max(80, 'must be at most 80 characters').default(''),
  sections: z.array(z.enum(SECTIONS)).max(SECTIONS.length).default([]),
  sortOrder: z.number().int().min(0).max(100_000),
  published: z.boolean(),
});
