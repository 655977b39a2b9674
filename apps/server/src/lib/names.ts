/**
 * "Thandi N.": the patient's first name and the initial of the last, nothing more. How a patient is
 * named where the practitioner reads outside a session's pages: the calendar feed, the mails, the
 * transactions and their CSV.
 */
export function shortName(firstName: string, lastName: string) {
  const initial = [...lastName.trim()][0];
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}
