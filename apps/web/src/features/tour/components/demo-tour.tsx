import { Badge, Button, Group, List, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { RESULT_LEVEL_LABELS, SESSION_STATUS_LABELS, ResultLevel } from '@portal/contract';
import type { ReactNode } from 'react';
import { AppModal } from '../../../components/app-modal';
import { TABULAR_FIGURES } from '../../../components/tabular-figures';
import { formatMoney } from '../../../i18n/i18n';
import { useTourStore } from '../tour-store';
import { tourText, type TourMessageKey } from '../messages';

/**
 * The demo tour (SPEC §1: offered while the practice is reviewed): a guided, skippable walk through
 * the portal's main screens, each shown with synthetic demo data. It can be opened again later.
 */

const LEVEL_COLOR: Record<number, string> = { [ResultLevel.LOW]: 'red', [ResultLevel.NORMAL]: 'yellow', [ResultLevel.HIGH]: 'green' };

function Frame({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" aria-label={tourText('tour.demoData')} role="figure">
      <Stack gap="xs">
        <Group gap={6}>
          <IconInfoCircle size={16} aria-hidden="true" />
          <Text size="xs" c="gray.8">
            {tourText('tour.demoData')}
          </Text>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** One line of a preview: what marks it (a status, a tick), then its text. */
function DemoLine({ marker, text }: { marker: ReactNode; text: string }) {
  return (
    <Group gap="xs">
      {marker}
      <Text size="sm">{text}</Text>
    </Group>
  );
}

const demoJournals = [
  { status: 'Saved', color: 'yellow', text: 'Vitamin D and iron discussed; ferritin test requested. (demo)' },
  { status: 'Submitted', color: 'green', text: 'Magnesium in the average band; follow-up in three months. (demo)' },
];

const demoSessions = [
  { name: 'Lerato M. (demo)', status: 1 as const, booked: 'Tomorrow, 09:30' },
  { name: 'Thandi N. (demo)', status: 2 as const, booked: 'In 2 days, 14:00' },
  { name: 'Johan S. (demo)', status: 4 as const, booked: '10 days ago' },
];

const demoComponents = [
  { title: 'Vitamin D', level: ResultLevel.HIGH },
  { title: 'Iron', level: ResultLevel.LOW },
  { title: 'Magnesium', level: ResultLevel.NORMAL },
];

const demoReports = [
  { drug: 'Clopidogrel', gene: 'CYP2C19', phenotype: 'Poor metabolizer', level: 1 },
  { drug: 'Simvastatin', gene: 'SLCO1B1', phenotype: 'Decreased function', level: 1 },
  { drug: 'Amitriptyline', gene: 'CYP2D6', phenotype: 'Normal metabolizer', level: 1 },
];

interface Step {
  key: string;
  title: TourMessageKey;
  text: TourMessageKey;
  preview?: ReactNode;
}

const STEPS: Step[] = [
  { key: 'welcome', title: 'tour.welcome.title', text: 'tour.welcome.text' },
  {
    key: 'sessions',
    title: 'tour.sessions.title',
    text: 'tour.sessions.text',
    preview: (
      <Table>
        <Table.Tbody>
          {demoSessions.map((s) => (
            <Table.Tr key={s.name}>
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>{s.booked}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={s.status === 1 ? 'blue' : s.status === 2 ? 'green' : 'gray'} c="dark.8">
                  {SESSION_STATUS_LABELS[s.status]}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    ),
  },
  {
    key: 'session',
    title: 'tour.session.title',
    text: 'tour.session.text',
    preview: (
      <Stack gap={6}>
        <Text fw={600}>Thandi N. (demo)</Text>
        <List size="sm" spacing={4}>
          <List.Item>Accept or reject the request</List.Item>
          <List.Item>Request the patient’s data (confirmed in their app)</List.Item>
          <List.Item>Kit: results available · Nutrigenomics, Pharmacogenomics</List.Item>
        </List>
      </Stack>
    ),
  },
  {
    key: 'results',
    title: 'tour.results.title',
    text: 'tour.results.text',
    preview: (
      <Stack gap={6}>
        <Text fw={600}>Screening & Results</Text>
        {demoComponents.map((c) => (
          <Group key={c.title} justify="space-between">
            <Text>{c.title}</Text>
            <Badge variant="light" color={LEVEL_COLOR[c.level]} c="dark.8">
              {RESULT_LEVEL_LABELS[c.level]}
            </Badge>
          </Group>
        ))}
      </Stack>
    ),
  },
  {
    key: 'reports',
    title: 'tour.reports.title',
    text: 'tour.reports.text',
    preview: (
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Generic name</Table.Th>
            <Table.Th>Gene</Table.Th>
            <Table.Th>Phenotype</Table.Th>
            <Table.Th>Level of evidence</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {demoReports.map((r) => (
            <Table.Tr key={r.drug}>
              <Table.Td>{r.drug}</Table.Td>
              <Table.Td>{r.gene}</Table.Td>
              <Table.Td>{r.phenotype}</Table.Td>
              <Table.Td>{r.level}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    ),
  },
  {
    key: 'journal',
    title: 'tour.journal.title',
    text: 'tour.journal.text',
    preview: (
      <Stack gap={6}>
        {demoJournals.map((j) => (
          <DemoLine
            key={j.status}
            marker={
              <Badge variant="light" color={j.color} c="dark.8">
                {j.status}
              </Badge>
            }
            text={j.text}
          />
        ))}
      </Stack>
    ),
  },
  {
    key: 'summary',
    title: 'tour.summary.title',
    text: 'tour.summary.text',
    preview: (
      <Stack gap={6}>
        <Text fw={600}>Latest transactions</Text>
        {['Thandi N.', 'Johan S.'].map((patient) => (
          <Group key={patient} justify="space-between">
            <Text size="sm">Data-request fee · {patient} (demo)</Text>
            <Text size="sm" style={TABULAR_FIGURES}>
              {formatMoney(-25000)}
            </Text>
          </Group>
        ))}
      </Stack>
    ),
  },
  {
    key: 'warehouse',
    title: 'tour.warehouse.title',
    text: 'tour.warehouse.text',
    preview: (
      <Stack gap={6}>
        <Text fw={600}>Demo warehouse, Gardens, Cape Town</Text>
        <Text size="sm">12 kits in stock · 3 assigned</Text>
        <Text size="sm">Discount code DEMO10 · 10% off · Item requires shipping</Text>
      </Stack>
    ),
  },
  {
    key: 'course',
    title: 'tour.course.title',
    text: 'tour.course.text',
    preview: (
      <Stack gap={6}>
        <DemoLine marker={<IconCheck size={16} aria-hidden="true" />} text="Reading genotype results and their limits" />
        <Progress value={40} aria-label="4 of 10 lessons completed (demo)" />
      </Stack>
    ),
  },
];

export function DemoTour() {
  const { opened, step, close, setStep } = useTourStore();
  const current = STEPS[Math.min(step, STEPS.length - 1)]!;
  const last = step >= STEPS.length - 1;
  return (
    <AppModal opened={opened} onClose={close} size="large" title={tourText('tour.title')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed" aria-live="polite">
          {tourText('tour.stepOf', { step: step + 1, total: STEPS.length })}
        </Text>
        <Progress value={((step + 1) / STEPS.length) * 100} aria-hidden="true" size="sm" />
        <Title order={2} size="h3">
          {tourText(current.title)}
        </Title>
        <Text>{tourText(current.text)}</Text>
        {current.preview && <Frame>{current.preview}</Frame>}
        <Group justify="space-between" mt="sm">
          <Button variant="subtle" onClick={close}>
            {tourText('tour.skip')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={() => setStep(step - 1)} disabled={step === 0}>
              {tourText('tour.back')}
            </Button>
            <Button onClick={() => (last ? close() : setStep(step + 1))}>{last ? tourText('tour.finish') : tourText('tour.next')}</Button>
          </Group>
        </Group>
      </Stack>
    </AppModal>
  );
}
