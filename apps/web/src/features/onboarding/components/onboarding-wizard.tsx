import { Alert, Button, Group, MultiSelect, Radio, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, MESSAGES, errorText, transforms, type Category } from '@portal/contract';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AddressFields, type AddressKey } from '../../../components/practice/address-fields';
import { SlotFields, describeSlot, type SlotErrors } from '../../../components/practice/slot-fields';
import { PageLoader } from '../../../components/page-loader';
import { TextAreaField } from '../../../components/text-area-field';
import { isApiError } from '../../../lib/api-client';
import { useSystemStore } from '../../../store/system-store';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { useOnboardingDraft } from '../api/get-onboarding-draft';
import { useSaveOnboardingDraft } from '../api/save-onboarding-draft';
import { STEPS, allErrors, fromDraft, stepErrors, stepOfField, toBody, toDraft, type FieldErrors, type OnboardingValues, type StepKey } from '../form';
import { practiceText } from '../../../components/practice/messages';
import { onboardingText, type OnboardingMessageKey } from '../messages';
import { SubmitForm } from '../../../components/submit-form';

interface Lookup {
  id: number;
  name: string;
}

export interface OnboardingWizardProps {
  categories: Category[] | undefined;
  languages: Lookup[] | undefined;
  specializations: Lookup[] | undefined;
  /** The profile picture upload (composed by the page: it belongs to the practitioner's profile). */
  picture: ReactNode;
  /** The portal terms, shown in the last step; `onAccepted` once the user accepted them. */
  renderTerms: (opts: { accepted: boolean; onAccepted: () => void }) => ReactNode;
}

const AUTOSAVE_MS = 600;

/** The onboarding form: loads the server-side draft first, then keeps it saved as the user types. */
export function OnboardingWizard(props: OnboardingWizardProps) {
  const draft = useOnboardingDraft();
  if (draft.isPending) return <PageLoader />;
  // A draft that cannot be read must not block registering: start empty (a save will replace it).
  const initial = fromDraft(draft.data?.draft ?? null);
  return <WizardForm {...props} initialValues={initial.values} initialStep={initial.step} initialTosAccepted={draft.data?.tosAccepted ?? false} />;
}

const STEP_LABELS: Record<StepKey, OnboardingMessageKey> = {
  practice: 'onboarding.step.practice',
  picture: 'onboarding.step.picture',
  expertise: 'onboarding.step.expertise',
  address: 'onboarding.step.address',
  availability: 'onboarding.step.availability',
  terms: 'onboarding.step.terms',
};
const STEP_HEADINGS: Record<StepKey, OnboardingMessageKey> = {
  practice: 'onboarding.stepHeading.practice',
  picture: 'onboarding.stepHeading.picture',
  expertise: 'onboarding.stepHeading.expertise',
  address: 'onboarding.stepHeading.address',
  availability: 'onboarding.stepHeading.availability',
  terms: 'onboarding.stepHeading.terms',
};

function WizardForm({
  categories,
  languages,
  specializations,
  picture,
  renderTerms,
  initialValues,
  initialStep,
  initialTosAccepted,
}: OnboardingWizardProps & { initialValues: OnboardingValues; initialStep: number; initialTosAccepted: boolean }) {
  const [values, setValues] = useState(initialValues);
  const [step, setStep] = useState(initialStep);
  const [tosAccepted, setTosAccepted] = useState(initialTosAccepted);
  const [submitted, setSubmitted] = useState<Set<number>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const save = useSaveOnboardingDraft();
  const complete = useCompleteOnboarding();
  const showError = useSystemStore((s) => s.showError);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const key = STEPS[step]!;

  // 'Draft saved' only when the server has what is on screen now, not an earlier version.
  const [initialDraft] = useState(() => JSON.stringify(toDraft(initialValues, initialStep)));
  const currentDraft = JSON.stringify(toDraft(values, step));
  const draftStatus =
    currentDraft === initialDraft && save.variables === undefined
      ? ''
      : save.isError && !save.isPending
        ? onboardingText('onboarding.draft.failed')
        : save.isSuccess && JSON.stringify(save.variables) === currentDraft
          ? onboardingText('onboarding.draft.saved')
          : onboardingText('onboarding.draft.saving');

  // Autosave: what was typed is on the server within a moment, so a reload or a failed request loses nothing.
  const saveDraft = save.mutate;
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const timer = setTimeout(() => saveDraft(toDraft(values, step)), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [values, step, saveDraft]);

  // Errors show for steps the user tried to leave (or submit); they update as the user fixes them.
  const shown = useMemo(() => {
    const errors: FieldErrors = {};
    for (const index of submitted) Object.assign(errors, stepErrors(STEPS[index]!, values, tosAccepted));
    return { ...errors, ...serverErrors };
  }, [values, tosAccepted, submitted, serverErrors]);

  const goTo = (next: number) => {
    setStep(next);
    // Keyboard and screen-reader users land on the new step's heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const update = (patch: Partial<OnboardingValues>, touched: string[]) => {
    setValues((v) => ({ ...v, ...patch }));
    if (touched.some((k) => serverErrors[k] !== undefined)) {
      setServerErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([k]) => !touched.some((t) => k === t || k.startsWith(`${t}.`)))));
    }
  };

  const next = () => {
    setSubmitted((s) => new Set(s).add(step));
    if (Object.keys(stepErrors(key, values, tosAccepted)).length === 0) goTo(step + 1);
  };

  const submit = () => {
    setSubmitted(new Set(STEPS.map((_, i) => i)));
    const errors = allErrors(values, tosAccepted);
    const keys = Object.keys(errors);
    if (keys.length) {
      goTo(Math.min(...keys.map(stepOfField)));
      return;
    }
    // The draft is saved first, so whatever happens to the request the form's content is kept.
    saveDraft(toDraft(values, step));
    complete.mutate(toBody(values), {
      onError: (error) => {
        if (isApiError(error) && error.status === 400 && error.fieldErrors) {
          const mapped = Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
          setServerErrors(mapped);
          const first = Object.keys(mapped)[0];
          if (first) goTo(stepOfField(first));
          return;
        }
        showError(errorText(error, MESSAGES.commonError));
      },
    });
  };

  const stepsWithErrors = [...new Set(Object.keys(shown).map(stepOfField))].sort();
  const error = (path: string) => shown[path];
  const slotErr = (i: number): SlotErrors => ({
    dayOfWeek: error(`availability.${i}.dayOfWeek`),
    startTime: error(`availability.${i}.startTime`),
    endTime: error(`availability.${i}.endTime`),
  });
  const addressErr = Object.fromEntries(
    (['streetAddress', 'suburb', 'city', 'state', 'postalCode', 'countryCode'] as AddressKey[]).map((k) => [k, error(`address.${k}`)]),
  ) as Partial<Record<AddressKey, string>>;

  let content: ReactNode = null;
  switch (key) {
    case 'practice':
      content = (
        <Stack gap="md">
          <Radio.Group
            label={practiceText('practice.category')}
            required
            value={values.categoryID === null ? null : String(values.categoryID)}
            onChange={(v) => update({ categoryID: Number(v) }, ['categoryID'])}
            error={error('categoryID')}
          >
            <Group mt="xs" gap="lg">
              {(categories ?? []).map((c) => (
                <Radio key={c.id} value={String(c.id)} label={c.name} />
              ))}
            </Group>
          </Radio.Group>
          <TextInput
            label={practiceText('practice.hpcsaNumber')}
            description={practiceText('practice.hpcsaHint')}
            value={values.hpcsaNumber}
            onChange={(e) => update({ hpcsaNumber: transforms.uppercase(e.currentTarget.value) }, ['hpcsaNumber'])}
            error={error('hpcsaNumber')}
            required
            maxLength={20}
            autoComplete="off"
            inputWrapperOrder={['label', 'input', 'error', 'description']}
          />
          <TextInput
            label={practiceText('practice.practiceNumber')}
            description={practiceText('practice.practiceNumberHint')}
            value={values.practiceNumber}
            onChange={(e) => update({ practiceNumber: e.currentTarget.value }, ['practiceNumber'])}
            error={error('practiceNumber')}
            required
            inputMode="numeric"
            maxLength={30}
            autoComplete="off"
            inputWrapperOrder={['label', 'input', 'error', 'description']}
          />
          <TextAreaField
            label={practiceText('practice.description')}
            value={values.description}
            onChange={(description) => update({ description }, ['description'])}
            min={DESCRIPTION_MIN}
            max={DESCRIPTION_MAX}
            required
            showErrors={submitted.has(step)}
            minRows={4}
          />
        </Stack>
      );
      break;
    case 'picture':
      content = (
        <Stack gap="sm">
          {picture}
          <Text size="sm">{onboardingText('onboarding.skipPicture')}</Text>
        </Stack>
      );
      break;
    case 'expertise':
      content = (
        <Stack gap="md">
          <MultiSelect
            label={practiceText('practice.languages')}
            description={practiceText('practice.languagesHint')}
            data={(languages ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={values.languages.map(String)}
            onChange={(v) => update({ languages: v.map(Number) }, ['languages'])}
            error={error('languages')}
            required
            searchable
            inputWrapperOrder={['label', 'input', 'error', 'description']}
          />
          <MultiSelect
            label={practiceText('practice.specializations')}
            description={practiceText('practice.specializationsHint')}
            data={(specializations ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={values.specializations.map(String)}
            onChange={(v) => update({ specializations: v.map(Number) }, ['specializations'])}
            error={error('specializations')}
            required
            searchable
            inputWrapperOrder={['label', 'input', 'error', 'description']}
          />
        </Stack>
      );
      break;
    case 'address':
      content = <AddressFields values={values.address} onChange={(address) => update({ address }, ['address'])} errors={addressErr} />;
      break;
    case 'availability':
      content = (
        <Stack gap="sm">
          <Text size="sm">{practiceText('practice.availability.hint')}</Text>
          {error('availability') && (
            <Text c="red.8" size="sm" role="alert">
              {error('availability')}
            </Text>
          )}
          {values.availability.map((slot, i) => (
            <Group key={i} align="flex-end" gap="sm" wrap="nowrap">
              <SlotFields
                idPrefix={`slot-${i}`}
                value={slot}
                onChange={(s) => update({ availability: values.availability.map((o, j) => (j === i ? s : o)) }, ['availability'])}
                errors={slotErr(i)}
              />
              <Button
                variant="subtle"
                color="red"
                px="xs"
                mb={slotErr(i).dayOfWeek || slotErr(i).startTime || slotErr(i).endTime ? 22 : 0}
                aria-label={practiceText('practice.availability.remove', {
                  slot: slot.dayOfWeek ? describeSlot({ dayOfWeek: slot.dayOfWeek, startTime: slot.startTime, endTime: slot.endTime }) : String(i + 1),
                })}
                onClick={() => update({ availability: values.availability.filter((_, j) => j !== i) }, ['availability'])}
              >
                <IconTrash size={18} aria-hidden="true" />
              </Button>
            </Group>
          ))}
          <div>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden="true" />}
              onClick={() => {
                const last = values.availability.at(-1);
                const nextDay = last?.dayOfWeek ? (last.dayOfWeek % 7) + 1 : 1;
                update(
                  { availability: [...values.availability, { dayOfWeek: nextDay, startTime: last?.startTime || '09:00', endTime: last?.endTime || '17:00' }] },
                  ['availability'],
                );
              }}
            >
              {practiceText('practice.availability.add')}
            </Button>
          </div>
        </Stack>
      );
      break;
    case 'terms':
      content = (
        <Stack gap="sm">
          {renderTerms({ accepted: tosAccepted, onAccepted: () => setTosAccepted(true) })}
          {error('tosAccepted') && !tosAccepted && (
            <Text c="red.8" size="sm" role="alert">
              {onboardingText('onboarding.terms.required')}
            </Text>
          )}
        </Stack>
      );
      break;
  }

  return (
    <Stack gap="lg" maw={880}>
      <Text>{onboardingText('onboarding.intro')}</Text>
      <Stepper active={step} onStepClick={(i) => i < step && goTo(i)} allowNextStepsSelect={false} size="sm" aria-label={onboardingText('onboarding.heading')}>
        {STEPS.map((s) => (
          <Stepper.Step key={s} label={onboardingText(STEP_LABELS[s])} />
        ))}
      </Stepper>
      <SubmitForm
        onSubmit={() => {
          if (key === 'terms') submit();
          else next();
        }}
      >
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              {onboardingText('onboarding.stepOf', { step: step + 1, total: STEPS.length })}
            </Text>
            <Title order={2} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
              {onboardingText(STEP_HEADINGS[key])}
            </Title>
          </div>
          {stepsWithErrors.length > 0 && submitted.size === STEPS.length && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} c="dark.8" role="alert">
              {onboardingText('onboarding.fixErrors', { steps: stepsWithErrors.map((i) => onboardingText(STEP_LABELS[STEPS[i]!])).join(', ') })}
            </Alert>
          )}
          {content}
          <Group justify="space-between" mt="md">
            <Button variant="default" onClick={() => goTo(step - 1)} disabled={step === 0}>
              {onboardingText('onboarding.back')}
            </Button>
            <Group gap="md">
              <Text size="sm" c="dimmed" aria-live="polite">
                {draftStatus}
              </Text>
              <Button type="submit" loading={key === 'terms' && complete.isPending}>
                {key === 'terms' ? onboardingText('onboarding.submit') : onboardingText('onboarding.next')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}
