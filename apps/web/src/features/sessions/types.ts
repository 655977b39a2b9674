import type { GenotypeRow, ResultComponent, SwabResult } from '@portal/contract';

export type { GenotypeRow, ResultComponent, SwabResult };

/**
 * Shapes of the patient-data calls the contract leaves as records (results, components,
 * questionnaires); they mirror apps/server's genetics module (ResultComponent, GenotypeRow).
 */
export interface ResultRef {
  id: string;
  title: string;
  computedAt: string;
}

export interface ResultDetail extends ResultRef {
  engineVersion: string;
  data: { swab?: SwabResult };
}

export interface ComponentResponse {
  resultID: string;
  computedAt: string;
  /** The result is synthetic demo data. */
  synthetic: boolean;
  component: ResultComponent;
}

export interface Question {
  id: string;
  text: string;
  type: string;
  options?: string[];
}

export type Answer = string | string[];

export interface Questionnaire {
  id: number;
  category: string;
  description: string;
  createdAt: string;
  updatedAt: string;
  questions: Question[];
  answers: Record<string, Answer>;
  completedAt: string | null;
}

export interface Page<T> {
  results: T[];
  count: number;
  limit: number;
  offset: number;
}

/** A row of a patient's access history (GET /portal/sessions/{id}/access-history): the actor is 'you', 'the patient', 'the provider' or 'another practice (refused)'. */
export interface AccessHistoryRow {
  id: number;
  at: string;
  action: string;
  category: string;
  outcome: string;
  sourceIp: string | null;
  actor: string;
  sessionID: string | null;
  detail: string | null;
}
