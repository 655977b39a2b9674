import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UpdateMe, type User } from '@portal/contract';
import type { ReactNode } from 'react';
import { t } from '../../../i18n/i18n';
import { schemaErrors, textInput, useContractForm } from '../../../lib/form';
import { useUpdateMe } from '../api/update-me';
import { useSaveFailed } from './field-errors';
import { SaveForm } from './save-form';
import { settingsText } from '../messages';

type ProfileValues = { firstName: string; lastName: string; phoneNumber: string };
const profileErrors = schemaErrors<ProfileValues>(UpdateMe);

/** Name and phone number (PUT /account/me/), and the profile picture the page composes in. */
export function ProfileSection({ user, picture }: { user: User; picture: ReactNode }) {
  const { form, field, submit } = useContractForm<ProfileValues>({
    initialValues: { firstName: user.firstName, lastName: user.lastName, phoneNumber: user.phoneNumber ?? '' },
    validate: profileErrors,
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
