import { z } from 'zod';

// Annotations on the wire: events on time charts (a date or a date range, a label, a colour)
// that editors add on one chart or on every chart of a dataset.

const REQUIRED = {
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};

/** A calendar day, YYYY-MM-DD. */
const DAY = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** A colour as #rrggbb, so that charts and colour inputs take it as it is. */
const ANNOTATION_COLOUR = z
  .string(REQUIRED)
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb');

/** Body of POST and PUT /api/v1/datasets/{id}/annotations. */
export const ANNOTATION_INPUT = z
  .strictObject({
    /** The chart it is on; null: every chart of the dataset. */
    chartId: z.number().int().positive().nullable().default(null),
    startsOn: DAY,
    /** The last day of a range; null: a single date. */
    endsOn: DAY.nullable().default(null),
    label: z.string(REQUIRED).trim().min(1, 'is required').max(120),
    colour: ANNOTATION_COLOUR,
  })
  .superRefine((value, context) => {
    if (value.endsOn !== null && value.endsOn < value.startsOn) {
      context.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'must not be before the start',
      });
    }
  });
export type AnnotationInput = z.infer<typeof ANNOTATION_INPUT>;

export const ANNOTATION_RECORD = z.object({
  id: z.number().int(),
  datasetId: z.number().int(),
  chartId: z.number().int().nullable(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  label: z.string(),
  colour: z.string(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Annotation = z.infer<typeof ANNOTATION_RECORD>;

/** Query of the list: with a chart, the dataset's annotations and that chart's. */
export const ANNOTATION_LIST_QUERY = z.strictObject({
  chartId: z.coerce.number().int().positive().optional(),
});
