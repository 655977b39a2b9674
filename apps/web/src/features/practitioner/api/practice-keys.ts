/** Query keys of the lookup lists a practice chooses from (the profile itself is practitionerKeys.me). */
export const practiceKeys = {
  all: ['practice'] as const,
  categories: () => [...practiceKeys.all, 'categories'] as const,
  languages: () => [...practiceKeys.all, 'languages'] as const,
  specializations: () => [...practiceKeys.all, 'specializations'] as const,
};
