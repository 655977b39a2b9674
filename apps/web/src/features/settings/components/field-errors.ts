import { isApiError } from '../../../lib/api-client';

/** The first message per field of a 400 answer, or null when the error is of another kind. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || error.status !== 400 || !error.fieldErrors) return null;
  return Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
}

export const hasErrors = (errors: Record<string, string | null | undefined>) => Object.values(errors).some(Boolean);
