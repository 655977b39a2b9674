import { lazyChecks } from '../../lib/form';

/** The Settings forms' checks (`./checks`, with zod), loaded when one of those forms is drawn. */
export const settingsChecks = lazyChecks(() => import('./checks'));
export type SettingsChecks = Awaited<ReturnType<typeof settingsChecks.load>>;
