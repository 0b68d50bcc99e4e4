import { HttpError } from '../../ui/api/httpClient';

/** The field a 400 answer names, and its message; any other failure has no field. */
export function fieldError(error: unknown): { field: string | null; message: string } {
  if (error instanceof HttpError) {
    const body = error.body as { field?: unknown } | null;
    const field = typeof body?.field === 'string' ? body.field : null;
    return { field, message: error.message };
  }
  return { field: null, message: error instanceof Error ? error.message : String(error) };
}
