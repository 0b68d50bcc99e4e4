import { z } from 'zod';

// The route schema of an update body. An edit form sends back the record it read, so the
// body is the writable payload plus, each optional, the record's fields the payload does not
// take (id, site, timestamps, counts). The schema documents them with their answer's type
// and refuses any other field; parseUpdate then checks each echoed one equals the stored
// record, so a changed one is named as read-only rather than as of the wrong shape.

type Shape = Record<string, z.ZodType>;

const ECHO_NOTE = 'Read-only: may be sent back unchanged as read, never changed.';

/** The fields of an object schema, or of every option of a union of them. */
function shapeOf(schema: z.ZodType): Shape {
  if (schema instanceof z.ZodObject) return schema.shape as Shape;
  if (schema instanceof z.ZodUnion) {
    return Object.assign({}, ...schema.options.map((option) => shapeOf(option as z.ZodType)));
  }
  return {};
}

/** Any value, documented as the field it echoes. */
function echoedField(field: z.ZodType): z.ZodType {
  let documented: Record<string, unknown> = {};
  try {
    documented = z.toJSONSchema(field, { io: 'output' });
    delete documented.$schema;
  } catch {
    // A type JSON Schema cannot express is documented by the note alone.
  }
  return z
    .unknown()
    .optional()
    .meta({ ...documented, description: ECHO_NOTE });
}

function withEchoedFields(payload: z.ZodType, record: Shape): z.ZodType {
  if (payload instanceof z.ZodObject) {
    const taken = payload.shape as Shape;
    const echoed = Object.entries(record)
      .filter(([key]) => !(key in taken))
      .map(([key, field]) => [key, echoedField(field)]);
    return payload.extend(Object.fromEntries(echoed) as Shape);
  }
  if (payload instanceof z.ZodDiscriminatedUnion) {
    const options = payload.options.map((option) => withEchoedFields(option as z.ZodType, record));
    return z.discriminatedUnion(payload.def.discriminator, options as [z.ZodObject, z.ZodObject]);
  }
  if (payload instanceof z.ZodUnion) {
    const options = payload.options.map((option) => withEchoedFields(option as z.ZodType, record));
    return z.union(options);
  }
  throw new Error('An update body must be an object schema or a union of them.');
}

/** `payload` accepting, unchanged, the fields of `record` (the answer GET gives) it lacks. */
export function updateBodySchema(payload: z.ZodType, record: z.ZodType): z.ZodType {
  return withEchoedFields(payload, shapeOf(record));
}
