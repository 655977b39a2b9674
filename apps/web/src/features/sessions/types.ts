import type { GenotypeRow, Questionnaire, ResultComponent, ResultRef, SwabResult } from '@portal/contract';

export type { GenotypeRow, Questionnaire, ResultComponent, SwabResult };

/**
 * The result and component answers carry the genetics module's JSON as open records on the wire
 * (the contract's sessionsApi.result and .component): the portal reads them as these shapes.
 */
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

export type Question = Questionnaire['questions'][number];
export type Answer = Questionnaire['answers'][string];
