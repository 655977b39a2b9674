import { Button, Center, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LogoMark } from '../../components/logo';
import { useDocumentTitle } from '../../components/page';
import { paths } from '../../config/paths';
import { t } from '../../i18n/i18n';

/** Any unknown path (SPEC §2). It stands on its own, outside both shells. */
export function NotFoundPage() {
  useDocumentTitle(t('title.notFound'));
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="lg">
        <LogoMark size={64} />
        <Title order={1} ta="center" size="h2">
          {t('notFound.text')}
        </Title>
        <Button component={Link} to={paths.home()}>
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
