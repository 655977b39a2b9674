import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CURRENCIES, DiscountProduct, generateDiscountCode, type Currency, type DiscountCode, type DiscountType } from '@portal/contract';
import { FormCard } from '../../../components/form-card';
import { LabelledSegmentedControl } from '../../../components/labelled-segmented-control';
import { formatNumber } from '../../../i18n/i18n';
import { applyServerErrors, textInput, useContractForm } from '../../../lib/form';
import { useCreateDiscountCode } from '../api/create-discount-code';
import { useUpdateDiscountCode } from '../api/update-discount-code';
import { discountFormOf, emptyDiscountForm, toDiscountInput, type DiscountField, type DiscountFormValues } from '../form';
import { discountCodesText } from '../messages';

/** How the portal writes a day ('23 November 2026'), in dayjs tokens. */
const DATE_FORMAT = 'D MMMM YYYY';
const pad = (n: number) => String(n).padStart(2, '0');

/** A typed day, as the portal writes it or as YYYY-MM-DD, to the field's YYYY-MM-DD value (null: not a day). */
function parseDate(input: string): string | null {
  const text = input.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const day = new Date(text);
  return Number.isNaN(day.getTime()) ? null : `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The body's names for the errors of the form's values; a new type voids what was said about the value. */
const ERROR_PATHS: Partial<Record<keyof DiscountFormValues, DiscountField>> = {
  type: 'rule.value',
  value: 'rule.value',
  currency: 'rule.currency',
  minimum: 'rule.minimumOrderCents',
  validFrom: 'rule.validFrom',
  validUntil: 'rule.validUntil',
  usageLimit: 'rule.usageLimit',
  appliesTo: 'options.appliesTo',
};

/**
 * Creating a code (SPEC §3 'Discount code'): typed or generated, its rule, upsell, options,
 * 'Item requires shipping' and 'Add a new kit'. Checked with the contract's DiscountCodeInput;
 * the server's field errors land under the same fields, and nothing typed is lost on a failure.
 */
export function DiscountCodeForm({ onDone, editing }: { onDone: () => void; editing?: DiscountCode }) {
  const { form, values, field, submit } = useContractForm<DiscountFormValues>({
    initialValues: editing ? discountFormOf(editing) : emptyDiscountForm(),
    validate: (v) => toDiscountInput(v).errors,
    errorPaths: ERROR_PATHS,
  });
  const createCode = useCreateDiscountCode();
  const updateCode = useUpdateDiscountCode();
  const create = editing ? updateCode : createCode;
  const code = field('code');
  const type = field('type');
  const value = field('value');
  const currency = field('currency');
  const validFrom = field('validFrom');
  const validUntil = field('validUntil');
  const appliesTo = field('appliesTo');
  const requiresShipping = field('requiresShipping');
  const addNewKit = field('addNewKit');

  const onSubmit = () =>
    submit((v) => {
      const { input } = toDiscountInput(v);
      const callbacks = {
        onSuccess: (saved: DiscountCode) => {
          notifications.show({ color: 'green', message: discountCodesText(editing ? 'discount.updated' : 'discount.created', { code: saved.code }) });
          onDone();
        },
        onError: (e: Error) => applyServerErrors(form, e),
      };
      if (editing) updateCode.mutate({ id: editing.id, body: { ...input, code: undefined } }, callbacks);
      else createCode.mutate(input, callbacks);
    });
  const percentage = values.type === 'percentage';

  return (
    <FormCard
      id="discount-form"
      title={editing ? discountCodesText('discount.form.editTitle', { code: editing.code }) : discountCodesText('discount.form.title')}
      onSubmit={onSubmit}
      save={create}
      saveLabel={editing ? discountCodesText('discount.saveChanges') : discountCodesText('discount.save')}
      failedTitle={discountCodesText('discount.failed')}
      cancelLabel={discountCodesText('discount.cancel')}
      onCancel={onDone}
    >
      {editing ? (
        // Patients may have the code already: it stays as it is (the server refuses another).
        <TextInput label={discountCodesText('discount.code')} description={discountCodesText('discount.code.fixed')} value={editing.code} readOnly maw={420} />
      ) : (
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label={discountCodesText('discount.code')}
            description={discountCodesText('discount.code.hint')}
            {...textInput(code, (v) => v.toUpperCase())}
            autoComplete="off"
            spellCheck={false}
            style={{ flex: 1 }}
            maw={420}
          />
          <Button variant="default" mt={46} onClick={() => code.onChange(generateDiscountCode())} aria-label={discountCodesText('discount.generateLabel')}>
            {discountCodesText('discount.generate')}
          </Button>
        </Group>
      )}

      <LabelledSegmentedControl
        label={discountCodesText('discount.type')}
        labelId="discount-type-label"
        value={type.value}
        onChange={(v) => type.onChange(v as DiscountType)}
        data={[
          { value: 'percentage', label: discountCodesText('discount.type.percentage') },
          { value: 'fixed', label: discountCodesText('discount.type.fixed') },
        ]}
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={percentage ? discountCodesText('discount.value.percentage') : discountCodesText('discount.value.fixed')}
          description={
            percentage
              ? discountCodesText('discount.value.percentageHint')
              : discountCodesText('discount.value.fixedHint', { whole: formatNumber(100), decimal: formatNumber(99.5, { minimumFractionDigits: 2 }) })
          }
          {...textInput(value)}
          inputMode={percentage ? 'numeric' : 'decimal'}
          rightSection={
            percentage ? (
              <Text size="sm" aria-hidden="true">
                %
              </Text>
            ) : undefined
          }
          required
        />
        <Select
          label={discountCodesText('discount.currency')}
          data={CURRENCIES.map((c) => ({ value: c, label: c }))}
          value={currency.value}
          onChange={(v) => v && currency.onChange(v as Currency)}
          error={currency.error}
          allowDeselect={false}
          required
        />
        <TextInput
          label={discountCodesText('discount.minimum')}
          description={discountCodesText('discount.minimumHint')}
          {...textInput(field('minimum'))}
          inputMode="decimal"
        />
        <TextInput
          label={discountCodesText('discount.usageLimit')}
          description={discountCodesText('discount.usageLimitHint')}
          {...textInput(field('usageLimit'))}
          inputMode="numeric"
        />
        {/* Mantine's date fields, not the browser's: they write dates as the rest of the portal does
                ('23 November 2026'), where <input type="date"> follows the browser (mm/dd/yyyy). */}
        <DateInput
          label={discountCodesText('discount.validFrom')}
          value={validFrom.value || null}
          onChange={(v) => validFrom.onChange(v ?? '')}
          error={validFrom.error}
          valueFormat={DATE_FORMAT}
          dateParser={parseDate}
          required
        />
        <DateInput
          label={discountCodesText('discount.validUntil')}
          description={discountCodesText('discount.validUntilHint')}
          value={validUntil.value || null}
          onChange={(v) => validUntil.onChange(v ?? '')}
          error={validUntil.error}
          valueFormat={DATE_FORMAT}
          dateParser={parseDate}
          clearable
        />
      </SimpleGrid>

      <TextInput
        label={discountCodesText('discount.upsell')}
        description={discountCodesText('discount.upsellHint')}
        {...textInput(field('upsell'))}
        maxLength={200}
      />

      <Checkbox.Group
        label={discountCodesText('discount.appliesTo')}
        value={appliesTo.value}
        onChange={(v) => appliesTo.onChange(v as DiscountProduct[])}
        error={appliesTo.error}
        required
      >
        <Group gap="lg" mt="xs">
          {DiscountProduct.options.map((p) => (
            <Checkbox key={p} value={p} label={discountCodesText(`discount.product.${p}`)} />
          ))}
        </Group>
      </Checkbox.Group>

      <Stack gap="xs">
        <Checkbox
          label={discountCodesText('discount.requiresShipping')}
          checked={requiresShipping.value}
          onChange={(e) => requiresShipping.onChange(e.currentTarget.checked)}
        />
        <Checkbox
          label={discountCodesText('discount.addNewKit')}
          description={discountCodesText('discount.addNewKitHint')}
          checked={addNewKit.value}
          onChange={(e) => addNewKit.onChange(e.currentTarget.checked)}
        />
      </Stack>
    </FormCard>
  );
}
