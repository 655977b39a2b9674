import { translator } from '../../i18n/i18n';

/** The demo tour's texts, loaded with the tour. */
export const tourMessagesEn = {
  'tour.title': 'Demo tour',
  'tour.stepOf': 'Step {step} of {total}',
  'tour.back': 'Back',
  'tour.next': 'Next',
  'tour.finish': 'Finish the tour',
  'tour.skip': 'Skip the tour',
  'tour.demoData': 'Demo data: synthetic patients, for illustration only.',
  'tour.reopen': 'Demo tour',
  'tour.welcome.title': 'Welcome to the Practitioner Portal',
  'tour.welcome.text':
    'This short tour walks through the portal’s main screens, filled with demo data. Skip it whenever you like; you can open it again from the Course page.',
  'tour.sessions.title': 'My sessions',
  'tour.sessions.text':
    'Patients request sessions in the provider’s app. New requests wait under Pending sessions until you accept or reject them; rejecting cannot be undone.',
  'tour.session.title': 'A session',
  'tour.session.text':
    'A session’s overview gathers quick actions, highlights, the patient’s kit and packages. From here you request the patient’s data, which they confirm in their app.',
  'tour.results.title': 'Genotype results',
  'tour.results.text': 'Screening & Results lists every component with its level: Decreased, Average or Increased, always in words as well as in colour.',
  'tour.reports.title': 'Pharmaco reports',
  'tour.reports.text':
    'Quick view filters medicines by category, class or name; custom filtering builds filter groups. Each row shows the gene, the phenotype and the level of evidence (1 is the strongest).',
  'tour.journal.title': 'Journal',
  'tour.journal.text':
    'Write your notes for the patient. Save a draft as often as you like; submitting sends the notes to the patient and completes the session.',
  'tour.summary.title': 'Summary',
  'tour.summary.text': 'Once the provider has accepted your practice, Summary shows your latest transactions, such as data-request fees, due within 14 days.',
  'tour.warehouse.title': 'Warehousing and discount codes',
  'tour.warehouse.text': 'Accepted practices can register a consignment warehouse that stocks kits for their patients, and create discount codes.',
  'tour.course.title': 'The course',
  'tour.course.text':
    'Complete the onboarding course and pass its test with 80% or more. Your practice is listed in the patient app once it is accepted and the test is passed.',
} as const;

export type TourMessageKey = keyof typeof tourMessagesEn;
export const tourText = translator(tourMessagesEn);
