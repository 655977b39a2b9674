import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { UpdateMe, firstIssue, type User } from '@portal/contract';
import { useState, type ReactNode } from 'react';
import { t } from '../../../i18n/i18n';
import { useUpdateMe } from '../api/update-me';
import { hasErrors, useServerErrors } from './field-errors';
import { settingsText } from '../messages';
import { SubmitForm } from '../../../components/submit-form';

type Field = 'firstName' | 'lastName' | 'phoneNumber';

/** Name and phone number (PUT /account/me/), and the profile picture the page composes in. */
export function ProfileSection({ user, picture }: { user: User; picture: ReactNode }) {
  const [values, setValues] = useState<Record<Field, string>>({ firstName: user.firstName, lastName: user.lastName, phoneNumber: user.phoneNumber ?? '' });
  const [tried, setTried] = useState(false);
  const { server, clear, onError } = useServerErrors();
  const update = useUpdateMe();

  const errors: Record<Field, string | null> = {
    firstName: firstIssue(UpdateMe.shape.firstName, values.firstName),
    lastName: firstIssue(UpdateMe.shape.lastName, values.lastName),
    phoneNumber: firstIssue(UpdateMe.shape.phoneNumber, values.phoneNumber),
  };
  const shown = (f: Field) => (tried ? errors[f] : null) ?? server[f];
  const set = (f: Field, v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    clear(f);
  };

  const onSubmit = () => {
    setTried(true);
    if (hasErrors(errors)) return;
    update.mutate(values, {
      onSuccess: () => notifications.show({ color: 'green', message: settingsText('settings.saved') }),
      onError,
    });
  };

  return (
    <Stack gap="lg" maw={720}>
      {picture}
      <SubmitForm onSubmit={onSubmit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={settingsText('settings.firstName')}
              value={values.firstName}
              onChange={(e) => set('firstName', e.currentTarget.value)}
              error={shown('firstName')}
              required
              autoComplete="given-name"
            />
            <TextInput
              label={settingsText('settings.lastName')}
              value={values.lastName}
              onChange={(e) => set('lastName', e.currentTarget.value)}
              error={shown('lastName')}
              required
              autoComplete="family-name"
            />
          </SimpleGrid>
          <TextInput
            label={t('settings.phone')}
            value={values.phoneNumber}
            onChange={(e) => set('phoneNumber', e.currentTarget.value)}
            error={shown('phoneNumber')}
            required
            type="tel"
            autoComplete="tel"
          />
          <TextInput
            label={t('settings.email')}
            value={user.email}
            readOnly
            description={settingsText('settings.emailHint')}
            inputWrapperOrder={['label', 'input', 'description']}
          />
          <Group>
            <Button type="submit" loading={update.isPending}>
              {settingsText('settings.save')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}
