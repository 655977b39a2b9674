import { Stack, Table, Text } from '@mantine/core';
import { NotAvailable } from '../../components/not-available';
import { Page } from '../../components/page';
import { useMe } from '../../features/account/api/get-me';
import { t } from '../../i18n/i18n';

/** For now only the signed-in user's own details, read-only; practice settings come later. */
export function SettingsPage() {
  const { data: user } = useMe();
  return (
    <Page title={t('title.settings')}>
      <NotAvailable />
      {user && (
        <Stack gap="xs">
          <Text>{t('settings.intro')}</Text>
          <Table variant="vertical" withTableBorder maw={560}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={180}>{t('settings.name')}</Table.Th>
                <Table.Td>{`${user.firstName} ${user.lastName}`}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('settings.email')}</Table.Th>
                <Table.Td>{user.email}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('settings.phone')}</Table.Th>
                <Table.Td>{user.phoneNumber || t('common.notSet')}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Page>
  );
}
