import { paths } from '../../config/paths';

/** The course page's own addresses: a lesson, or the test, as search parameters of /course. */
export const courseLinks = {
  overview: () => paths.course(),
  lesson: (id: string) => `${paths.course()}?lesson=${encodeURIComponent(id)}`,
  test: () => `${paths.course()}?view=test`,
};
