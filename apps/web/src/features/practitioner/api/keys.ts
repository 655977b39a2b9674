export const practitionerKeys = {
  all: ['practitioner'] as const,
  me: () => [...practitionerKeys.all, 'me'] as const,
};
