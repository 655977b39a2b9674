import { inertText, singleLineName } from '@portal/contract';

/**
 * "Thandi N.": the patient's first name and the initial of the last, nothing more, as inert text (one
 * line, no link: `inertText`). How a patient is named where the practitioner reads outside a
 * session's pages: the calendar feed, the mails, the transactions and their CSV.
 */
export function shortName(firstName: string, lastName: string) {
  const first = inertText(firstName);
  const initial = [...singleLineName(lastName)].find((c) => /[\p{L}\p{N}]/u.test(c));
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}
