import { z } from 'zod';
import { zId } from './common';

/** Shown beside every answer, whatever the engine (SPEC §1). */
export const AI_DISCLAIMER =
  "This is not medical advice. It is generated from this patient's own records to support, not replace, your professional judgement. Check every statement against its source.";

/** The one sentence Ask AI answers to anything but this patient's own records (other patients, the system, instructions). */
export const AI_REFUSAL = "Ask AI answers only about this patient's own results, questionnaires and reports.";

/** The most words an answer's summary shows before 'Show all evidence'. */
export const AI_SUMMARY_WORDS = 200;
/** The most words of 'Questions to ask the patient'. */
export const AI_QUESTIONS_WORDS = 120;

/** Words as the summary's limit counts them: runs of letters, digits and the marks inside them ('CYP2C19', '*15:02', '25%'). */
export const countWords = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export const AI_PRESETS = {
  summary: 'Summary of results',
  nutrition: 'Nutrition focus areas',
  medicines: 'Medicines to review',
  questions: 'Questions to ask the patient',
} as const;
export type AiPreset = keyof typeof AI_PRESETS;

/** A question in the practitioner's own words: the Ask AI box checks it with this before sending. */
export const AskQuestionBody = z.strictObject({
  question: z.string().trim().min(3, { error: 'Minimum chars not reached' }).max(500, { error: 'Maximum chars exceeded' }),
});
export const AskBody = z.union([z.strictObject({ preset: z.enum(Object.keys(AI_PRESETS) as [AiPreset, ...AiPreset[]]) }), AskQuestionBody]);
export type AskBody = z.infer<typeof AskBody>;

/** A record of the patient's that an answer may cite, with the portal page that shows it. */
export const AiRecord = z.object({
  ref: z.string(),
  kind: z.enum(['component', 'questionnaire', 'pgx', 'kit']),
  label: z.string(),
  href: z.string(),
  date: z.string().nullable(),
});
export type AiRecord = z.infer<typeof AiRecord>;

export const AiStatement = z.object({
  text: z.string(),
  citations: z.array(z.string()),
});
export type AiStatement = z.infer<typeof AiStatement>;

export const AiAnswer = z.object({
  id: zId,
  sessionID: zId,
  preset: z.string().nullable(),
  question: z.string(),
  engine: z.string(),
  model: z.string().nullable(),
  dataDate: z.string().nullable(),
  createdAt: z.string(),
  declined: z.boolean(),
  /** The summary: what is shown first (at most AI_SUMMARY_WORDS words from the built-in engine). */
  statements: z.array(AiStatement),
  /** The rest, behind 'Show all evidence': the records' own words, each sentence once. */
  evidence: z.array(AiStatement),
  /** Why the engine named is not the one configured (the external engine failed and the built-in one answered). */
  note: z.string().nullable(),
  /** Citations the engine wrote that named no record: dropped from the statements, counted here. */
  droppedCitations: z.number().int(),
  /** The records the answer cites, each once. */
  records: z.array(AiRecord),
  disclaimer: z.string(),
});
export type AiAnswer = z.infer<typeof AiAnswer>;

export const AiAnswerSummary = AiAnswer.pick({ id: true, preset: true, question: true, engine: true, model: true, createdAt: true, declined: true });
