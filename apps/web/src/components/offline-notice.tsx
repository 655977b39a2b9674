import { Alert, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { t } from '../i18n/i18n';
import { OFFLINE_NOTICE_ID, useOnline } from '../lib/use-online';

/**
 * The shell's notice while the browser is offline. Actions that change something are held (disabled,
 * pointing here for the reason) until the connection is back, instead of spinning without a word.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    // The live region is always there, so the change is announced when it happens.
    <div role="status" aria-live="polite">
      {!online && (
        <Alert
          id={OFFLINE_NOTICE_ID}
          color="yellow"
          variant="light"
          c="dark.8"
          icon={<IconWifiOff size={18} aria-hidden="true" />}
          title={t('offline.title')}
          mb="md"
        >
          {t('offline.text')}
        </Alert>
      )}
    </div>
  );
}

/** The same reason inside a dialog, which covers the shell's notice. */
export function OfflineHint() {
  const online = useOnline();
  if (online) return null;
  return (
    <Text size="sm" c="red.9" fw={600}>
      {t('offline.title')}: {t('offline.text')}
    </Text>
  );
}
