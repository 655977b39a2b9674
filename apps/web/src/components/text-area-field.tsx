import { Textarea, type TextareaProps } from '@mantine/core';
import { firstError, rules, type Rule } from '@portal/contract';
import { useState } from 'react';
import { t } from '../i18n/i18n';

export type TextTransform = (value: string) => string;

export interface TextAreaFieldProps extends Omit<TextareaProps, 'value' | 'onChange' | 'error' | 'required' | 'min' | 'max'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Length bounds in characters (code points); SPEC §5: they default to 0 and unlimited. */
  min?: number;
  max?: number;
  required?: boolean;
  /** Applied in order to what the user types, e.g. the contract's `transforms.stripSpaces`. */
  transforms?: TextTransform[];
  /** Show the error before the user has touched the field (a form that was submitted). */
  showErrors?: boolean;
}

/** The first failing rule's message, or null; an optional field left empty is valid whatever its min. */
export function validateText(value: string, { min = 0, max = Infinity, required = false } = {}): string | null {
  if (value === '' && !required) return null;
  const list: Rule[] = required ? [rules.required, rules.length(min, max)] : [rules.length(min, max)];
  return firstError(value, list);
}

const countOf = (value: string) => [...value].length;

/** The count with its bounds, so a 'Minimum chars not reached' under the field is never a riddle. */
function countText(count: number, min: number, max: number): string {
  if (min > 0) return Number.isFinite(max) ? t('textArea.countMinMax', { count, max, min }) : t('textArea.countMin', { count, min });
  return Number.isFinite(max) ? t('textArea.countMax', { count, max }) : t('textArea.count', { count });
}

/** A multi-line input that validates with the contract's rules and shows the first message under it. */
export function TextAreaField({
  label,
  value,
  onChange,
  min = 0,
  max = Infinity,
  required = false,
  transforms = [],
  showErrors = false,
  onBlur,
  ...rest
}: TextAreaFieldProps) {
  const [touched, setTouched] = useState(false);
  const error = validateText(value, { min, max, required });
  const visibleError = touched || showErrors ? error : null;
  const count = countOf(value);
  return (
    <Textarea
      autosize
      minRows={3}
      {...rest}
      label={label}
      value={value}
      required={required}
      withAsterisk={required}
      onChange={(event) => {
        setTouched(true);
        onChange(transforms.reduce((v, transform) => transform(v), event.currentTarget.value));
      }}
      onBlur={(event) => {
        setTouched(true);
        onBlur?.(event);
      }}
      // Mantine sets aria-invalid and the red border from `error`, and links the message to the field.
      error={visibleError}
      description={countText(count, min, max)}
      inputWrapperOrder={['label', 'input', 'error', 'description']}
    />
  );
}
