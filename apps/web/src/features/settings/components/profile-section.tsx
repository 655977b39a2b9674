import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { User } from '@portal/contract';
import type { ReactNode } from 'react';
import { t } from '../../../i18n/i18n';
import { textInput, useContractForm } from '../../../lib/form';
import { settingsChecks, type SettingsChecks } from '../settings-checks';
import { useUpdateMe } from '../api/update-me';
import { useSaveFailed } from './field-errors';
import { SaveForm } from './save-form';
import { settingsText } from '../messages';

export type ProfileValues = { firstName: string; lastName: string; phoneNumber: string };

/** Name and phone number (PUT /account/me/), and the profile picture the page composes in. */
export function ProfileSection({ user, picture }: { user: User; picture: ReactNode }) {
  const { form, field, submit } = useContractForm<ProfileValues, SettingsChecks>({
    initialValues: { firstName: user.firstName, lastName: user.lastName, phoneNumber: user.phoneNumber ?? '' },
    checks: settingsChecks,
    validate: (values, checks) => checks.profileErrors(values),
  });
  const onError = useSaveFailed(form);
  const update = useUpdateMe();

  const onSubmit = () =>
    submit((values) =>
      update.mutate(values, {
        onSuccess: () => notifications.show({ color: 'green', message: settingsText('settings.saved') }),
        onError,
      }),
    );

  return (
    <Stack gap="lg" maw={720}>
      {picture}
      <SaveForm onSubmit={onSubmit} saving={update.isPending}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={settingsText('settings.firstName')} {...textInput(field('firstName'))} required autoComplete="given-name" />
          <TextInput label={settingsText('settings.lastName')} {...textInput(field('lastName'))} required autoComplete="family-name" />
        </SimpleGrid>
        <TextInput label={t('settings.phone')} {...textInput(field('phoneNumber'))} required type="tel" autoComplete="tel" />
        <TextInput
          label={t('settings.email')}
          value={user.email}
          readOnly
          description={settingsText('settings.emailHint')}
          inputWrapperOrder={['label', 'input', 'description']}
        />
      </SaveForm>
    </Stack>
  );
}
