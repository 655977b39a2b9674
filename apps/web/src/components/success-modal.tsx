import { Button, Group, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { t } from '../i18n/i18n';
import { useSystemStore } from '../store/system-store';
import { AppModal } from './app-modal';

export function SuccessModal() {
  const { opened, title, content } = useSystemStore((s) => s.successModal);
  // Closed on the first render: the modal may mount (chunk loaded late) with the store already
  // asking for it, and it must still open as an update, which is when it notes where focus returns.
  const mounted = useMounted();
  const close = useSystemStore((s) => s.closeSuccess);
  return (
    <AppModal opened={mounted && opened} onClose={close} size="small" title={title || t('modal.successTitle')} zIndex={400}>
      {typeof content === 'string' ? <Text>{content}</Text> : content}
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>{t('common.ok')}</Button>
      </Group>
    </AppModal>
  );
}
