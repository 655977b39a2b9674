/**
 * The genetics module's public API: what other modules, the seed and the tests take from it.
 * Internals (matching, reference maths, panel parsing) stay importable from their files for tests.
 */
export { computeResults } from './components';
export { checkRawGenotypes } from './scoring';
export { generateSyntheticGenotypeFile, SYNTHETIC_MARKER } from './synthetic';
