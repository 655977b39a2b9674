export const courseKeys = {
  all: ['course'] as const,
  overview: () => [...courseKeys.all, 'overview'] as const,
  lesson: (id: string) => [...courseKeys.all, 'lesson', id] as const,
  test: () => [...courseKeys.all, 'test'] as const,
};
