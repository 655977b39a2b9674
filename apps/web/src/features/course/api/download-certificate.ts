import { courseApi } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The certificate's PDF, fetched with the bearer token, then saved by the browser. */
export async function downloadCertificate(): Promise<void> {
  const bytes = await call(courseApi.certificate);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = 'practitioner-course-certificate.pdf';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Late enough for the download to have started.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
