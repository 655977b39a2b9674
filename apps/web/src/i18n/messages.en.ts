import { MESSAGES } from '@portal/contract';

/**
 * The English catalogue: every text the portal shows. Texts the product fixes (SPEC §8's
 * messages, catalogue codes) come from the contract, so web and server say the same words.
 */
export const messagesEn = {
  'app.name': 'Practitioner Portal',
  'app.documentTitle': '{title} | Practitioner Portal',

  'common.loading': 'Loading',
  'common.signIn': 'Sign in',
  'common.openPortal': 'Open the portal',
  'common.close': 'Close',
  'common.ok': 'OK',
  'common.reload': 'Reload the page',
  'common.newTab': '(opens in a new tab)',
  'common.notSet': 'Not set',

  'title.home': 'Home',
  'title.onboarding': 'Onboarding',
  'title.sessions': 'Sessions',
  'title.sessionDetails': 'Session Details',
  'title.overview': 'Overview',
  'title.genotypeResults': 'Genotype results',
  'title.result': 'Result',
  'title.questionnaires': 'Questionnaires',
  'title.journal': 'Journal',
  'title.pharmacoReports': 'Pharmaco reports',
  'title.askAi': 'Ask AI',
  'title.journals': 'Journals',
  'title.writeInJournal': 'Write in Journal',
  'title.editJournal': 'Edit Journal',
  'title.course': 'Course',
  'title.kits': 'Kits',
  'title.settings': 'Settings',
  'title.summary': 'Summary',
  'title.transactions': 'Transactions',
  'title.warehousing': 'Warehousing',
  'title.discountCodes': 'Discount codes',
  'title.confirmInvite': 'Confirm invite',
  'title.notFound': 'Page not found',

  'home.heading': 'Practitioner Portal',
  'home.lead':
    'The portal for health and genetics practitioners working with our genetic and health-testing service. Sign in to manage your practice and the patients who chose you.',
  'home.listHeading': 'What you can do here',
  'home.feature.sessions': 'Accept or reject patient session requests.',
  'home.feature.results': "Review a patient's genotype results, questionnaires and pharmaco reports.",
  'home.feature.journal': 'Write journal notes and submit them to the patient.',
  'home.feature.askAi': "Ask AI for a summary of a patient's data (not medical advice).",
  'home.feature.practice': 'Manage your practice, warehouse, kits and discount codes.',
  'home.feature.course': 'Complete the onboarding course and test, so your practice appears in the patient app.',
  'home.signInHint': 'Sign-in and account creation happen in the single sign-on app.',

  'public.footerLabel': 'Legal',
  'public.privacyPolicy': 'Privacy Policy',
  'public.termsAndConditions': 'Terms & Conditions',
  'public.portalTermsAndConditions': 'Portal Terms & Conditions',
  'public.contactUs': 'Contact us',

  'legal.version': 'Version {version}',
  'legal.effective': 'Effective {date}',
  'legal.pdf': 'Download the PDF version',

  'nav.label': 'Main navigation',
  'nav.profileImageAlt': 'Profile image of {name}',
  'nav.myPractice': 'My practice',
  'nav.summary': 'Summary',
  'nav.mySessions': 'My sessions',
  'nav.course': 'Course',
  'nav.kits': 'Kits',
  'nav.warehousing': 'Warehousing',
  'nav.discountCodes': 'Discount codes',
  'nav.settings': 'Settings',
  'nav.other': 'Other',
  'nav.journals': 'Journals',
  'nav.backToSessions': 'Back to sessions',
  'nav.session': 'Session',
  'nav.sessionPatient': 'Patient: {name}',
  'nav.overview': 'Overview',
  'nav.results': 'Results',
  'nav.reports': 'Reports',
  'nav.questionnaires': 'Questionnaires',
  'nav.askAi': 'Ask AI',
  'nav.notes': 'Notes',
  'nav.sessionJournal': 'Journal',
  // Worded apart from the page's own message, which a locked page shows in full.
  'nav.locked': 'available once your practice is accepted',
  'nav.logout': 'Logout',
  'nav.contactUs': 'Contact us',
  'nav.privacyPolicy': 'Privacy policy',
  'nav.termsAndConditions': 'Terms and conditions',
  'nav.copyright': '© {year} Practitioner Portal. All rights reserved.',
  'nav.open': 'Open navigation',
  'nav.close': 'Close navigation',

  'practitioner.notAccepted': MESSAGES.notAccepted,

  'terms.accept': 'Accept',
  'terms.signOut': 'Sign out',
  'terms.intro': 'Please read and accept the latest terms to continue using the portal.',
  'terms.loading': 'Loading the terms',
  'terms.htmlVersion': 'Read these terms as a web page',
  'terms.retry': 'Try again',
  'terms.offline': 'The terms load as soon as the connection is back.',
  'terms.acceptAfterShown': 'You can accept the terms once they are shown here.',

  'pdf.previous': 'Previous',
  'pdf.next': 'Next',
  'pdf.pageOf': 'Page {page} of {pages}',
  'pdf.loading': 'Loading the document',
  'pdf.failed': 'The document could not be shown.',
  'pdf.label': 'Document: {title}',

  'settings.intro': 'Your account details as the sign-on app holds them.',
  'settings.name': 'Name',
  'settings.email': 'Email',
  'settings.phone': 'Phone number',

  'invite.confirmedShort': 'Your invite is confirmed.',
  'invite.missingToken': 'This invite link is not valid: it carries no token.',

  'notFound.text': MESSAGES.notFoundPage,
  'notFound.home': 'Go to the home page',

  'modal.errorTitle': MESSAGES.errorModalTitle,
  'modal.successTitle': 'Success',

  'logout.failed': MESSAGES.logoutFailed,

  'offline.title': 'You are offline',
  'offline.text': 'Accepting, rejecting and other changes are held until the connection is back. Nothing you typed is lost.',
  skipLink: 'Skip to main content',
  'onboarding.home': 'Practitioner Portal, home page',

  'textArea.count': '{count} characters',
  'textArea.countMax': '{count} of {max} characters',
  'textArea.countMin': '{count} characters (at least {min})',
  'textArea.countMinMax': '{count} of {max} characters (at least {min})',

  // Pharmaco reports (issue 5): the pages' own texts load with them (features/reports/messages.ts).
  'title.attributions': 'Attributions',
  'public.attributions': 'Attributions',
} as const;

export type MessageKey = keyof typeof messagesEn;
