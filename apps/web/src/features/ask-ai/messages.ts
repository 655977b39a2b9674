import { translator } from '../../i18n/i18n';

/** The Ask AI page's texts: they load with that page, not with the portal's first download. */
export const askAiMessagesEn = {
  'askAi.intro':
    "Ask about this patient. Answers are built only from the patient's own results, questionnaires and reports, and every statement links to its source.",
  'askAi.presets': 'Quick asks',
  'askAi.question': 'Your question',
  'askAi.ask': 'Ask',
  'askAi.generating': 'Writing the answer…',
  'askAi.answer': 'Answer',
  'askAi.declined.hint': 'Try one of the quick asks, or ask about a result, a medicine or a questionnaire answer.',
  'askAi.evidence.show': 'Show all evidence ({n})',
  'askAi.evidence.hide': 'Hide the evidence',
  'askAi.dropped': '{n} of the engine’s citations named no record of this patient and were left out.',
  'askAi.sources': 'Data used',
  'askAi.dataDate': 'Data as of {date}',
  'askAi.engine': 'Engine: {engine}',
  'askAi.source': 'Source {n}: {label}',
  'askAi.moreSources': 'and {n} more under Data used',
  'askAi.noCitation': 'No supporting record: read with care',
  'askAi.toJournal': 'Add the ticked lines to the journal draft ({n})',
  'askAi.toJournal.hint':
    'Tick the summary lines the patient may read: they go into the draft as plain sentences, without sources or the disclaimer, and you can edit them before you submit.',
  'askAi.toJournal.done': 'Added to the journal draft: edit it there before you submit.',
  'askAi.pick': 'Add line {n} to the journal draft',
  'askAi.openJournal': 'Open the journal',
  'askAi.earlier': 'Earlier answers',
  'askAi.earlier.loadFailed': 'The earlier answers could not be loaded.',
  'askAi.earlier.none': 'No earlier answers for this session.',
  'askAi.noAccess':
    "Ask AI uses the patient's data, which is available once the session is accepted and the patient has confirmed the data request, and no longer once the session is completed.",
  'askAi.kind.component': 'Genetic result',
  'askAi.kind.questionnaire': 'Questionnaire answer',
  'askAi.kind.pgx': 'Pharmacogenomic report',
  'askAi.kind.kit': 'Kit',
} as const;

export const askAiText = translator(askAiMessagesEn);
