/**
 * Amounts and scores are set in the body font with tabular (equal-width) figures, so they line up
 * in columns without a monospace font.
 */
export const TABULAR_FIGURES = { fontVariantNumeric: 'tabular-nums' } as const;
