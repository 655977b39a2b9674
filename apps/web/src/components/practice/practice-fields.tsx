import { TextInput } from '@mantine/core';
import { DESCRIPTION_MAX, DESCRIPTION_MIN, transforms } from '@portal/contract';
import { textInput, type FieldProps } from '../../lib/form';
import { TextAreaField } from '../text-area-field';
import { practiceText } from './messages';

/**
 * The practice's typed fields - HPCSA number, practice number, description - as onboarding and the
 * settings ask them. The lengths only stop runaway typing: the contract says what is valid.
 */
export function PracticeFields({
  hpcsaNumber,
  practiceNumber,
  description,
  showErrors,
}: {
  hpcsaNumber: FieldProps<string>;
  practiceNumber: FieldProps<string>;
  description: FieldProps<string>;
  /** Show the description's error before it was touched (the form was submitted). */
  showErrors: boolean;
}) {
  return (
    <>
      <TextInput
        label={practiceText('practice.hpcsaNumber')}
        description={practiceText('practice.hpcsaHint')}
        {...textInput(hpcsaNumber, transforms.uppercase)}
        required
        maxLength={20}
        autoComplete="off"
        inputWrapperOrder={['label', 'input', 'error', 'description']}
      />
      <TextInput
        label={practiceText('practice.practiceNumber')}
        description={practiceText('practice.practiceNumberHint')}
        {...textInput(practiceNumber)}
        required
        inputMode="numeric"
        maxLength={30}
        autoComplete="off"
        inputWrapperOrder={['label', 'input', 'error', 'description']}
      />
      <TextAreaField
        label={practiceText('practice.description')}
        value={description.value}
        onChange={description.onChange}
        min={DESCRIPTION_MIN}
        max={DESCRIPTION_MAX}
        required
        showErrors={showErrors}
        minRows={4}
      />
    </>
  );
}
