import { fhirApi, pgxApi } from '@portal/contract/addresses';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The printable report of a view. */
export const downloadReportPdf = async (sessionId: string, query: string, fileName: string) =>
  saveFile(await call(pgxApi.pdf, { params: { id: sessionId }, query: new URLSearchParams(query) }), 'application/pdf', fileName);

export function useDownloadReportPdf(sessionId: string, query: string, fileName: string) {
  return useMutation({ mutationFn: () => downloadReportPdf(sessionId, query, fileName) });
}

/** The session's results as a FHIR R4 Bundle, for the practice's health record. */
export function useDownloadFhir(sessionId: string, fileName: string) {
  return useMutation({
    mutationFn: async () => saveFile(await call(fhirApi.bundle, { params: { id: sessionId } }), 'application/fhir+json', fileName),
  });
}
