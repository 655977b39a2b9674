import { Box, Table, Text } from '@mantine/core';

import { TABULAR_FIGURES } from '../../../components/tabular-figures';
import { formatPercentile, formatScore, formatShare } from '../format';
import { sessionsText } from '../messages';

export interface Distribution {
  score: number;
  minValue: number;
  percentile25th: number;
  median: number;
  percentile75th: number;
  maxValue: number;
  averageScore: number | null;
  percentile: number;
  /** Percentages of the reference group scoring lower than and the same as the patient (null in results from before they were stored). */
  shareLower: number | null;
  shareSame: number | null;
}

const W = 480;
const H = 92;
const PAD = 24;
const AXIS_Y = 46;

/**
 * Where the patient's score sits in the reference distribution: the full range (lowest to highest
 * possible score), the middle half (25th to 75th percentile), the median and the patient's marker.
 * A plain SVG (no chart library); the table under it says the same in numbers.
 */
export function PercentileChart({ d, color }: { d: Distribution; color: string }) {
  const span = d.maxValue - d.minValue || 1;
  const x = (value: number) => PAD + ((Math.min(d.maxValue, Math.max(d.minValue, value)) - d.minValue) / span) * (W - 2 * PAD);
  const score = formatScore(d.score);
  const rows: Array<[string, string]> = [
    [sessionsText('sessions.chart.min'), formatScore(d.minValue)],
    [sessionsText('sessions.chart.p25'), formatScore(d.percentile25th)],
    [sessionsText('sessions.chart.median'), formatScore(d.median)],
    [sessionsText('sessions.chart.p75'), formatScore(d.percentile75th)],
    [sessionsText('sessions.chart.max'), formatScore(d.maxValue)],
    ...(d.shareLower !== null && d.shareSame !== null
      ? ([
          [sessionsText('sessions.chart.lower'), formatShare(d.shareLower)],
          [sessionsText('sessions.chart.same'), formatShare(d.shareSame)],
          [sessionsText('sessions.chart.higher'), formatShare(Math.max(0, Math.round((100 - d.shareLower - d.shareSame) * 1e9) / 1e9))],
        ] as Array<[string, string]>)
      : []),
    [sessionsText('sessions.chart.patient'), sessionsText('sessions.chart.patientValue', { score, percentile: formatPercentile(d.percentile) })],
  ];

  return (
    <Box>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-labelledby="percentile-chart-title"
        style={{ maxWidth: W, display: 'block', overflow: 'visible' }}
      >
        <title id="percentile-chart-title">{sessionsText('sessions.chart.label', { score, percentile: formatPercentile(d.percentile) })}</title>
        {/* Full range of possible scores. */}
        <line x1={x(d.minValue)} x2={x(d.maxValue)} y1={AXIS_Y} y2={AXIS_Y} stroke="var(--mantine-color-gray-6)" strokeWidth={2} />
        <line x1={x(d.minValue)} x2={x(d.minValue)} y1={AXIS_Y - 8} y2={AXIS_Y + 8} stroke="var(--mantine-color-gray-6)" strokeWidth={2} />
        <line x1={x(d.maxValue)} x2={x(d.maxValue)} y1={AXIS_Y - 8} y2={AXIS_Y + 8} stroke="var(--mantine-color-gray-6)" strokeWidth={2} />
        {/* The middle half of the reference group. */}
        <rect
          x={x(d.percentile25th)}
          y={AXIS_Y - 12}
          width={Math.max(2, x(d.percentile75th) - x(d.percentile25th))}
          height={24}
          rx={3}
          fill="var(--mantine-color-blue-1)"
          stroke="var(--mantine-color-blue-8)"
          strokeWidth={1.5}
        />
        <line x1={x(d.median)} x2={x(d.median)} y1={AXIS_Y - 12} y2={AXIS_Y + 12} stroke="var(--mantine-color-blue-9)" strokeWidth={3} />
        {/* The patient. */}
        <line x1={x(d.score)} x2={x(d.score)} y1={AXIS_Y - 26} y2={AXIS_Y + 16} stroke="var(--mantine-color-dark-9)" strokeWidth={2} strokeDasharray="3 2" />
        <circle
          cx={x(d.score)}
          cy={AXIS_Y}
          r={8}
          fill={`var(--mantine-color-${color.replace('.', '-')})`}
          stroke="var(--mantine-color-dark-9)"
          strokeWidth={2}
        />
        <text x={x(d.score)} y={AXIS_Y - 30} textAnchor={anchor(x(d.score))} fontSize={15} fontWeight={600} fill="var(--mantine-color-dark-9)">
          {sessionsText('sessions.chart.marker', { score })}
        </text>
        <text x={x(d.minValue)} y={AXIS_Y + 32} textAnchor="start" fontSize={14} fill="var(--mantine-color-gray-8)">
          {formatScore(d.minValue)}
        </text>
        <text x={x(d.maxValue)} y={AXIS_Y + 32} textAnchor="end" fontSize={14} fill="var(--mantine-color-gray-8)">
          {formatScore(d.maxValue)}
        </text>
        {/* Beside the end labels there is no room: the table under the chart still has it. */}
        {x(d.median) - x(d.minValue) > 70 && x(d.maxValue) - x(d.median) > 70 && (
          <text x={x(d.median)} y={AXIS_Y + 32} textAnchor="middle" fontSize={14} fill="var(--mantine-color-blue-9)">
            {sessionsText('sessions.chart.medianShort')}
          </text>
        )}
      </svg>
      <Text size="xs" c="gray.7" mt={4}>
        {sessionsText('sessions.chart.legend')}
      </Text>
      <Table mt="sm" maw={480} withRowBorders verticalSpacing={4} fz="sm">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{sessionsText('sessions.chart.tableCaption')}</Table.Caption>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={500}>
                {label}
              </Table.Th>
              <Table.Td style={TABULAR_FIGURES}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** Labels near an edge grow inwards so they stay inside the drawing. */
function anchor(xPos: number): 'start' | 'middle' | 'end' {
  if (xPos < W * 0.15) return 'start';
  if (xPos > W * 0.85) return 'end';
  return 'middle';
}
