import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { errorText } from '@portal/contract';
import { useRouteError } from 'react-router';
import { t } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-client';

/**
 * Last resort when a route fails to render, typically a lazy chunk that is gone after a deploy:
 * a reload fetches the new build. Part of the entry bundle, since it must work when chunks do not.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md">
        <Title order={1} size="h2">
          {t('modal.errorTitle')}
        </Title>
        <Text>{errorText(isApiError(error) ? error : null)}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
