import { Badge, Button, CloseButton, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES, errorText, type Category, type PractitionerMe } from '@portal/contract';
import { useState } from 'react';
import { PracticeFields } from '../../../components/practice/practice-fields';
import { useContractForm } from '../../../lib/form';
import { settingsChecks, type SettingsChecks } from '../settings-checks';
import { useSystemStore } from '../../../store/system-store';
import { useAddLanguage } from '../api/add-language';
import { useAddSpecialization } from '../api/add-specialization';
import { useRemoveLanguage } from '../api/remove-language';
import { useRemoveSpecialization } from '../api/remove-specialization';
import { useUpdatePractice } from '../api/update-practice';
import { useSaveFailed } from './field-errors';
import { SaveForm } from './save-form';
import { practiceText } from '../../../components/practice/messages';
import { settingsText } from '../messages';

interface Lookup {
  id: number;
  name: string;
}

export type PracticeValues = { categoryID: number | null; hpcsaNumber: string; practiceNumber: string; description: string };

/** The practice (PUT /portal/me/) and its languages and specializations (added and removed one by one). */
export function PracticeSection({
  practitioner,
  categories,
  languages,
  specializations,
}: {
  practitioner: PractitionerMe;
  categories: Category[];
  languages: Lookup[];
  specializations: Lookup[];
}) {
  const { form, field, tried, submit } = useContractForm<PracticeValues, SettingsChecks>({
    initialValues: {
      categoryID: practitioner.categoryID,
      hpcsaNumber: practitioner.hpcsaNumber ?? '',
      practiceNumber: practitioner.practiceNumber ?? '',
      description: practitioner.description ?? '',
    },
    checks: settingsChecks,
    validate: (values, checks) => checks.practiceErrors(values),
  });
  const onError = useSaveFailed(form);
  const update = useUpdatePractice();
  const category = field('categoryID');

  const onSubmit = () =>
    submit(({ categoryID, ...typed }) =>
      update.mutate(
        { ...typed, ...(categoryID ? { categoryID } : {}) },
        {
          onSuccess: () => notifications.show({ color: 'green', message: settingsText('settings.saved') }),
          onError,
        },
      ),
    );

  return (
    <Stack gap="xl" maw={760}>
      <SaveForm onSubmit={onSubmit} saving={update.isPending}>
        <Select
          label={practiceText('practice.category')}
          data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          value={category.value ? String(category.value) : null}
          onChange={(v) => category.onChange(v ? Number(v) : null)}
          error={category.error}
          allowDeselect={false}
          required
        />
        <PracticeFields hpcsaNumber={field('hpcsaNumber')} practiceNumber={field('practiceNumber')} description={field('description')} showErrors={tried} />
      </SaveForm>
      <LookupEditor kind="languages" chosen={practitioner.languages} options={languages} />
      <LookupEditor kind="specializations" chosen={practitioner.specializations} options={specializations} />
    </Stack>
  );
}

/** One list of lookups: the chosen ones, each removable, and a picker to add one more. */
function LookupEditor({ kind, chosen, options }: { kind: 'languages' | 'specializations'; chosen: Lookup[]; options: Lookup[] }) {
  const addLanguage = useAddLanguage();
  const removeLanguage = useRemoveLanguage();
  const addSpecialization = useAddSpecialization();
  const removeSpecialization = useRemoveSpecialization();
  const add = kind === 'languages' ? addLanguage : addSpecialization;
  const remove = kind === 'languages' ? removeLanguage : removeSpecialization;
  const [picked, setPicked] = useState<string | null>(null);
  const headingId = `lookup-${kind}`;
  const available = options.filter((o) => !chosen.some((c) => c.id === o.id));
  const showError = useSystemStore((s) => s.showError);
  const onError = (e: Error) => showError(errorText(e, MESSAGES.commonError));

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {kind === 'languages' ? practiceText('practice.languages') : practiceText('practice.specializations')}
      </Title>
      {chosen.length === 0 ? (
        <Text size="sm">{settingsText('settings.lookups.none')}</Text>
      ) : (
        <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {chosen.map((c) => (
            <li key={c.id}>
              <Badge
                size="lg"
                variant="light"
                c="dark.8"
                tt="none"
                rightSection={
                  <CloseButton
                    size="sm"
                    aria-label={settingsText('settings.lookups.remove', { name: c.name })}
                    onClick={() => remove.mutate(c.id, { onError })}
                    disabled={remove.isPending}
                  />
                }
              >
                {c.name}
              </Badge>
            </li>
          ))}
        </Group>
      )}
      <Group align="flex-end" gap="sm">
        <Select
          label={kind === 'languages' ? settingsText('settings.lookups.addLanguage') : settingsText('settings.lookups.addSpecialization')}
          data={available.map((o) => ({ value: String(o.id), label: o.name }))}
          value={picked}
          onChange={setPicked}
          searchable
          w={280}
        />
        <Button
          variant="light"
          disabled={!picked}
          loading={add.isPending}
          onClick={() => picked && add.mutate(Number(picked), { onSuccess: () => setPicked(null), onError })}
        >
          {settingsText('settings.lookups.add')}
        </Button>
      </Group>
    </Stack>
  );
}
