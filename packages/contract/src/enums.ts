/** Session status (SPEC §4). */
export const SessionStatus = { REQUESTED: 1, ACCEPTED: 2, DECLINED: 3, COMPLETED: 4 } as const;
export type SessionStatus = (typeof SessionStatus)[keyof typeof SessionStatus];
export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  1: 'Session scheduled',
  2: 'Session accepted',
  3: 'Session declined',
  4: 'Session completed',
};
export const SESSION_LIST_TITLES = {
  1: 'Pending sessions',
  2: 'Accepted sessions',
  4: 'Completed sessions',
} as const;

/** Practitioner status (SPEC §4). */
export const PractitionerStatus = { CREATED: 1, ACCEPTED: 2, DECLINED: 3 } as const;
export type PractitionerStatus = (typeof PractitionerStatus)[keyof typeof PractitionerStatus];
export const PRACTITIONER_STATUS_LABELS: Record<PractitionerStatus, string> = {
  1: 'Awaiting review',
  2: 'Accepted',
  3: 'Declined',
};

/** Practitioner categories (SPEC §3; 'Nutricionist' spelled so). */
export const PRACTITIONER_CATEGORIES = [
  { id: 1, name: 'Resourcing Practitioner' },
  { id: 2, name: 'General Practitioner' },
  { id: 3, name: 'Nutricionist' },
] as const;

/** Journal statuses (SPEC §3). */
export const JournalStatus = { SAVED: 'Saved', SUBMITTED: 'Submitted' } as const;
export type JournalStatus = (typeof JournalStatus)[keyof typeof JournalStatus];

/** Generic progress (SPEC §4). */
export const Progress = { COMPLETED: 'completed', IN_PROGRESS: 'in progress', PENDING: 'pending' } as const;
export type Progress = (typeof Progress)[keyof typeof Progress];

/** Payment types (SPEC §9). */
export const PaymentType = { CREDIT_CARD: 1, PAYPAL: 2 } as const;
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];
export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = { 1: 'Credit card', 2: 'PayPal' };

/** Result levels (SPEC §3). */
export const ResultLevel = { LOW: 0, NORMAL: 1, HIGH: 2, NOT_PROCESSED: 3 } as const;
export type ResultLevel = (typeof ResultLevel)[keyof typeof ResultLevel];
export const RESULT_LEVEL_LABELS: Record<ResultLevel, string> = {
  0: 'Decreased',
  1: 'Average',
  2: 'Increased',
  3: 'Due to insufficient number of SNPs we were not able to calculate your genetic score',
};

/** Metabolizer speeds (SPEC §3). */
export const METABOLIZER_SPEEDS = ['poor', 'normal', 'intermediate', 'rapid'] as const;

/** Reports view ids (SPEC §9). */
export const ReportView = { QUICK: 1, CUSTOM: 2 } as const;

/** Level of evidence, 1 highest (SPEC §3, §9). */
export const LEVELS_OF_EVIDENCE = [1, 2, 3, 4] as const;

/** The 15 minerals in their fixed order (SPEC §3). */
export const MINERALS = [
  'Calcium',
  'Phosphorus',
  'Potassium',
  'Sodium',
  'Chloride',
  'Magnesium',
  'Iron',
  'Zinc',
  'Iodine',
  'Chromium',
  'Copper',
  'Fluoride',
  'Molybdenum',
  'Manganese',
  'Selenium',
] as const;

/** Token scopes carried by the access token. */
export const Scope = { PRACTITIONER: 'practitioner', PATIENT: 'patient' } as const;
export type Scope = (typeof Scope)[keyof typeof Scope];

/** Business constants (SPEC §9). */
export const LIMITS = {
  cookieDays: 30,
  toastMs: 3000,
  passwordMin: 8,
  dataRequestFeeDueDays: 14,
  bookingMinDays: 1,
  bookingMaxDays: 7,
  copyrightYear: 2022,
  sidebarWidth: 288,
  sidebarMinWidth: 240,
  sidebarBreakpoint: 540,
  mobileBreakpoint: 768,
  profileImageSize: 48,
  maxPageSize: 100,
} as const;
