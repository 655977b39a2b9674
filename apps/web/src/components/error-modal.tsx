import { Button, Group, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { t } from '../i18n/i18n';
import { useSystemStore } from '../store/system-store';
import { AppModal } from './app-modal';

/** The store-driven error modal; its title is the product's fixed 'Something went wrong' unless given. */
export function ErrorModal() {
  const { opened, title, content } = useSystemStore((s) => s.errorModal);
  // Closed on the first render: the modal may mount (chunk loaded late) with the store already
  // asking for it, and it must still open as an update, which is when it notes where focus returns.
  const mounted = useMounted();
  const close = useSystemStore((s) => s.closeError);
  return (
    // Above every other modal: errors are raised from inside the (blocking) terms modal too.
    <AppModal opened={mounted && opened} onClose={close} size="small" title={title || t('modal.errorTitle')} zIndex={400}>
      {typeof content === 'string' ? <Text>{content}</Text> : content}
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>{t('common.close')}</Button>
      </Group>
    </AppModal>
  );
}
