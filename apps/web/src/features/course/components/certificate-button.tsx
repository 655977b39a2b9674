import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { errorText } from '@portal/contract';
import { useDownloadCertificate } from '../api/download-certificate';
import { courseText } from '../messages';

export function CertificateButton({ variant = 'filled' }: { variant?: 'filled' | 'light' }) {
  const download = useDownloadCertificate();
  return (
    <Button
      variant={variant}
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={download.isPending}
      onClick={() =>
        download.mutate(undefined, {
          onError: (e) => notifications.show({ color: 'red', message: errorText(e, courseText('course.certificate.failed')) }),
        })
      }
    >
      {courseText('course.certificate.download')}
    </Button>
  );
}
