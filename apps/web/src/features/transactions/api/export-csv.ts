import { transactionsApi } from '@portal/contract/addresses';
import { useMutation } from '@tanstack/react-query';
import { callForResponse } from '../../../lib/api-client';
import type { TransactionFilters } from './keys';

/** The filename the server names in Content-Disposition, else one with the filters' dates. */
export function csvFileName(disposition: string | null, filters: TransactionFilters, now = new Date()): string {
  const named = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] : undefined;
  if (named) return decodeURIComponent(named);
  const range = filters.from || filters.to ? `${filters.from ?? 'start'}_to_${filters.to ?? 'now'}` : now.toISOString().slice(0, 10);
  return `transactions-${range}.csv`;
}

/**
 * The CSV of the filtered transactions, fetched with the bearer token through the API client (a
 * plain link could not carry it), then handed to the browser as a download from a Blob URL.
 */
export interface CsvExport {
  name: string;
  rows: number | null;
  /** The server caps the rows of one file; more matched the filters. */
  truncated: boolean;
}

export async function exportTransactionsCsv(filters: TransactionFilters): Promise<CsvExport> {
  const response = await callForResponse(transactionsApi.exportCsv, { query: filters, headers: { Accept: 'text/csv' } });
  const blob = await response.blob();
  const name = csvFileName(response.headers.get('content-disposition'), filters);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  const rows = Number(response.headers.get('x-export-rows'));
  return {
    name,
    rows: Number.isFinite(rows) && response.headers.has('x-export-rows') ? rows : null,
    truncated: response.headers.get('x-export-truncated') === 'true',
  };
}

export function useExportCsv() {
  return useMutation({ mutationFn: exportTransactionsCsv });
}
