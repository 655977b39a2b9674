import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportsPath } from './get-report-summary';

/** The printable report of a view, fetched with the bearer token and saved as a file. */
export async function downloadReportPdf(sessionId: string, query: string, fileName: string): Promise<void> {
  const bytes = await apiRequest<ArrayBuffer>(`${reportsPath(sessionId)}/pdf?${query}`, { responseType: 'arrayBuffer' });
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the blob to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useDownloadReportPdf(sessionId: string) {
  return useMutation({ mutationFn: ({ query, fileName }: { query: string; fileName: string }) => downloadReportPdf(sessionId, query, fileName) });
}
