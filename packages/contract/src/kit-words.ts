// A kit's statuses and their labels, without zod: the session page, kits and warehousing show them
// without building the sessions schemas (issue 35).

export const KIT_STATUSES = ['in_stock', 'assigned', 'sample_received', 'processing', 'results_available'] as const;
export const KIT_STATUS_LABELS: Record<(typeof KIT_STATUSES)[number], string> = {
  in_stock: 'In stock',
  assigned: 'Assigned',
  sample_received: 'Sample received',
  processing: 'Processing',
  results_available: 'Results available',
};
