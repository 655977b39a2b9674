import { Button, Group, Text } from '@mantine/core';
import { t } from '../i18n/i18n';
import { useSystemStore } from '../store/system-store';
import { AppModal } from './app-modal';

export function SuccessModal() {
  const { opened, title, content } = useSystemStore((s) => s.successModal);
  const close = useSystemStore((s) => s.closeSuccess);
  return (
    <AppModal opened={opened} onClose={close} size="small" title={title || t('modal.successTitle')} zIndex={400}>
      {typeof content === 'string' ? <Text>{content}</Text> : content}
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>{t('common.ok')}</Button>
      </Group>
    </AppModal>
  );
}
