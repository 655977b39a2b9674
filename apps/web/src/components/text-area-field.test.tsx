import { MantineProvider } from '@mantine/core';
import { VALIDATION_MESSAGES, transforms } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TextAreaField, validateText, type TextAreaFieldProps } from './text-area-field';

function Controlled(props: Omit<TextAreaFieldProps, 'value' | 'onChange' | 'label'> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return <TextAreaField label="Notes" value={value} onChange={setValue} {...rest} />;
}

const renderField = (props: Parameters<typeof Controlled>[0] = {}) =>
  render(
    <MantineProvider>
      <Controlled {...props} />
    </MantineProvider>,
  );

describe('validateText', () => {
  it('defaults to no length bounds', () => {
    expect(validateText('')).toBeNull();
    expect(validateText('x'.repeat(10_000))).toBeNull();
  });

  it('returns the first failing message only', () => {
    // Empty and required fails both REQUIRED and MIN: only the first is reported.
    expect(validateText('', { required: true, min: 3 })).toBe(VALIDATION_MESSAGES.REQUIRED);
    expect(validateText('ab', { min: 3 })).toBe(VALIDATION_MESSAGES.MIN_NOT_REACHED);
    expect(validateText('abcd', { max: 3 })).toBe(VALIDATION_MESSAGES.MAX_EXCEEDED);
  });

  it('lets an optional field stay empty whatever its min', () => {
    expect(validateText('', { min: 5 })).toBeNull();
  });
});

describe('TextAreaField', () => {
  it('shows no error before the user touches it', () => {
    renderField({ required: true });
    const input = screen.getByRole('textbox', { name: /Notes/ });
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(VALIDATION_MESSAGES.REQUIRED)).toBeNull();
  });

  it('shows the first message under the field, marks it invalid and links the message', async () => {
    renderField({ max: 5 });
    const input = screen.getByRole('textbox', { name: /Notes/ });
    await userEvent.type(input, 'abcdefg');
    const message = screen.getByText(VALIDATION_MESSAGES.MAX_EXCEEDED);
    expect(message).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // Mantine draws the red border for inputs flagged data-error.
    expect(input).toHaveAttribute('data-error');
    expect(input.getAttribute('aria-describedby') ?? '').toContain(message.id);
    expect(screen.queryByText(VALIDATION_MESSAGES.MIN_NOT_REACHED)).toBeNull();
  });

  it('clears the error once the value is valid again', async () => {
    renderField({ min: 3 });
    const input = screen.getByRole('textbox', { name: /Notes/ });
    await userEvent.type(input, 'ab');
    expect(screen.getByText(VALIDATION_MESSAGES.MIN_NOT_REACHED)).toBeVisible();
    await userEvent.type(input, 'c');
    expect(screen.queryByText(VALIDATION_MESSAGES.MIN_NOT_REACHED)).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('reports a required field left empty after blur', async () => {
    renderField({ required: true, min: 3 });
    const input = screen.getByRole('textbox', { name: /Notes/ });
    await userEvent.click(input);
    await userEvent.tab();
    expect(screen.getByText(VALIDATION_MESSAGES.REQUIRED)).toBeVisible();
    expect(screen.queryByText(VALIDATION_MESSAGES.MIN_NOT_REACHED)).toBeNull();
  });

  it('accepts any length by default and counts characters', async () => {
    renderField();
    const input = screen.getByRole('textbox', { name: /Notes/ });
    await userEvent.type(input, 'hello');
    expect(screen.getByText('5 characters')).toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('counts against the maximum when there is one', () => {
    renderField({ max: 10, initial: 'abc' });
    expect(screen.getByText('3 of 10 characters')).toBeInTheDocument();
  });

  it('applies transforms to what is typed', async () => {
    renderField({ transforms: [transforms.uppercase, transforms.stripSpaces] });
    const input = screen.getByRole('textbox', { name: /Notes/ });
    await userEvent.type(input, 'a b');
    expect(input).toHaveValue('AB');
  });
});
