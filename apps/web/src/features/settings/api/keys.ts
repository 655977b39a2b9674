/** Keys of what Settings reads. The profiles themselves live under the account and practitioner features' keys. */
export const settingsKeys = {
  all: ['settings'] as const,
  addresses: () => [...settingsKeys.all, 'addresses'] as const,
  availability: () => [...settingsKeys.all, 'availability'] as const,
  paymentDetails: () => [...settingsKeys.all, 'payment-details'] as const,
  calendarFeed: () => [...settingsKeys.all, 'calendar-feed'] as const,
  notifications: () => [...settingsKeys.all, 'notifications'] as const,
};

// The shell's queries, by key (features do not import each other): refreshed when Settings changes them.
export const accountMeKey = ['account', 'me'] as const;
export const practitionerMeKey = ['practitioner', 'me'] as const;
