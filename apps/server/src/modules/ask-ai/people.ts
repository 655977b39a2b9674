/**
 * Is a question about someone other than this patient? Ask AI answers only about the patient whose
 * session it is (docs/decisions/026): a question that names another person, an e-mail address, or
 * other patients is declined, the same way whoever the name belongs to — so the answer never tells
 * whether a name is one of the practice's patients.
 *
 * A name is found three ways, none of which is the practice's patient list alone:
 * - the shape of a name: two capitalised words that are not medical or question words ('Nomsa
 *   Khumalo'), a title and a name ('Mrs Smit'), a capitalised possessive ('Johan's');
 * - a common first name, capitalised where it stands (@faker-js/faker's English and South African
 *   first-name lists: 'What does Johan take?');
 * - the names of the practice's other patients, in any case ('what does nomsa khumalo take').
 */
import { af_ZA, en, en_ZA, zu_ZA } from '@faker-js/faker';

/** Words a question may capitalise that are not names: question and pronoun words, and medical terms of art. */
const NOT_NAMES = new Set(
  `a an the and or but if is are was were be been do does did can could should would will may might must shall has have had
  what which who whom whose when where why how whether tell give list show explain summarise summarize please thanks thank
  she her hers he him his they them their it its this that these those i me my we our you your patient patients client
  any some all each every no not none other another ask ai cpic fda hla dna snp snps pgx pharmcat overview summary report
  vitamin mg dose doses medicine medicines drug drugs genotype gene genes result results risk safe okay ok yes
  monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september
  october november december mr mrs ms dr prof`.split(/\s+/),
);

let firstNames: Set<string> | null = null;
/** Common first names (English and South African lists), lower case, without the ones that are also words above. */
function commonFirstNames(): Set<string> {
  if (firstNames) return firstNames;
  const lists = [en, en_ZA, af_ZA, zu_ZA].flatMap((l) => Object.values(l.person?.first_name ?? {}).flat());
  firstNames = new Set(lists.map((n) => String(n).toLowerCase()).filter((n) => n.length > 2 && !NOT_NAMES.has(n)));
  return firstNames;
}

const words = (text: string) => [...text.matchAll(/[\p{L}][\p{L}'’-]*/gu)].map((m) => ({ word: m[0], at: m.index }));
const capitalised = (w: string) => /^\p{Lu}\p{Ll}/u.test(w);
const bare = (w: string) => w.replace(/['’]s$/i, '').toLowerCase();

export interface PeopleContext {
  /** This patient's own names (first, last): never someone else. */
  own: string[];
  /** The names of the practice's other patients. */
  others: string[];
  /** Words the question may use that are medical (drugs, genes, nutrients, classes): never names. */
  vocabulary: Set<string>;
}

/** The names the question gives someone other than this patient (empty: none found). */
export function othersNamed(question: string, ctx: PeopleContext): string[] {
  const own = new Set(ctx.own.flatMap((n) => n.toLowerCase().split(/\s+/)));
  const isOwn = (w: string) => own.has(bare(w));
  const medical = (w: string) => ctx.vocabulary.has(bare(w)) || NOT_NAMES.has(bare(w));
  const found = new Set<string>();
  // An e-mail address is someone.
  for (const m of question.matchAll(/[^\s@<>(),;]+@[^\s@<>(),;]+\.[^\s@<>(),;]+/g)) found.add(m[0]);
  const ws = words(question);
  const sentenceStart = (i: number) => i === 0 || /[.?!]\s*$/.test(question.slice(0, ws[i]!.at));
  ws.forEach(({ word }, i) => {
    if (isOwn(word) || medical(word)) return;
    const next = ws[i + 1]?.word;
    const prev = ws[i - 1]?.word;
    // Two capitalised words that are neither medical nor this patient's name: 'Nomsa Khumalo'.
    if (capitalised(word) && next && capitalised(next) && !medical(next) && !isOwn(next)) found.add(`${word} ${next}`);
    // A title: 'Mrs Smit', 'Dr Botha'.
    if (prev && /^(mr|mrs|ms|miss|dr|prof)\.?$/i.test(prev) && capitalised(word)) found.add(word);
    // A capitalised possessive ('Johan's results') or a common first name where a name stands.
    if (capitalised(word) && (/['’]s$/.test(word) || (commonFirstNames().has(bare(word)) && !sentenceStart(i)))) found.add(word.replace(/['’]s$/, ''));
  });
  // The practice's other patients, however they are written.
  const lower = ` ${question.toLowerCase().replace(/[^\p{L}\s'’-]/gu, ' ')} `;
  for (const name of ctx.others) {
    const n = name.trim().toLowerCase();
    if (n.length < 3 || own.has(n) || NOT_NAMES.has(n) || ctx.vocabulary.has(n)) continue;
    if (lower.includes(` ${n} `) || lower.includes(` ${n}'s `) || lower.includes(` ${n}’s `)) found.add(name);
  }
  return [...found];
}

/** Phrases that are about other people or the system whatever names they hold. */
const ABOUT_OTHERS = [
  /\b(other|another|all|every|any|list)\s+(patients?|people|clients?|users?|practitioners?|doctors?|persons?)\b/i,
  /\b(someone|somebody|anyone|anybody|everyone|everybody|who) else\b/i,
  /\b(previous|last|next|other|different|another|earlier)\s+(patient|person|client)s?\b/i,
  /\bpatients?\s+(seen\s+)?(before|after)\b/i,
  /\b(patients|users)\b[^.?!]*\b(names?|emails?|addresses|phone|list|data)\b/i,
];
export const aboutOthers = (question: string) => ABOUT_OTHERS.some((re) => re.test(question));
