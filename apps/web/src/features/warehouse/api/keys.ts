export const warehouseKeys = {
  all: ['warehouse'] as const,
  list: () => [...warehouseKeys.all, 'list'] as const,
  consignments: (warehouseID: string) => [...warehouseKeys.all, 'consignments', warehouseID] as const,
};

/** The profile the sidebar reads: its warehouseID hides the Kits entry. */
export const practitionerMeKey = ['practitioner', 'me'] as const;
