import { Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import { useReportDiseases } from '../api/get-report-diseases';
import { reportsText } from '../messages';
import { ReportPart } from './report-part';

/** The disease phenotypes the data names among the rows a custom filter selects. */
export function DiseasesList({ sessionId, query }: { sessionId: string; query: string }) {
  const diseases = useReportDiseases(sessionId, query);
  return (
    <ReportPart id="report-diseases-heading" title={reportsText('reports.diseases.heading')} query={diseases}>
      {(data) => (
        <>
          {data.results.length === 0 && <Text>{reportsText('reports.diseases.none')}</Text>}
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {data.results.map((d) => (
              <Card key={d.diseasePhenotype} withBorder component="article" aria-label={d.diseasePhenotype}>
                <Title order={3} size="h4">
                  {d.diseasePhenotype}
                </Title>
                <Text size="sm" c="dimmed">
                  {reportsText('reports.diseases.rows', { count: d.rows })}
                </Text>
                <Text size="sm" fw={600} mt="xs">
                  {reportsText('reports.diseases.drugs')}
                </Text>
                <List size="sm">
                  {d.drugs.map((drug) => (
                    <List.Item key={drug}>{drug}</List.Item>
                  ))}
                </List>
                <Text size="sm" mt="xs">
                  <Text span fw={600}>
                    {reportsText('reports.diseases.genes')}:
                  </Text>{' '}
                  {d.genes.join(', ')}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          {data.notStated > 0 && (
            <Text size="sm" c="dimmed">
              {reportsText('reports.diseases.notStated', { count: data.notStated })}
            </Text>
          )}
        </>
      )}
    </ReportPart>
  );
}
