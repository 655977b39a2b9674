import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { PractitionerMe } from '@portal/contract';
import type { ReactNode } from 'react';
import { t } from '../../../i18n/i18n';
import { isAccepted } from '../landing-path';

/** Warehouse and payment sections need an accepted practitioner (SPEC §4); others see why instead. */
export function AcceptanceGate({ practitioner, children }: { practitioner: PractitionerMe | null | undefined; children: ReactNode }) {
  if (isAccepted(practitioner)) return <>{children}</>;
  return (
    <Alert color="yellow" variant="light" icon={<IconLock aria-hidden="true" />} c="dark.8">
      {t('practitioner.notAccepted')}
    </Alert>
  );
}
