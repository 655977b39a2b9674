/**
 * The error catalogue of SPEC §8. The texts are the product's words, typos included
 * ('occured'): do not correct them.
 */
export const ERROR_TEXTS = {
  '0': 'Unexpected error occured',
  '400400': 'Bad request',
  '400401': 'Unexpected error occured',
  '400403': 'Not authorized to access this resource',
  '400409': 'User deactivated',
  '400414': 'User needs to progress properly through statuses',
  '400415': 'Min date is 1 day from now, max date is 7 days from now',
  '400416': 'You are trying to assign an already taken kit',
  '409000': 'Email already taken',
  '500419': 'Internal issue while communicating to downstream service',
  '500500': 'Internal issue while generating jwt',
  '500505': 'Internal issue while fetching resource',
  '500506': 'Internal issue while inserting resource',
  '500507': 'Internal issue while updating resource',
  '500508': 'Internal issue while deleting resource',
  'SESSION.050': 'You have already requested data for this user.',
} as const;

export type CatalogueCode = keyof typeof ERROR_TEXTS;

/**
 * Codes the server uses beyond the catalogue. They carry no catalogue text, so the client shows
 * their message (SPEC §8's display rule). 400410 is the catalogue's "sign in again" signal.
 */
export const EXTRA_CODES = {
  SESSION_EXPIRED: '400410',
  NOT_FOUND: '400404',
  TOO_MANY_REQUESTS: '400429',
  UNAVAILABLE: '503000',
} as const;

export const ErrorCode = {
  UNEXPECTED: '0',
  BAD_REQUEST: '400400',
  UNAUTHENTICATED: '400401',
  FORBIDDEN: '400403',
  USER_DEACTIVATED: '400409',
  BAD_STATUS_TRANSITION: '400414',
  BOOKING_DATE_OUT_OF_RANGE: '400415',
  KIT_TAKEN: '400416',
  EMAIL_TAKEN: '409000',
  DOWNSTREAM: '500419',
  JWT: '500500',
  FETCH: '500505',
  INSERT: '500506',
  UPDATE: '500507',
  DELETE: '500508',
  DATA_ALREADY_REQUESTED: 'SESSION.050',
  ...EXTRA_CODES,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Messages of SPEC §8 that are not tied to a code. */
export const MESSAGES = {
  acceptSessionFailed: 'Error occurred while accepting session',
  declineSessionFailed: 'Error occurred while declining session',
  logoutFailed: 'Error occured while logging out',
  acceptTosFailed: 'Error occured while accepting ToS.',
  tosFileFailed: 'Error occured while getting ToS file.',
  getUserFailed: 'Error occurred on getting user.',
  addPaymentFailed: 'Error occurred while adding new payment details.',
  updatePaymentFailed: 'Error occurred while updating payment details.',
  paymentAdded: 'New payment details added successfully.',
  paymentUpdated: 'Payment details updated successfully.',
  fileUploaded: 'File uploaded successfully',
  errorModalTitle: 'Something went wrong',
  notAccepted: 'Practitioner needs to be accepted in order to access this section',
  notFoundPage: 'This page is unknown or does not exist',
  commonError: 'Unexpected error occured',
  /** The answer (code 400429) to a sign-in attempt over its limit, by the form and the token API alike. */
  tooManySignIns: 'Too many sign-in attempts. Please wait a minute and try again.',
  /** The answer (code 400429) to an invite over the hourly limits of its sender or its recipient (decision 023). */
  tooManyInvites: 'Too many invites in a short time. Please wait an hour and try again.',
  /** The answer (code 400429) to a session request over the patient's pending or daily limit (decision 023). */
  tooManySessionRequests: 'You have asked for many sessions. Please wait for an answer to your requests before asking again.',
} as const;

/** The body every failed API call answers with. */
export interface ApiErrorBody {
  error: {
    message: string;
    params?: Record<string, unknown> | null;
    fieldErrors?: Record<string, string[]> | null;
    code: string;
    cause?: string | null;
  };
}

/**
 * SPEC §8's display rule: the catalogue text for a known code, else the error's message,
 * else the fallback.
 */
export function errorText(error: { code?: string | number | null; message?: string | null } | null | undefined, fallback: string = ERROR_TEXTS['0']): string {
  const code = error?.code;
  if (code !== undefined && code !== null && String(code) in ERROR_TEXTS) {
    return ERROR_TEXTS[String(code) as CatalogueCode];
  }
  if (error?.message) return error.message;
  return fallback;
}
