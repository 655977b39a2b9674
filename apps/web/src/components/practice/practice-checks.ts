import { lazyChecks } from '../../lib/form';

/** The address and slot checks (`./checks`, with zod), loaded when a form with those fields is drawn. */
export const practiceChecks = lazyChecks(() => import('./checks'));
