/**
 * The genetics module's public API: everything a route, the seed or a job needs. Internals
 * (matching, reference maths, panel parsing) stay importable from their files for tests.
 */
export {
  computeResults,
  getCatalogue,
  isVitaminTitle,
  COMPONENTS,
  SWAB_TITLE,
  ENGINE_VERSION,
  ANCESTRY_CAVEAT,
  type SwabResult,
  type ResultComponent,
  type CatalogueEntry,
  type ComponentDefinition,
  type NotProcessedReason,
  type Reference,
  type ComputeOptions,
} from './components';
export { generateSyntheticGenotypeFile, SYNTHETIC_MARKER, type SyntheticOptions } from './synthetic';
export { parseRawGenotypes, type GenotypeRow, type RawGenotypeFile, type VariantStatus } from './scoring';
export { loadGeneticsData, type GeneticsData } from './panel';
