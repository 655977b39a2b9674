import { courseApi } from '@portal/contract/addresses';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/** The certificate's PDF, fetched with the bearer token, then saved by the browser. */
export async function downloadCertificate(): Promise<void> {
  saveFile(await call(courseApi.certificate), 'application/pdf', 'practitioner-course-certificate.pdf');
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
