import { badRequest } from '../errors';

// The only pieces of text the dialects write from values: quoted identifiers and numbers the
// compiler checked to be finite.

/** Quotes one identifier with `quote`, doubling that character inside it. */
export function quoteWith(quote: string) {
  return (identifier: string) => quote + identifier.split(quote).join(quote + quote) + quote;
}

export function numberLiteral(value: number): string {
  if (!Number.isFinite(value)) throw badRequest('A bin width must be a finite number.');
  return String(value);
}
