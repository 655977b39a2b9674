import { Text } from '@mantine/core';
import { t } from '../i18n/i18n';

/** Said plainly on pages whose content later work brings: no placeholder data, no dead buttons. */
export function NotAvailable() {
  return <Text>{t('common.notAvailable')}</Text>;
}
