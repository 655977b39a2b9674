// Without zod: the portal's warehousing page reads them without building the commerce schemas (issue 35).

/** The practice's kits on hand (all of them, wherever they are) below this show the low-stock warning. */
export const LOW_STOCK_THRESHOLD = 5;
export const MAX_WAREHOUSES = 5;
