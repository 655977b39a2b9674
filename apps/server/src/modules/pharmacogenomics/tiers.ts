/**
 * The action a CPIC recommendation asks for, read from CPIC's own words: the tier a drug verdict is
 * sorted and worded by (docs/decisions/021). The tier never replaces CPIC's text and classification,
 * which are shown beside it; it only says which of five kinds of advice the text is:
 *
 *   avoid     — do not use the drug, or use an alternative (contraindicated, not recommended, avoid …)
 *   adjust    — change the dose, monitor, or follow CPIC's precaution (avoid inhibitors, titrate …)
 *   usual     — use as usual per CPIC (the recommended, standard or label dose, nothing else asked)
 *   noAdvice  — CPIC gives no recommendation for this result
 *   notCovered — the knowledge base cannot answer (gene not tested, no score, no row …)
 *
 * The rule errs towards action: a text counts as `usual` only when every sentence of it is one of
 * the prescribe-as-usual or neutral sentences below, and one that says avoid, not recommended,
 * contraindicated or do not use is never `usual` (a test holds this over the whole shipped table).
 */
import { PGX_TIERS, type PgxTier } from '@portal/contract';
import { splitRecommendation } from './mapping';

export { PGX_TIERS, type PgxTier };

/** Words that put a text beyond `usual` wherever they stand. */
const STOP_WORDS = /\b(avoid|contraindicated|not recommended|do not use|should not be used)\b/i;

/**
 * The drug itself is not to be used (or an alternative is to be used instead), said in the text's
 * first sentence, or anywhere as contraindicated / not recommended / do not use. 'Avoid moderate and
 * strong CYP2D6 inhibitors' (tamoxifen) is about other drugs: a precaution, not this tier.
 */
const AVOID_ANYWHERE = /\b(contraindicated|(is|are) not recommended|do not use)\b/i;
const AVOID_FIRST = [
  /^avoid\b(?!\s+(moderate|strong|potent|concomitant|co-?administration)\b)/i,
  /\b(choose|select|use|prescribe) an alternative\b/i,
  /^(based on [\w\s]+?,\s*)?(for non-malignant conditions,\s*)?consider (an? )?(clinically appropriate )?alternative\b/i,
  /^consider a clinically appropriate (alternative )?antidepressant not predominantly metabolized/i,
  /^(if [^,]+,\s*)?do not use\b/i,
];

/** A sentence that asks for nothing but the usual prescription. */
const USUAL_SENTENCES = [
  /^initiate therapy with (the )?(recommended|standard) (starting dose|standard of care dosing|starting daily dose)( \([^)]*\))?\.?$/i,
  /^initiate (standard dosing|standard starting daily dose)\.?$/i,
  /^initiate [\w-]+ with standard dosing( \([^)]*\))?\.?$/i,
  /^use [\w\s-]+? per standard dosing guidelines\.?$/i,
  /^use [\w\s-]+? label[- ]recommended\b[^.;]*\bdos(e|ing|age)\.?$/i,
  /^use [\w-]+ according to the product label\.?$/i,
  /^if considering [\w-]+, use at standard dose( \([^)]*\))?\.?$/i,
  /^based on genotype, there is no indication to change dose or therapy\.?$/i,
  /^use label-recommended dosage and administration\.?$/i,
  /^no adjustments? (is |are )?needed from typical dosing strategies\.?$/i,
  /^(there is )?no (reason|need) to avoid (prescribing of )?[\w\s-]*?based on [\w\s-]+?( at standard doses)?\.?$/i,
  /^(based on [\w\s]+?,\s*)?prescribe (the )?desired starting dose and adjust doses\b[^.;]*based on disease-specific[^.;]*\.?$/i,
  /^(based on [\w\s]+?,\s*)?start with (the )?normal starting dose\b[^;]*?and adjust doses\b[^;]*?(based on disease-specific guidelines|without any special emphasis[^;]*?)\.?$/i,
];
/** Sentences that neither ask for a change nor for the usual prescription (a missing result, a timing note). */
const NEUTRAL_SENTENCES = [
  /^[A-Z0-9-]+ (genotype|phenotype) (result is not available|could not be assigned\b)[^;]*$/,
  /^allow (at least )?\d+(-\d+)? weeks? to reach steady[- ]state after each dose adjustment( \(PMID [^)]*\))?\.?$/i,
  /^subsequent doses should be adjusted according to therapeutic drug monitoring, response,? and side effects\.?$/i,
  /^in accordance with the (\w+ )?prescribing information, use the lowest effective dosage for shortest duration consistent with individual patient treatment goals\.?$/i,
  /^inform the patient that some patients stop atazanavir because of jaundice[^;]*but that this patient['’]s genotype makes this unlikely/i,
  // The usual vigilance, said of a negative HLA test: not a change from the usual prescription.
  /^an HLA-B\*15:02 negative test does not eliminate the risk of [\w-]+-induced SJS\/TEN,? and patients should be carefully monitored according to a usual standard\.?$/i,
];

/** CPIC's text in sentences: 'e.g.' and 'i.e.' do not end one (nor split it at their inner point). */
const sentencesOf = (text: string) =>
  text
    .replace(/\b(e\.g|i\.e|vs|approx)\./gi, (m) => m.replace(/\./g, '\u2024'))
    .split(/(?<=[.;])\s+(?=[A-Z(])/)
    .map((s) => s.replace(/\u2024/g, '.').trim())
    .filter(Boolean);

/** 'No reason to avoid …' and 'no need to avoid …' say the opposite of avoid. */
const withoutNegatedAvoid = (text: string) => text.replace(/\bno (reason|need) to avoid\b/gi, '');

/** The tier of one CPIC recommendation text (its 'Other Considerations' left aside) and classification. */
export function tierOf(recommendation: string | null | undefined, classification: string | null | undefined): PgxTier {
  const text = (recommendation ?? '').trim();
  if (!text) return 'notCovered';
  // 'n/a': CPIC's table has a row for the result but nothing to say (indeterminate statins' rows).
  if (/^no recommendation\b/i.test(text) || /^no recommendation$/i.test(classification ?? '') || /^n\/a\.?$/i.test(text)) return 'noAdvice';
  const { main } = splitRecommendation(text);
  const sentences = sentencesOf(main);
  if (AVOID_ANYWHERE.test(main) || AVOID_FIRST.some((re) => re.test(sentences[0] ?? ''))) return 'avoid';
  if (STOP_WORDS.test(withoutNegatedAvoid(main))) return 'adjust';
  const usual = sentences.length > 0 && sentences.every((s) => USUAL_SENTENCES.some((re) => re.test(s)) || NEUTRAL_SENTENCES.some((re) => re.test(s)));
  return usual && sentences.some((s) => USUAL_SENTENCES.some((re) => re.test(s))) ? 'usual' : 'adjust';
}

/** Most severe first: avoid, adjust, usual, noAdvice, notCovered. */
export const tierRank = (t: PgxTier) => PGX_TIERS.indexOf(t);
export const mostSevere = (tiers: PgxTier[]): PgxTier => tiers.reduce((a, b) => (tierRank(b) < tierRank(a) ? b : a), 'notCovered' as PgxTier);
