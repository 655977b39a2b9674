import { Alert, Button, Group, MultiSelect, Radio, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { MESSAGES, errorText, type Category, type OnboardingDraft } from '@portal/contract';
import { useRef, useState, type ReactNode } from 'react';
import { AddressFields } from '../../../components/practice/address-fields';
import { PracticeFields } from '../../../components/practice/practice-fields';
import { SlotFields, describeSlot } from '../../../components/practice/slot-fields';
import { PageLoader } from '../../../components/page-loader';
import { applyServerErrors, useContractForm } from '../../../lib/form';
import { useAutosave } from '../../../lib/use-autosave';
import { useSystemStore } from '../../../store/system-store';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import { useOnboardingDraft } from '../api/get-onboarding-draft';
import { saveOnboardingDraft } from '../api/save-onboarding-draft';
import { STEPS, fromDraft, stepOfField, toBody, toDraft, type OnboardingValues, type StepKey } from '../form';
import { onboardingChecks } from '../onboarding-checks';
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
const sameDraft = (a: OnboardingDraft, b: OnboardingDraft) => JSON.stringify(a) === JSON.stringify(b);

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
  const [step, setStep] = useState(initialStep);
  const [tosAccepted, setTosAccepted] = useState(initialTosAccepted);
  const [submitted, setSubmitted] = useState<Set<number>>(new Set());
  // Autosave: what was typed is on the server within a moment, so a reload or a failed request loses nothing.
  const autosave = useAutosave({
    initial: toDraft(initialValues, initialStep),
    save: saveOnboardingDraft,
    delayMs: AUTOSAVE_MS,
    same: sameDraft,
    // Leaving registration half-done is allowed: the draft is kept on the server for the next visit.
    warnOnLeave: false,
  });
  const { form, values, shown, field, whenChecked } = useContractForm({
    initialValues,
    checks: onboardingChecks,
    validate: (v, checks) => checks.allErrors(v, tosAccepted),
    // Errors show for steps the user tried to leave (or submit); they update as the user fixes them.
    visible: (path) => submitted.has(stepOfField(path)),
    onValuesChange: (changed) => autosave.change(toDraft(changed, step)),
  });
  const complete = useCompleteOnboarding();
  const showError = useSystemStore((s) => s.showError);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const key = STEPS[step]!;

  // 'Draft saved' only when the server has what is on screen now, not an earlier version; nothing before the first change.
  const draftStatus =
    autosave.state === 'saved' && autosave.savedAt === null
      ? ''
      : autosave.state === 'unsaved'
        ? onboardingText('onboarding.draft.failed')
        : autosave.state === 'saved'
          ? onboardingText('onboarding.draft.saved')
          : onboardingText('onboarding.draft.saving');

  const goTo = (next: number) => {
    setStep(next);
    // The step is part of the draft: a reload comes back to it.
    if (next !== step) autosave.change(toDraft(form.getValues(), next));
    // Keyboard and screen-reader users land on the new step's heading.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  // Next and submit check what the form holds once the checks are in (at once, but for the first
  // milliseconds of the page).
  const next = () => {
    setSubmitted((s) => new Set(s).add(step));
    whenChecked((checks, latest) => {
      if (Object.keys(checks.stepErrors(key, latest, tosAccepted)).length === 0) goTo(step + 1);
    });
  };

  const submit = () => {
    setSubmitted(new Set(STEPS.map((_, i) => i)));
    whenChecked((checks, latest) => send(checks.allErrors(latest, tosAccepted), latest));
  };

  const send = (errors: Record<string, string>, latest: OnboardingValues) => {
    const keys = Object.keys(errors);
    if (keys.length) {
      goTo(Math.min(...keys.map(stepOfField)));
      return;
    }
    // The draft is saved first, so whatever happens to the request the form's content is kept.
    void autosave.flush();
    complete.mutate(toBody(latest), {
      onError: (error) => {
        const fields = applyServerErrors(form, error);
        if (fields) {
          const first = Object.keys(fields)[0];
          if (first) goTo(stepOfField(first));
          return;
        }
        showError(errorText(error, MESSAGES.commonError));
      },
    });
  };

  const stepsWithErrors = [...new Set(Object.keys(shown).map(stepOfField))].sort();
  const error = (path: string) => shown[path];
  const slotField = (i: number) => ({
    dayOfWeek: field(`availability.${i}.dayOfWeek`),
    startTime: field(`availability.${i}.startTime`),
    endTime: field(`availability.${i}.endTime`),
  });
  const category = field('categoryID');
  const languagesField = field('languages');
  const specializationsField = field('specializations');

  let content: ReactNode = null;
  switch (key) {
    case 'practice':
      content = (
        <Stack gap="md">
          <Radio.Group
            label={practiceText('practice.category')}
            required
            value={category.value === null ? null : String(category.value)}
            onChange={(v) => category.onChange(Number(v))}
            error={category.error}
          >
            <Group mt="xs" gap="lg">
              {(categories ?? []).map((c) => (
                <Radio key={c.id} value={String(c.id)} label={c.name} />
              ))}
            </Group>
          </Radio.Group>
          <PracticeFields
            hpcsaNumber={field('hpcsaNumber')}
            practiceNumber={field('practiceNumber')}
            description={field('description')}
            showErrors={submitted.has(step)}
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
            value={languagesField.value.map(String)}
            onChange={(v) => languagesField.onChange(v.map(Number))}
            error={languagesField.error}
            required
            searchable
            inputWrapperOrder={['label', 'input', 'error', 'description']}
          />
          <MultiSelect
            label={practiceText('practice.specializations')}
            description={practiceText('practice.specializationsHint')}
            data={(specializations ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={specializationsField.value.map(String)}
            onChange={(v) => specializationsField.onChange(v.map(Number))}
            error={specializationsField.error}
            required
            searchable
            inputWrapperOrder={['label', 'input', 'error', 'description']}
          />
        </Stack>
      );
      break;
    case 'address':
      content = <AddressFields field={(k) => field(`address.${k}`)} />;
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
              <SlotFields idPrefix={`slot-${i}`} field={slotField(i)} />
              <Button
                variant="subtle"
                color="red"
                px="xs"
                mb={error(`availability.${i}.dayOfWeek`) || error(`availability.${i}.startTime`) || error(`availability.${i}.endTime`) ? 22 : 0}
                aria-label={practiceText('practice.availability.remove', {
                  slot: slot.dayOfWeek ? describeSlot({ dayOfWeek: slot.dayOfWeek, startTime: slot.startTime, endTime: slot.endTime }) : String(i + 1),
                })}
                onClick={() => form.removeListItem('availability', i)}
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
                form.insertListItem('availability', { dayOfWeek: nextDay, startTime: last?.startTime || '09:00', endTime: last?.endTime || '17:00' });
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
