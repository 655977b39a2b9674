import { Alert, Button, Stack, Text } from '@mantine/core';
import { translator } from '../i18n/i18n';

const loadFailedText = translator({ 'loadFailed.retry': 'Try again' } as const);

/** One way a failed load shows: what failed, the error's text, and a retry. */
export function LoadFailed({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={title} c="dark.8">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {loadFailedText('loadFailed.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
