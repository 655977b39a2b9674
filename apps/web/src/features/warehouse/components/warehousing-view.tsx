import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { LoadFailed } from '../../../components/load-failed';
import { notifications } from '@mantine/notifications';
import { COUNTRIES, LOW_STOCK_THRESHOLD, MAX_WAREHOUSES, errorText, type Consignment, type PracticeStock, type Warehouse } from '@portal/contract';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyWhenIdle } from '../../../components/deferred';
import { PageLoader } from '../../../components/page-loader';
import { AppModal } from '../../../components/app-modal';
import { DefaultBadge, MakeDefaultButton } from '../../../components/default-choice';
import { formatDate, t } from '../../../i18n/i18n';
import { useConsignments, useReceiveConsignment } from '../api/consignments';
import { useWarehouses } from '../api/get-warehouses';
import { useSetPrimaryWarehouse } from '../api/save-warehouse';
import { warehouseText } from '../messages';
import type { WarehouseValues } from './warehouse-form';

const country = (code: string) => COUNTRIES.find((c) => c.code === code)?.name ?? code;
const toValues = (w: Warehouse): WarehouseValues => ({
  contactNumber: w.contactNumber,
  contactPerson: w.contactPerson,
  countryCode: w.address.countryCode,
  name: w.name,
  postalCode: w.address.postalCode,
  state: w.address.state,
  streetAddress: w.address.streetAddress,
  suburb: w.address.suburb,
});

// The form shows only once Register, Add or Edit is pressed: it (with the contract's schema it checks
// with) loads after the page, when the browser is idle (issue 35).
const warehouseForm = lazyWhenIdle(() => import('./warehouse-form').then((m) => m.WarehouseForm));
const WarehouseForm = warehouseForm.Lazy;

/**
 * /warehousing: the empty state with 'Register warehouse', the form, then each warehouse with its
 * stock and consignments in transit, and below them all of the practice's kits (`kits`, the kits
 * table the page composes in): with a warehouse the Kits menu entry is gone (SPEC §6), so this page
 * is where the kits, their sessions and 'Assign to session' are, those stocked before the warehouse too.
 */
export function WarehousingView({ kits }: { kits: ReactNode }) {
  warehouseForm.usePreload();
  const warehouses = useWarehouses();
  const [editing, setEditing] = useState<string | 'new' | null>(null);

  if (warehouses.isPending) return <PageLoader />;
  if (warehouses.isError) {
    return <LoadFailed title={warehouseText('warehouse.loadFailed')} message={errorText(warehouses.error)} onRetry={() => void warehouses.refetch()} />;
  }

  const list = warehouses.data.results;
  if (editing === 'new') {
    return (
      <Suspense fallback={<PageLoader />}>
        <WarehouseForm onDone={() => setEditing(null)} />
      </Suspense>
    );
  }
  if (list.length === 0) {
    return (
      <Stack gap="md" align="flex-start" maw={640}>
        <Text>{warehouseText('warehouse.empty')}</Text>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')}>
          {warehouseText('warehouse.register')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <HeldStock stock={warehouses.data.stock} />
      {list.map((w) =>
        editing === w.id ? (
          <Suspense key={w.id} fallback={<PageLoader />}>
            <WarehouseForm id={w.id} initial={toValues(w)} onDone={() => setEditing(null)} />
          </Suspense>
        ) : (
          <WarehouseCard key={w.id} warehouse={w} onEdit={() => setEditing(w.id)} />
        ),
      )}
      {list.length < MAX_WAREHOUSES && (
        <div>
          {/* Its label wraps in a narrow column (beside the sidebar at 541 px) instead of widening the page. */}
          <Button
            variant="light"
            c="blue.9"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setEditing('new')}
            maw="100%"
            h="auto"
            py={6}
            styles={{ label: { whiteSpace: 'normal' } }}
          >
            {warehouseText('warehouse.add')}
          </Button>
        </div>
      )}
      <Stack gap="sm" component="section" aria-labelledby="practice-kits">
        <Title order={2} size="h3" id="practice-kits">
          {warehouseText('warehouse.kits')}
        </Title>
        <Text size="sm" c="gray.9">
          {warehouseText('warehouse.kits.text')}
        </Text>
        {kits}
      </Stack>
    </Stack>
  );
}

function WarehouseCard({ warehouse: w, onEdit }: { warehouse: Warehouse; onEdit: () => void }) {
  const primary = useSetPrimaryWarehouse();
  const headingId = `warehouse-${w.id}`;
  const hasCoordinates = w.latitude !== null && w.longitude !== null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm">
            <Title order={2} size="h3" id={headingId}>
              {w.name}
            </Title>
            {w.primary && <DefaultBadge label={warehouseText('warehouse.primary')} />}
          </Group>
          <Group gap="xs">
            {!w.primary && (
              <MakeDefaultButton
                label={warehouseText('warehouse.makePrimary')}
                ariaLabel={warehouseText('warehouse.makePrimaryLabel', { name: w.name })}
                // Only the warehouse being made primary shows it is busy, as on the payment details.
                loading={primary.isPending && primary.variables === w.id}
                onClick={() => primary.mutate(w.id)}
              />
            )}
            <Button size="xs" variant="default" onClick={onEdit} aria-label={warehouseText('warehouse.editLabel', { name: w.name })}>
              {warehouseText('warehouse.edit')}
            </Button>
          </Group>
        </Group>
        {primary.isError && (
          <Alert color="red" variant="light" c="dark.8" role="alert">
            {errorText(primary.error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Fact term={warehouseText('warehouse.address')}>
            {w.address.streetAddress}, {w.address.suburb}, {w.address.state}, {w.address.postalCode}, {country(w.address.countryCode)}
          </Fact>
          <Fact term={warehouseText('warehouse.contact')}>
            {w.contactPerson}, {w.contactNumber}
          </Fact>
          <Fact term={warehouseText('warehouse.coordinates')}>
            {hasCoordinates ? `${w.latitude!.toFixed(6)}, ${w.longitude!.toFixed(6)}` : warehouseText('warehouse.noCoordinates')}
          </Fact>
        </SimpleGrid>
        <StockFigures warehouse={w} />
        <Consignments warehouse={w} />
      </Stack>
    </Paper>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {term}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function StockFigures({ warehouse: w }: { warehouse: Warehouse }) {
  const figures = [
    { label: warehouseText('warehouse.stock.received'), value: w.stock.received },
    { label: warehouseText('warehouse.stock.handedOut'), value: w.stock.handedOut },
    { label: warehouseText('warehouse.stock.onHand'), value: w.stock.onHand },
    { label: warehouseText('warehouse.stock.inTransit'), value: w.stock.inTransit },
  ];
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {warehouseText('warehouse.stock')}
      </Title>
      <FigureGrid figures={figures} />
      {w.stock.onHand === 0 && (
        <Text size="sm" c="gray.9">
          {warehouseText('warehouse.noStockHere')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * What the practice holds in all (issue 33): its warehouses' kits and the stock it had before
 * registering one, said apart; the low-stock warning follows from this figure, not one warehouse's.
 */
function HeldStock({ stock }: { stock: PracticeStock }) {
  const figures = [
    { label: warehouseText('warehouse.held.onHand'), value: stock.onHand },
    { label: warehouseText('warehouse.held.inWarehouses'), value: stock.inWarehouses },
    { label: warehouseText('warehouse.held.withPractice'), value: stock.withPractice },
    { label: warehouseText('warehouse.held.inTransit'), value: stock.inTransit },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby="practice-stock">
      <Title order={2} size="h3" id="practice-stock">
        {warehouseText('warehouse.held')}
      </Title>
      <Text size="sm" c="gray.9">
        {warehouseText('warehouse.held.text')}
      </Text>
      <FigureGrid figures={figures} />
      {stock.lowStock && (
        <Alert color="yellow" variant="light" c="dark.8" icon={<IconAlertTriangle aria-hidden="true" />} title={warehouseText('warehouse.lowStock.title')}>
          {stock.onHand === 0
            ? warehouseText('warehouse.noStock', { threshold: LOW_STOCK_THRESHOLD })
            : warehouseText('warehouse.lowStock', { count: stock.onHand, threshold: LOW_STOCK_THRESHOLD })}
        </Alert>
      )}
    </Stack>
  );
}

function FigureGrid({ figures }: { figures: { label: string; value: number }[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="dl" m={0}>
      {figures.map((f) => (
        <Paper key={f.label} withBorder radius="sm" p="sm">
          <Text component="dt" size="sm" c="gray.9">
            {f.label}
          </Text>
          <Text component="dd" m={0} fw={700} fz="xl">
            {f.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Consignments({ warehouse: w }: { warehouse: Warehouse }) {
  const consignments = useConsignments(w.id);
  const receive = useReceiveConsignment();
  const [confirming, setConfirming] = useState<Consignment | null>(null);
  let body;
  if (consignments.isPending) body = <PageLoader />;
  else if (consignments.isError)
    body = (
      <LoadFailed
        title={warehouseText('warehouse.consignments.loadFailed')}
        message={errorText(consignments.error)}
        onRetry={() => void consignments.refetch()}
      />
    );
  else {
    const inTransit = consignments.data.filter((c) => c.receivedAt === null);
    body =
      inTransit.length === 0 ? (
        <Text size="sm" c="gray.9">
          {warehouseText('warehouse.consignments.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {inTransit.map((c) => {
            const params = { count: c.kitCount, date: formatDate(c.dispatchedAt) };
            return (
              <Group key={c.id} component="li" justify="space-between" gap="sm">
                <Text size="sm">{warehouseText('warehouse.consignment', params)}</Text>
                <Button size="xs" variant="default" onClick={() => setConfirming(c)} aria-label={warehouseText('warehouse.receiveLabel', params)}>
                  {warehouseText('warehouse.receive')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      );
  }
  const close = () => {
    setConfirming(null);
    receive.reset();
  };
  const onReceive = (c: Consignment) =>
    receive.mutate(c.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: warehouseText('warehouse.received', { count: c.kitCount }) });
        close();
      },
    });

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {warehouseText('warehouse.consignments')}
      </Title>
      {body}
      <AppModal
        size="small"
        opened={confirming !== null}
        onClose={close}
        title={warehouseText('warehouse.receive.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {confirming && (
          <Stack gap="md">
            <Text>{warehouseText('warehouse.receive.body', { count: confirming.kitCount, date: formatDate(confirming.dispatchedAt), name: w.name })}</Text>
            {receive.isError && (
              <Alert color="red" variant="light" c="dark.8" role="alert">
                {errorText(receive.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {warehouseText('warehouse.receive.cancel')}
              </Button>
              <Button onClick={() => onReceive(confirming)} loading={receive.isPending}>
                {warehouseText('warehouse.receive')}
              </Button>
            </Group>
          </Stack>
        )}
      </AppModal>
    </Stack>
  );
}
