import { translator } from '../../i18n/i18n';

/** The Ask AI page's texts: they load with that page, not with the portal's first download. */
export const askAiMessagesEn = {
  'askAi.intro': "Ask about this patient. Answers are built only from the patient's own results, questionnaires and reports, and every statement links to its source.",
  'askAi.presets': 'Quick asks',
  'askAi.question': 'Your question',
  'askAi.ask': 'Ask',
  'askAi.generating': 'Writing the answer…',
  'askAi.answer': 'Answer',
  'askAi.declined': "The patient's records cannot answer this. Try one of the quick asks, or ask about a result, a medicine or a questionnaire answer.",
  'askAi.sources': 'Data used',
  'askAi.dataDate': 'Data as of {date}',
  'askAi.engine': 'Engine: {engine}',
  'askAi.source': 'Source {n}: {label}',
  'askAi.noCitation': 'No supporting record: read with care',
  'askAi.toJournal': 'Add to journal draft',
  'askAi.toJournal.done': 'Added to the journal draft.',
  'askAi.openJournal': 'Open the journal',
  'askAi.earlier': 'Earlier answers',
  'askAi.earlier.none': 'No earlier answers for this session.',
  'askAi.noAccess': "Ask AI uses the patient's data, which is available once the session is accepted and the patient has confirmed the data request, and no longer once the session is completed.",
  'askAi.kind.component': 'Genetic result',
  'askAi.kind.questionnaire': 'Questionnaire answer',
  'askAi.kind.pgx': 'Pharmacogenomic report',
  'askAi.kind.kit': 'Kit',
} as const;

export const at = translator(askAiMessagesEn);
