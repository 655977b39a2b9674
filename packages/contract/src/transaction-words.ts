// A transaction's kinds, states and periods and their labels, without zod: the portal's Transactions
// page reads them from its address and shows them without building the commerce schemas (issue 35).

/**
 * data_request_fee: owed by the practitioner to the provider, due 14 days after the request
 * (SPEC §9). kit_sale and consultation_sale: a patient's order through the practice.
 * discount: a code applied to such an order (negative).
 */
export const TRANSACTION_KINDS = ['data_request_fee', 'kit_sale', 'consultation_sale', 'discount'] as const;
export const TRANSACTION_KIND_LABELS: Record<(typeof TRANSACTION_KINDS)[number], string> = {
  data_request_fee: 'Data request fee',
  kit_sale: 'Kit sale',
  consultation_sale: 'Consultation sale',
  discount: 'Discount applied',
};

export const TRANSACTION_STATES = ['paid', 'due', 'overdue'] as const;
export const TRANSACTION_STATE_LABELS: Record<(typeof TRANSACTION_STATES)[number], string> = {
  paid: 'Paid',
  due: 'Due',
  overdue: 'Overdue',
};

export const TRANSACTION_PERIODS = ['day', 'week', 'month'] as const;

/** The value if it is one of the list's, else undefined (a filter read from an address). */
export function oneOf<const T extends string>(list: readonly T[], value: string | null | undefined): T | undefined {
  return list.find((item) => item === value);
}
