export interface SessionListParams {
  status: 1 | 2 | 3 | 4;
  search: string;
  limit: number;
  offset: number;
}

export const sessionKeys = {
  all: ['sessions'] as const,
  lists: () => [...sessionKeys.all, 'list'] as const,
  list: (params: SessionListParams) => [...sessionKeys.lists(), params] as const,
  counts: () => [...sessionKeys.all, 'counts'] as const,
  countsFor: (search: string) => [...sessionKeys.counts(), search] as const,
  details: () => [...sessionKeys.all, 'detail'] as const,
  detail: (id: string) => [...sessionKeys.details(), id] as const,
  /** Everything read from the patient's data under one session: results, components, questionnaires. */
  data: (id: string) => [...sessionKeys.all, 'data', id] as const,
  results: (id: string) => [...sessionKeys.data(id), 'results'] as const,
  result: (id: string, resultId: string) => [...sessionKeys.results(id), resultId] as const,
  component: (id: string, resultId: string, componentId: string) => [...sessionKeys.result(id, resultId), 'component', componentId] as const,
  questionnaires: (id: string) => [...sessionKeys.data(id), 'questionnaires'] as const,
  questionnaire: (id: string, questionnaireId: string) => [...sessionKeys.questionnaires(id), questionnaireId] as const,
  accessHistory: (id: string) => [...sessionKeys.all, 'access-history', id] as const,
};
