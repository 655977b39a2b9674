import { lazyChecks } from '../../lib/form';

/** The steps' checks (`./checks`, with zod), loaded when the wizard is drawn. */
export const onboardingChecks = lazyChecks(() => import('./checks'));
