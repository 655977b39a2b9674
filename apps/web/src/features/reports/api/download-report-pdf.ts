import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportsPath } from './get-report-summary';

/** A file the API answered, fetched with the bearer token, handed to the browser's download. */
export async function downloadFile(path: string, type: string, fileName: string): Promise<void> {
  const bytes = await apiRequest<ArrayBuffer>(path, { responseType: 'arrayBuffer' });
  const url = URL.createObjectURL(new Blob([bytes], { type }));
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

/** The printable report of a view. */
export const downloadReportPdf = (sessionId: string, query: string, fileName: string) =>
  downloadFile(`${reportsPath(sessionId)}/pdf?${query}`, 'application/pdf', fileName);

export function useDownloadReportPdf(sessionId: string, query: string, fileName: string) {
  return useMutation({ mutationFn: () => downloadReportPdf(sessionId, query, fileName) });
}

/** The session's results as a FHIR R4 Bundle (GET /portal/sessions/{id}/fhir), for the practice's health record. */
export function useDownloadFhir(sessionId: string, fileName: string) {
  return useMutation({ mutationFn: () => downloadFile(`/portal/sessions/${encodeURIComponent(sessionId)}/fhir`, 'application/fhir+json', fileName) });
}
