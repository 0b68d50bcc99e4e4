import { createQueryId, type CompiledQuery, type Kysely } from 'kysely';

/**
 * A named placeholder for a value bound at run time. Built into a Kysely query in place of a
 * value, it becomes a bound parameter of the compiled statement like any value would.
 */
export class Slot {
  constructor(readonly name: string) {}
}

/** Values of slots by name. */
export type SlotValues = Record<string, unknown>;

/** Slots named after the properties read from it: `slots.accountId` is `Slot('accountId')`. */
export function slotsProxy(): SlotValues {
  return new Proxy({}, { get: (_target, name) => new Slot(String(name)) });
}

const TEMPLATES_PER_DATABASE = 500;
const templatesOf = new WeakMap<object, Map<string, CompiledQuery>>();

/**
 * The compiled statement of a query shape, built and compiled once per database (the dialect
 * decides the SQL text): Kysely's builders and compiler cost more per request than a list
 * call's whole database work. `key` must name everything that changes the SQL text; the
 * values that change per request must be Slots in what `build` returns.
 */
export function compiledTemplate(
  db: Kysely<unknown>,
  key: string,
  build: () => { compile(): CompiledQuery },
): CompiledQuery {
  let templates = templatesOf.get(db);
  if (!templates) {
    templates = new Map();
    templatesOf.set(db, templates);
  }
  let compiled = templates.get(key);
  if (!compiled) {
    compiled = build().compile();
    templates.set(key, compiled);
    if (templates.size > TEMPLATES_PER_DATABASE) {
      templates.delete(templates.keys().next().value as string);
    }
  }
  return compiled;
}

/** The template with its slots replaced by `values`; a slot without a value is a bug. */
export function bindSlots<R>(template: CompiledQuery<R>, values: SlotValues): CompiledQuery<R> {
  const parameters = template.parameters.map((parameter) => {
    if (!(parameter instanceof Slot)) return parameter;
    if (!(parameter.name in values)) throw new Error(`No value for slot "${parameter.name}".`);
    return values[parameter.name];
  });
  return { ...template, parameters, queryId: createQueryId() };
}
