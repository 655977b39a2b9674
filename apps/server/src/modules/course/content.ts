/**
 * The onboarding course about the provider's products, and its test with the answer key. This file
 * stays on the server: the API sends lessons and questions, never `correct` before a submission.
 *
 * Lesson bodies use the small syntax the portal renders itself (## heading, - list item, > note,
 * **bold**, a blank line between paragraphs). Changing what a lesson teaches or what the test asks
 * bumps COURSE.version; progress is kept per lesson id, so keep ids stable.
 */

export interface LessonContent {
  id: string;
  title: string;
  minutes: number;
  body: string;
}

export interface ModuleContent {
  id: string;
  title: string;
  summary: string;
  lessons: LessonContent[];
}

export interface QuestionContent {
  id: string;
  /** The lesson that teaches the answer, offered for a question answered wrongly. */
  lessonId: string;
  text: string;
  options: Array<{ id: string; text: string }>;
  correct: string;
  explanation: string;
}

const MODULES: ModuleContent[] = [
  {
    id: 'genotype-results',
    title: 'Reading genotype results and their limits',
    summary: 'What the genetic scores in a patient’s results mean, how they are made, and what they cannot tell you.',
    lessons: [
      {
        id: 'what-a-result-is',
        title: 'What a genotype result is',
        minutes: 6,
        body: `The provider genotypes a cheek-swab sample on a **SNP array**: a chip that reads the patient's genotype at hundreds of thousands of known positions in the genome (single-nucleotide polymorphisms, SNPs). It is not whole-genome sequencing: positions the chip does not probe are not read at all.

## From SNPs to a score
Each result component (for example a vitamin or a mineral) is built from the SNPs that published studies associate with it. For every SNP the results show:
- **Effects & Alleles**: the SNP and the effect it is associated with
- **Genotype**: the two alleles the patient carries at that position
- **Effect Allele**: the allele associated with the effect
- **Effect Weight**: how strongly that allele moves the score, from the study's effect size

The weights of the effect alleles the patient carries are added into a genetic score, which is then placed against a reference population: the percentile, the mean, the median and the 25th to 75th percentile range you see on a component.

## Levels
The score's position gives the level shown on the component:
- **Decreased**: the score is low compared with the reference population (shown in red)
- **Average**: within the usual range (shown in yellow)
- **Increased**: the score is high (shown in green)

When too few of a component's SNPs could be read from the sample, no score is calculated and the component says: "Due to insufficient number of SNPs we were not able to calculate your genetic score". Treat that as "unknown", never as "average".

> Levels are always written out as text as well as shown in colour, so they read the same on any screen and printout.`,
      },
      {
        id: 'limits-of-scores',
        title: 'The limits of genetic scores',
        minutes: 7,
        body: `A genetic score describes a **predisposition**, not a measurement. An "Increased" vitamin D score says the patient's genotype is associated with a higher level compared with others; it says nothing about the level in their blood today.

## What a score cannot do
- **Diagnose.** The results are not a diagnostic test. Confirm any concern with the usual clinical and laboratory work-up (for example serum ferritin for iron status, 25-hydroxyvitamin D for vitamin D).
- **Outweigh the environment.** Diet, sun exposure, medicines, illness and life stage usually move a nutrient level far more than common variants do. Each SNP has a small effect.
- **See what the chip does not read.** Rare variants, and structural changes such as gene deletions and duplications, are largely invisible to a SNP array.
- **Fit every ancestry equally.** Most participants in the studies behind genetic scores have been of European ancestry. Scores can be less accurate for people of other ancestries, including African ancestry, which carries the greatest genetic diversity.

## Using results well
- Read a score together with the questionnaire answers, the history and examination.
- Do not start, stop or change a medicine on a nutrition score alone.
- Re-test when a result does not fit the clinical picture: sample mix-ups and failed reads happen.

> A genetic score can point you to what is worth checking. The check itself is still clinical.`,
      },
      {
        id: 'talking-about-results',
        title: 'Talking to patients about results',
        minutes: 5,
        body: `Patients often read "genetic" as "fixed" or "certain". How you explain a result shapes what they do with it.

## Words that help
- Say "your genes make a higher level **more likely**", not "you have a high level".
- Put the result next to what the patient can change: diet, supplements, activity, follow-up tests.
- Explain "Average" as "like most people", and an uncalculated score as "we could not tell from this sample".

## Things to keep in mind
- Genetic results can concern relatives too: a patient may want to talk to family before sharing them.
- Ask before discussing results in front of anyone else, including family members.
- Write what you discussed and agreed in the session journal, in plain language the patient can reread.`,
      },
    ],
  },
  {
    id: 'pharmacogenomics',
    title: 'Pharmacogenomics and CPIC levels',
    summary: 'How drug–gene results are derived, what the evidence levels mean, and how to use the pharmaco reports safely.',
    lessons: [
      {
        id: 'pharmacogenes-and-phenotypes',
        title: 'Pharmacogenes, star alleles and metabolizer phenotypes',
        minutes: 8,
        body: `Pharmacogenomics (PGx) looks at how a patient's genes change their response to medicines: how fast a drug is activated or cleared, how it reaches its target, and the risk of some adverse reactions.

## From genotype to phenotype
- Variants in a pharmacogene are grouped into **star alleles** (haplotypes). For CYP2C19, for example, *1 has normal function, *2 and *3 have no function, and *17 has increased function.
- The two alleles a patient carries form a **diplotype** (such as CYP2C19 *1/*2).
- The diplotype is translated into a **phenotype**. The reports use the metabolizer speeds **poor**, **intermediate**, **normal** and **rapid**.

## Genes you will meet often
- **CYP2C19**: clopidogrel, many SSRIs, proton-pump inhibitors, voriconazole
- **CYP2D6**: codeine and tramadol, tamoxifen, many antidepressants and antipsychotics
- **CYP2C9** and **VKORC1**: warfarin dosing; CYP2C9 also for some NSAIDs and phenytoin
- **SLCO1B1**: statin-associated muscle symptoms, especially with simvastatin
- **TPMT** and **NUDT15**: thiopurines (azathioprine, mercaptopurine)
- **DPYD**: fluoropyrimidines (fluorouracil, capecitabine)

## Phenoconversion
A genotype is not the whole story. A strong CYP2D6 inhibitor such as fluoxetine, paroxetine or bupropion can make a genetic normal metabolizer behave like a poor one. Always read a PGx result against the patient's current medicines.

> A CYP2D6 result from a SNP array may miss gene deletions and duplications, which change the phenotype. Interpret ultrarapid and poor calls with that in mind.`,
      },
      {
        id: 'cpic-levels',
        title: 'CPIC levels and levels of evidence',
        minutes: 7,
        body: `The **Clinical Pharmacogenetics Implementation Consortium (CPIC)** writes peer-reviewed guidelines on how to use a genetic test result, once it is available, to choose or dose a drug.

## CPIC levels for gene–drug pairs
- **Level A**: genetic information **should** be used to change prescribing of the affected drug.
- **Level B**: genetic information **could** be used to change prescribing, because alternative drugs or doses are extremely likely to be as effective and as safe.
- **Level C** and **Level D**: the evidence is weaker or conflicting, or the actions are unclear; no prescribing action is recommended.

CPIC writes guidelines for level A and B pairs. Within a guideline each recommendation also carries a strength: **strong**, **moderate** or **optional**.

## Examples of level A recommendations
- **Clopidogrel and CYP2C19**: for poor and intermediate metabolizers with an acute coronary syndrome or after a stent, use an alternative such as prasugrel or ticagrelor if there is no contraindication.
- **Codeine and CYP2D6**: avoid codeine in ultrarapid metabolizers (risk of morphine toxicity) and in poor metabolizers (little pain relief).
- **Thiopurines and TPMT/NUDT15**: reduce the starting dose in intermediate metabolizers, and reduce it drastically or choose another drug in poor metabolizers.

## Level of evidence in the reports
Each drug–gene association in the pharmaco reports carries a **level of evidence from 1 to 4, where 1 is the strongest**, in the same direction as PharmGKB's clinical annotation levels: level 1 associations appear in clinical guidelines or rest on strong, replicated evidence; level 4 rests on case reports or laboratory data only.

> Evidence level and recommendation strength tell you how much weight a result can carry. A level 3 or 4 association is a reason to be watchful, not a reason to change a prescription.`,
      },
      {
        id: 'using-the-reports',
        title: 'Using the pharmaco reports',
        minutes: 5,
        body: `The Reports page of a session has two views.

## Quick view
Filter by drug **category**, therapeutic **class** or **name**. At least one filter is needed before results are shown. Each row gives the generic name, the US and South African brand names, the gene, the phenotype category, the variant or haplotype and the patient's genotype against the reference and alternative alleles.

## Custom filtering
Build filter groups from phenotype category, specialty population, level of evidence and disease phenotype. At least two filters are needed before results can be generated, and at least three before diseases can be generated.

## Prescribing safely
- The report informs a prescribing decision; it does not make it. Check the current CPIC guideline and the package insert.
- Check interactions and phenoconversion (lesson "Pharmacogenes, star alleles and metabolizer phenotypes").
- Record in the session journal what you recommended and why, so the patient and their other clinicians can follow it.`,
      },
    ],
  },
  {
    id: 'journal-workflow',
    title: 'Sessions and the journal workflow',
    summary: 'How a session moves from a patient request to completion, and how journal notes reach the patient.',
    lessons: [
      {
        id: 'sessions-lifecycle',
        title: 'From session request to completion',
        minutes: 5,
        body: `Patients find listed practices in the provider's mobile app and request a session, booked **1 to 7 days** ahead.

## Session statuses
- **1 Session scheduled**: the patient asked; it waits in Pending sessions for you.
- **2 Session accepted**: you accepted; the session moves to Accepted sessions.
- **3 Session declined**: you rejected the request. Rejecting asks for confirmation and **cannot be undone**.
- **4 Session completed**: you submitted your journal notes to the patient.

Only the practitioner who owns a session can act on it or see it.

> Your practice appears in the patient app only when the provider has accepted it **and** you have passed this course's test.`,
      },
      {
        id: 'journal-notes',
        title: 'Writing and submitting journal notes',
        minutes: 6,
        body: `The journal holds your notes for a session, written for the patient.

## Saved and Submitted
- **Saved**: a draft. You can come back and edit it as often as you need.
- **Submitted**: the notes are sent to the patient, and the session is **completed** in the same step. After submitting you can **no longer see the patient's data**, so review everything you need first.

## Good notes
- Plain language the patient can reread at home; explain abbreviations.
- What you found, what you recommend, and what happens next (tests, referrals, follow-up).
- For medicines: the drug–gene result that informed the advice and its level of evidence.

## Ask AI
Ask AI writes a summary or recommendation from the patient's own results, questionnaires and reports. It is **not medical advice**: read it critically and use only what you would sign yourself.`,
      },
    ],
  },
  {
    id: 'data-and-consent',
    title: 'Data requests and consent',
    summary: 'How you gain access to a patient’s data, what it costs, and your duties when you hold it.',
    lessons: [
      {
        id: 'data-requests',
        title: 'Requesting patient data',
        minutes: 5,
        body: `Accepting a session does not open the patient's results. You **request the data**, and the patient confirms or declines in their mobile app.

## How it works
- One data request per session. Asking twice gives "You have already requested data for this user."
- If the patient confirms, the session proceeds and you see their genotype results, questionnaires and pharmaco reports for as long as the session is accepted.
- If the patient declines, you do not see the data. Respect the decision; you can still advise on what the patient tells you.

## The data-request fee
Each data request carries the agreed fee, payable to the provider **within 14 days** of the request. The fee appears in your Summary under Latest transactions.`,
      },
      {
        id: 'consent-and-popia',
        title: 'Consent, confidentiality and POPIA',
        minutes: 6,
        body: `Genetic results are health information, and health information is **special personal information** under the Protection of Personal Information Act (POPIA). The National Health Act and the HPCSA's ethical rules add a duty of confidentiality.

## In practice
- Use a patient's data only for the session they consented to, and only as much as you need.
- Do not copy results out of the portal into personal email, messaging apps or unmanaged devices.
- Ask before sharing anything with another clinician or a family member, and record that you asked.
- A patient may withdraw consent; stop using their data for anything new when they do.
- Report a suspected breach (a lost device, a message to the wrong person) to the provider straight away.

> The portal shows a patient's data only while the session is accepted and the data request confirmed. That protects the patient, and it protects you.`,
      },
    ],
  },
  {
    id: 'kits-and-warehouse',
    title: 'Kits and the warehouse',
    summary: 'How kits reach patients, how samples are collected, and what a consignment warehouse changes.',
    lessons: [
      {
        id: 'kits-and-samples',
        title: 'Kits and sample collection',
        minutes: 5,
        body: `A kit carries a unique **sample label** and one or more **collections**: a cheek swab for Nutrigenomics, a cheek swab for Pharmacogenomics, and the health questionnaire in the patient app.

## A kit's steps
In stock, Assigned, Sample received, Processing, Results available. A kit is assigned to **one session only**: assigning a kit that is already taken gives "You are trying to assign an already taken kit".

## A good sample
- No eating, drinking, smoking or chewing gum for 30 minutes before the swab.
- Rub the swab firmly on the inside of the cheek for the time the kit's leaflet gives, let it dry, and seal it in its tube.
- Check that the label on the tube matches the kit's sample label before it is sent.

Most failed reads, and so most "insufficient number of SNPs" results, come from a poor or contaminated sample.`,
      },
      {
        id: 'warehouse',
        title: 'Your consignment warehouse',
        minutes: 4,
        body: `Once the provider has accepted your practice you can register a **consignment warehouse**: a place where the provider keeps a stock of kits for your patients.

## Registering
The warehouse form asks for the name, contact person, contact number, street address, suburb, state, postal code and country. All eight are required.

## What changes
- With a warehouse, kits come through it: the **Kits** entry disappears from the sidebar and Warehousing shows your stock.
- **Discount codes** let you offer patients a price on kits, with options such as "Item requires shipping".
- Add your **payment details** in Settings (credit card or PayPal) so the provider can settle with you.

> Warehousing, Discount codes, Summary and payment details need an accepted practice: until then they are dimmed in the sidebar.`,
      },
    ],
  },
];

export const COURSE = {
  id: 'practitioner-onboarding',
  version: 1,
  title: 'Practitioner onboarding course',
  description:
    'The provider’s products and how to use them with patients: genotype results and their limits, pharmacogenomics, the journal workflow, data requests and consent, kits and the warehouse. Complete every lesson, then pass the test (80%) to have your practice listed in the patient app.',
  modules: MODULES,
} as const;

const q = (id: string, lessonId: string, text: string, options: string[], correctIndex: number, explanation: string): QuestionContent => {
  const ids = ['a', 'b', 'c', 'd'];
  return {
    id,
    lessonId,
    text,
    options: options.map((t, i) => ({ id: ids[i]!, text: t })),
    correct: ids[correctIndex]!,
    explanation,
  };
};

export const TEST_QUESTIONS: QuestionContent[] = [
  q(
    'score-meaning',
    'limits-of-scores',
    'A patient’s vitamin D component shows “Increased”. What does that tell you?',
    [
      'Their blood vitamin D level is high today',
      'Their genotype is associated with a higher level than most of the reference population',
      'They should stop any vitamin D supplement',
      'They have a vitamin D disorder',
    ],
    1,
    'A genetic score describes a predisposition compared with a reference population, not a measured level.',
  ),
  q(
    'insufficient-snps',
    'what-a-result-is',
    'A component says “Due to insufficient number of SNPs we were not able to calculate your genetic score”. How do you read it?',
    ['As Average', 'As Decreased', 'As unknown: too few of the component’s SNPs were read from the sample', 'As a sign of a rare genetic condition'],
    2,
    'No score was calculated, so the result is unknown. Often a poor sample is the cause.',
  ),
  q(
    'array-limits',
    'limits-of-scores',
    'Which of these can a SNP array miss?',
    ['Common SNPs on the chip', 'Rare variants and gene deletions or duplications', 'The patient’s sex chromosomes', 'Nothing: it reads the whole genome'],
    1,
    'An array reads only the positions it probes; rare variants and copy-number changes are largely invisible to it.',
  ),
  q(
    'clopidogrel',
    'cpic-levels',
    'A patient who has just had a coronary stent is a CYP2C19 poor metabolizer. What does the CPIC guideline recommend?',
    [
      'Standard-dose clopidogrel',
      'Double-dose clopidogrel',
      'An alternative such as prasugrel or ticagrelor if not contraindicated',
      'No antiplatelet therapy',
    ],
    2,
    'Poor metabolizers activate little clopidogrel; CPIC recommends an alternative antiplatelet (level A).',
  ),
  q(
    'cpic-level-a',
    'cpic-levels',
    'What does CPIC level A mean for a gene–drug pair?',
    [
      'Genetic information should be used to change prescribing of the drug',
      'There is no evidence for the pair',
      'The drug is banned for some genotypes',
      'Only case reports support the pair',
    ],
    0,
    'Level A: genetic information should be used to change prescribing; level B: it could be.',
  ),
  q(
    'evidence-scale',
    'cpic-levels',
    'In the pharmaco reports, which level of evidence is the strongest?',
    ['1', '2', '3', '4'],
    0,
    'Levels run from 1 to 4, and 1 is the strongest.',
  ),
  q(
    'phenoconversion',
    'pharmacogenes-and-phenotypes',
    'A CYP2D6 normal metabolizer takes paroxetine daily. Why does that matter for codeine?',
    [
      'It does not matter: the genotype decides',
      'Paroxetine strongly inhibits CYP2D6, so the patient may behave like a poor metabolizer',
      'Paroxetine makes codeine work faster',
      'Paroxetine changes the patient’s genotype',
    ],
    1,
    'Strong CYP2D6 inhibitors cause phenoconversion: the phenotype changes while the genotype stays the same.',
  ),
  q(
    'journal-submit',
    'journal-notes',
    'What happens when you submit the journal notes of a session?',
    [
      'Nothing until the patient reads them',
      'The notes stay a draft you can edit later',
      'The notes go to the patient, the session is completed, and you can no longer see the patient’s data',
      'The session goes back to Pending sessions',
    ],
    2,
    'Submitting sends the notes and completes the session in one step; the patient’s data closes to you.',
  ),
  q(
    'data-access',
    'data-requests',
    'When can you see a patient’s genotype results?',
    [
      'As soon as they request a session',
      'When the session is accepted and the patient has confirmed your data request in their app',
      'After the session is completed',
      'Whenever the patient is listed in your sessions',
    ],
    1,
    'Data opens only while the session is accepted and the data request confirmed.',
  ),
  q(
    'fee-deadline',
    'data-requests',
    'By when must the data-request fee be paid to the provider?',
    ['Within 7 days of the request', 'Within 14 days of the request', 'When the session is completed', 'At the end of the year'],
    1,
    'The agreed fee is due within 14 days of the data request.',
  ),
  q(
    'popia',
    'consent-and-popia',
    'Under POPIA, a patient’s genetic results are…',
    [
      'Public information once tested',
      'Special personal information, to be processed only on a lawful ground such as consent and kept confidential',
      'The provider’s property, free to share',
      'Not personal information',
    ],
    1,
    'Health information, including genetic results, is special personal information under POPIA.',
  ),
  q(
    'kit-once',
    'kits-and-samples',
    'How many sessions can one kit be assigned to?',
    ['One', 'Two', 'Any number', 'One per collection'],
    0,
    'A kit serves one session; assigning a taken kit gives “You are trying to assign an already taken kit”.',
  ),
];

export const ALL_LESSONS = MODULES.flatMap((m) => m.lessons.map((l) => ({ ...l, moduleId: m.id, moduleTitle: m.title })));
