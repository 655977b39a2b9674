import { Center, Loader } from '@mantine/core';
import { t } from '../i18n/i18n';

/** The spinner shown while a lazily loaded page or the signed-in user's data arrives. */
export function PageLoader() {
  return (
    <Center py="xl" mih={200}>
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
