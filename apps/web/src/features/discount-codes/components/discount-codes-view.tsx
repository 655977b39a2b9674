import { Badge, Button, Group, Select, Stack, Table, Text, TextInput, Alert } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { DISCOUNT_CODE_STATES, errorText, type DiscountCode, type DiscountCodeState } from '@portal/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { lazyWhenIdle } from '../../../components/deferred';
import { PageLoader } from '../../../components/page-loader';
import { PagedResults } from '../../../components/paged-results';
import { AppModal } from '../../../components/app-modal';
import { TABULAR_FIGURES } from '../../../components/tabular-figures';
import { RowCard, RowCards, STICKY_ACTIONS, useNarrow } from '../../../components/row-cards';
import { formatMoney, t } from '../../../i18n/i18n';
import { useDeactivateDiscountCode } from '../api/deactivate-discount-code';
import { useDiscountCodes } from '../api/list-discount-codes';
import { optionsSummary, ruleSummary, usageSummary, validitySummary } from '../summaries';
import { discountCodesText } from '../messages';

export const DISCOUNT_PAGE_SIZE = 20;

const STATE_COLOR: Record<DiscountCodeState, string> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'gray',
  used_up: 'orange',
  deactivated: 'red',
};

export function DiscountStateBadge({ state }: { state: DiscountCodeState }) {
  return (
    <Badge variant="light" color={STATE_COLOR[state]} c="dark.8">
      {discountCodesText(`discount.state.${state}`)}
    </Badge>
  );
}

/** /discount-codes: create, list (searched, filtered by state, paged) and deactivate. */
// The form shows only once Create or Edit is pressed: it (with the date inputs and the contract's
// schema it checks with) loads after the list, when the browser is idle (issue 35).
const codeForm = lazyWhenIdle(() => import('./discount-code-form').then((m) => m.DiscountCodeForm));
const DiscountCodeForm = codeForm.Lazy;

export function DiscountCodesView() {
  codeForm.usePreload();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<DiscountCode | null>(null);
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed.trim(), 300);
  const [state, setState] = useState<DiscountCodeState | null>(null);
  const [page, setPage] = useState(1);
  const [deactivating, setDeactivating] = useState<DiscountCode | null>(null);
  const narrow = useNarrow();
  const [lastFilter, setLastFilter] = useState(`${search}|${state}`);
  if (lastFilter !== `${search}|${state}`) {
    setLastFilter(`${search}|${state}`);
    setPage(1);
  }
  const query = useDiscountCodes({
    search: search || undefined,
    state: state ?? undefined,
    limit: DISCOUNT_PAGE_SIZE,
    offset: (page - 1) * DISCOUNT_PAGE_SIZE,
  });

  return (
    <Stack gap="lg">
      {editing ? (
        <Suspense fallback={<PageLoader />}>
          <DiscountCodeForm key={editing.id} editing={editing} onDone={() => setEditing(null)} />
        </Suspense>
      ) : creating ? (
        <Suspense fallback={<PageLoader />}>
          <DiscountCodeForm onDone={() => setCreating(false)} />
        </Suspense>
      ) : (
        <div>
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
            {discountCodesText('discount.create')}
          </Button>
        </div>
      )}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={discountCodesText('discount.search')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          w={280}
          maw="100%"
        />
        <Select
          label={discountCodesText('discount.state')}
          data={[
            { value: '', label: discountCodesText('discount.state.all') },
            ...DISCOUNT_CODE_STATES.map((s) => ({ value: s, label: discountCodesText(`discount.state.${s}`) })),
          ]}
          value={state ?? ''}
          onChange={(v) => setState(v ? (v as DiscountCodeState) : null)}
          allowDeselect={false}
          w={200}
          maw="100%"
        />
      </Group>
      <PagedResults
        query={query}
        page={page}
        pageSize={DISCOUNT_PAGE_SIZE}
        onPage={setPage}
        empty={search || state ? discountCodesText('discount.emptyFiltered') : discountCodesText('discount.empty')}
      >
        {(rows) =>
          narrow ? (
            <RowCards label={discountCodesText('discount.tableLabel')}>
              {rows.map((c) => (
                <CodeCard key={c.id} code={c} onEdit={() => setEditing(c)} onDeactivate={() => setDeactivating(c)} />
              ))}
            </RowCards>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="sm" highlightOnHover aria-label={discountCodesText('discount.tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{discountCodesText('discount.col.code')}</Table.Th>
                    <Table.Th scope="col">{discountCodesText('discount.col.rule')}</Table.Th>
                    <Table.Th scope="col">{discountCodesText('discount.col.minimum')}</Table.Th>
                    <Table.Th scope="col">{discountCodesText('discount.col.options')}</Table.Th>
                    <Table.Th scope="col">{discountCodesText('discount.col.validity')}</Table.Th>
                    <Table.Th scope="col">{discountCodesText('discount.col.usage')}</Table.Th>
                    <Table.Th scope="col">{discountCodesText('discount.col.state')}</Table.Th>
                    <Table.Th scope="col" style={STICKY_ACTIONS}>
                      {discountCodesText('discount.col.actions')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>
                        <Text size="sm" ff="monospace" fw={600}>
                          {c.code}
                        </Text>
                        {c.upsell && (
                          <Text size="xs" c="gray.9" lineClamp={1} maw={240}>
                            {c.upsell}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{ruleSummary(c.rule)}</Table.Td>
                      <Table.Td style={TABULAR_FIGURES}>{minimumOf(c)}</Table.Td>
                      <Table.Td>{optionsSummary(c)}</Table.Td>
                      <Table.Td>{validitySummary(c.rule)}</Table.Td>
                      <Table.Td>{usageSummary(c)}</Table.Td>
                      <Table.Td>
                        <DiscountStateBadge state={c.state} />
                      </Table.Td>
                      <Table.Td style={STICKY_ACTIONS}>
                        <Group gap="xs" wrap="nowrap">
                          <CodeActions code={c} onEdit={() => setEditing(c)} onDeactivate={() => setDeactivating(c)} />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </PagedResults>
      <DeactivateModal code={deactivating} onClose={() => setDeactivating(null)} />
    </Stack>
  );
}

/** Edit and Deactivate, as far as the code's state allows them. */
function CodeActions({ code: c, onEdit, onDeactivate }: { code: DiscountCode; onEdit: () => void; onDeactivate: () => void }) {
  return (
    <>
      {c.state !== 'deactivated' && (
        <Button size="xs" variant="default" onClick={onEdit} aria-label={discountCodesText('discount.editLabel', { code: c.code })}>
          {discountCodesText('discount.edit')}
        </Button>
      )}
      {c.state !== 'deactivated' && c.state !== 'expired' && (
        <Button size="xs" variant="default" c="red.9" onClick={onDeactivate} aria-label={discountCodesText('discount.deactivateLabel', { code: c.code })}>
          {discountCodesText('discount.deactivate')}
        </Button>
      )}
    </>
  );
}

/** One code on a phone: the code and its state on top, the other columns below, Edit and Deactivate in view. */
function CodeCard({ code: c, onEdit, onDeactivate }: { code: DiscountCode; onEdit: () => void; onDeactivate: () => void }) {
  const hasActions = c.state !== 'deactivated';
  return (
    <RowCard
      title={
        <>
          <Text size="sm" ff="monospace" fw={600}>
            {c.code}
          </Text>
          {c.upsell && (
            <Text size="xs" c="gray.9">
              {c.upsell}
            </Text>
          )}
        </>
      }
      badge={<DiscountStateBadge state={c.state} />}
      facts={[
        { term: discountCodesText('discount.col.rule'), value: ruleSummary(c.rule) },
        {
          term: discountCodesText('discount.col.minimum'),
          value: <span style={TABULAR_FIGURES}>{minimumOf(c)}</span>,
        },
        { term: discountCodesText('discount.col.options'), value: optionsSummary(c) },
        { term: discountCodesText('discount.col.validity'), value: validitySummary(c.rule) },
        { term: discountCodesText('discount.col.usage'), value: usageSummary(c) },
      ]}
      actions={hasActions ? <CodeActions code={c} onEdit={onEdit} onDeactivate={onDeactivate} /> : undefined}
    />
  );
}

const minimumOf = (c: DiscountCode) =>
  c.rule.minimumOrderCents > 0 ? formatMoney(c.rule.minimumOrderCents, c.rule.currency) : discountCodesText('discount.noMinimum');

function DeactivateModal({ code, onClose }: { code: DiscountCode | null; onClose: () => void }) {
  const deactivate = useDeactivateDiscountCode();
  const close = () => {
    deactivate.reset();
    onClose();
  };
  return (
    <AppModal
      size="small"
      opened={code !== null}
      onClose={close}
      title={discountCodesText('discount.deactivate.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {code && (
        <Stack gap="md">
          <Text>{discountCodesText('discount.deactivate.body', { code: code.code })}</Text>
          {deactivate.isError && (
            <Alert color="red" variant="light" c="dark.8" role="alert">
              {errorText(deactivate.error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {discountCodesText('discount.deactivate.keep')}
            </Button>
            <Button
              color="red.9"
              loading={deactivate.isPending}
              onClick={() =>
                deactivate.mutate(code.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: discountCodesText('discount.deactivated', { code: code.code }) });
                    close();
                  },
                })
              }
            >
              {discountCodesText('discount.deactivate')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
