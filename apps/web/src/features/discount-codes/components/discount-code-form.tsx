import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CURRENCIES, DiscountProduct, errorText, generateDiscountCode, type Currency, type DiscountType } from '@portal/contract';
import { useState } from 'react';
import { SubmitForm } from '../../../components/submit-form';
import { isApiError } from '../../../lib/api-client';
import { useCreateDiscountCode } from '../api/create-discount-code';
import { emptyDiscountForm, toDiscountInput, type DiscountField, type DiscountFormValues } from '../form';
import { dt } from '../messages';

/**
 * Creating a code (SPEC §3 'Discount code'): typed or generated, its rule, upsell, options,
 * 'Item requires shipping' and 'Add a new kit'. Checked with the contract's DiscountCodeInput;
 * the server's field errors land under the same fields, and nothing typed is lost on a failure.
 */
export function DiscountCodeForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState<DiscountFormValues>(emptyDiscountForm);
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Record<string, string>>({});
  const create = useCreateDiscountCode();
  const { input, errors } = toDiscountInput(values);
  const error = (key: DiscountField) => (tried ? errors[key] : undefined) ?? server[key];

  const set = <K extends keyof DiscountFormValues>(key: K, value: DiscountFormValues[K], field?: DiscountField) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (field) setServer(({ [field]: _drop, ...rest }) => rest);
  };

  const onSubmit = () => {
    setTried(true);
    if (Object.keys(errors).length) return;
    create.mutate(input, {
      onSuccess: (created) => {
        notifications.show({ color: 'green', message: dt('discount.created', { code: created.code }) });
        onDone();
      },
      onError: (e) => {
        if (isApiError(e) && e.status === 400 && e.fieldErrors) setServer(Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
      },
    });
  };
  const generalError =
    create.isError && !(isApiError(create.error) && create.error.status === 400 && create.error.fieldErrors)
      ? errorText(isApiError(create.error) ? create.error : null)
      : null;
  const percentage = values.type === 'percentage';

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="discount-form-title" maw={820}>
      <SubmitForm onSubmit={onSubmit}>
        <Stack gap="md">
          <Title order={2} size="h4" id="discount-form-title">
            {dt('discount.form.title')}
          </Title>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={dt('discount.code')}
              description={dt('discount.code.hint')}
              value={values.code}
              onChange={(e) => set('code', e.currentTarget.value.toUpperCase(), 'code')}
              error={error('code')}
              autoComplete="off"
              spellCheck={false}
              style={{ flex: 1 }}
              maw={420}
            />
            <Button variant="default" mt={46} onClick={() => set('code', generateDiscountCode(), 'code')} aria-label={dt('discount.generateLabel')}>
              {dt('discount.generate')}
            </Button>
          </Group>

          <div>
            <Text size="sm" fw={500} id="discount-type-label" mb={4}>
              {dt('discount.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="discount-type-label"
              value={values.type}
              onChange={(v) => set('type', v as DiscountType, 'rule.value')}
              data={[
                { value: 'percentage', label: dt('discount.type.percentage') },
                { value: 'fixed', label: dt('discount.type.fixed') },
              ]}
            />
          </div>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={percentage ? dt('discount.value.percentage') : dt('discount.value.fixed')}
              description={percentage ? dt('discount.value.percentageHint') : dt('discount.value.fixedHint')}
              value={values.value}
              onChange={(e) => set('value', e.currentTarget.value, 'rule.value')}
              error={error('rule.value')}
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
              label={dt('discount.currency')}
              data={CURRENCIES.map((c) => ({ value: c, label: c }))}
              value={values.currency}
              onChange={(v) => v && set('currency', v as Currency, 'rule.currency')}
              error={error('rule.currency')}
              allowDeselect={false}
              required
            />
            <TextInput
              label={dt('discount.minimum')}
              description={dt('discount.minimumHint')}
              value={values.minimum}
              onChange={(e) => set('minimum', e.currentTarget.value, 'rule.minimumOrderCents')}
              error={error('rule.minimumOrderCents')}
              inputMode="decimal"
            />
            <TextInput
              label={dt('discount.usageLimit')}
              description={dt('discount.usageLimitHint')}
              value={values.usageLimit}
              onChange={(e) => set('usageLimit', e.currentTarget.value, 'rule.usageLimit')}
              error={error('rule.usageLimit')}
              inputMode="numeric"
            />
            <TextInput
              type="date"
              label={dt('discount.validFrom')}
              value={values.validFrom}
              onChange={(e) => set('validFrom', e.currentTarget.value, 'rule.validFrom')}
              error={error('rule.validFrom')}
              required
            />
            <TextInput
              type="date"
              label={dt('discount.validUntil')}
              description={dt('discount.validUntilHint')}
              value={values.validUntil}
              onChange={(e) => set('validUntil', e.currentTarget.value, 'rule.validUntil')}
              error={error('rule.validUntil')}
            />
          </SimpleGrid>

          <TextInput
            label={dt('discount.upsell')}
            description={dt('discount.upsellHint')}
            value={values.upsell}
            onChange={(e) => set('upsell', e.currentTarget.value, 'upsell')}
            error={error('upsell')}
            maxLength={200}
          />

          <Checkbox.Group
            label={dt('discount.appliesTo')}
            value={values.appliesTo}
            onChange={(v) => set('appliesTo', v as DiscountProduct[], 'options.appliesTo')}
            error={error('options.appliesTo')}
            required
          >
            <Group gap="lg" mt="xs">
              {DiscountProduct.options.map((p) => (
                <Checkbox key={p} value={p} label={dt(`discount.product.${p}`)} />
              ))}
            </Group>
          </Checkbox.Group>

          <Stack gap="xs">
            <Checkbox
              label={dt('discount.requiresShipping')}
              checked={values.requiresShipping}
              onChange={(e) => set('requiresShipping', e.currentTarget.checked)}
            />
            <Checkbox
              label={dt('discount.addNewKit')}
              description={dt('discount.addNewKitHint')}
              checked={values.addNewKit}
              onChange={(e) => set('addNewKit', e.currentTarget.checked)}
            />
          </Stack>

          {generalError && (
            <Alert color="red" variant="light" c="dark.8" role="alert" title={dt('discount.failed')}>
              {generalError}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={create.isPending}>
              {dt('discount.save')}
            </Button>
            <Button variant="default" onClick={onDone}>
              {dt('discount.cancel')}
            </Button>
          </Group>
        </Stack>
      </SubmitForm>
    </Paper>
  );
}
