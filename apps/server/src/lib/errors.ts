import { ERROR_TEXTS, ErrorCode, type CatalogueCode } from '@portal/contract';

/** An error the API answers with as it is: status, catalogue code, message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message?: string,
    readonly extra: { fieldErrors?: Record<string, string[]>; params?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message ?? ERROR_TEXTS[code as CatalogueCode] ?? 'Error');
    this.name = 'AppError';
  }
}

/** Another practitioner's object and one that does not exist answer alike. */
export const notFound = () => new AppError(404, ErrorCode.NOT_FOUND, 'The requested resource was not found');
export const unauthenticated = (message = 'Authentication is required') => new AppError(401, ErrorCode.UNAUTHENTICATED, message);
export const sessionExpired = () => new AppError(401, ErrorCode.SESSION_EXPIRED, 'Your session has ended, please sign in again');
export const badRequest = (fieldErrors?: Record<string, string[]>, message?: string) => new AppError(400, ErrorCode.BAD_REQUEST, message, { fieldErrors });
/** The object is not in a state that allows this step (deactivated, received, already paid, ...). */
export const badStatusTransition = (message?: string) => new AppError(400, ErrorCode.BAD_STATUS_TRANSITION, message);

/**
 * The answer of a one-way change made by one conditional update: the changed row; else 400414 saying
 * `already` when the object is the practice's (the change was made before), else 404.
 */
export async function changedOnce<T>(row: T | undefined, exists: () => Promise<unknown>, already: string): Promise<T> {
  if (row) return row;
  if (await exists()) throw badStatusTransition(already);
  throw notFound();
}
