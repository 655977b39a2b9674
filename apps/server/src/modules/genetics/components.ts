/**
 * The result components the portal shows for a nutrigenomics swab (SPEC §3): the 15 minerals in
 * their fixed order and the vitamins, their texts, and computeResults, which turns a raw genotype
 * file into the full swab result.
 */
import type { FurtherReading, NotProcessedReason, Reference, ResultComponent, SwabResult } from '@portal/contract';
import { MINERALS, RESULT_LEVEL_LABELS, ResultLevel, SHARED_SCORE_SHOWN_FROM, cutOffStraddled } from '@portal/contract';
import { isPossiblyPalindromic, loadGeneticsData, type GeneticsData, type PanelRow } from './panel';
import { levelForPercentile, placement, referenceStats } from './reference';
import { parseRawGenotypes, scoreComponent, type GenotypeRow, type ScoringFile } from './scoring';

/** Title of the swab component that groups minerals and vitamins. */
export const SWAB_TITLE = 'Nutrigenomics swab';

/** Stored with every result (results.engine_version) so results can be recomputed after a change. */
export const ENGINE_VERSION = 'nutrigenomics-1.2.0';

/** Shown on every component: the only frequencies available are the European discovery cohorts'. */
export const ANCESTRY_CAVEAT =
  'Percentiles compare this score with the European-ancestry discovery cohort of the original studies, using its published allele frequencies; frequencies for other ancestries were not available. Allele frequencies, and sometimes the effects themselves, differ between ancestries, so for people of non-European ancestry - especially African ancestry - the percentile and the Decreased/Average/Increased category may be misleading.';

/** Static texts for one component; `panelComponent` names its rows in panel.tsv and its scoring file. */
export interface ComponentDefinition {
  componentID: string;
  title: string;
  kind: 'mineral' | 'vitamin';
  panelComponent: string | null;
  /** False for the README's NOT_PROCESSED list: no established, weightable SNPs exist. */
  hasEstablishedSnps: boolean;
  /** Plain-English: what the nutrient or biomarker is and does. */
  description: string;
  /** General, commonly described signs of low or high levels (information, not diagnosis). */
  signs: string[];
  /** Recommendation text per level, written for the practitioner about the patient; non-prescriptive. */
  recommendations: Record<ResultLevel, string>;
  /** The cohort whose allele frequencies form the reference distribution. */
  referenceCohort: string | null;
  /** The paper that reports the reference cohort's allele frequencies; its citation defaults to the panel's. */
  referenceSource: { pmid: string; citation?: string } | null;
  /** Component-specific caveats appended to the generated technical text. */
  technicalNote: string;
}

/** A catalogue entry with the parts derived from the shipped data. */
export interface CatalogueEntry extends ComponentDefinition {
  genes: string[];
  /** The papers of the SNPs the score uses and the source of its reference population. */
  references: Reference[];
  /** The component's other papers in the panel, each with why the score leaves it out. */
  furtherReading: FurtherReading[];
  letsGetTechnical: string;
}

/** SPEC §3: vitamins are the components whose title contains 'Vitamin' but not '(skincare related)'. */
export function isVitaminTitle(title: string): boolean {
  return title.includes('Vitamin') && !title.includes('(skincare related)');
}

interface Texts {
  componentID: string;
  title: string;
  kind: 'mineral' | 'vitamin';
  panelComponent: string | null;
  hasEstablishedSnps: boolean;
  /** The nutrient's name inside a sentence, e.g. 'vitamin D'. */
  name: string;
  description: string;
  foods: string;
  signs: string[];
  referenceCohort?: string;
  referenceSource?: { pmid: string; citation?: string };
  technicalNote: string;
  lowNote?: string;
  highNote?: string;
}

const NO_SNPS = (what: string) =>
  `No genetic variant with an established, published per-allele effect on ${what} was available in the sources used (GWAS Catalog, MR-Base, primary papers), so no genetic score is calculated.`;
const NO_FREQUENCIES =
  'No allele frequencies were reported in the sources reached, so the score cannot be placed on a reference distribution and is not shown.';

const TEXTS: Texts[] = [
  {
    componentID: 'calcium',
    title: 'Calcium',
    kind: 'mineral',
    panelComponent: 'calcium',
    hasEstablishedSnps: true,
    name: 'calcium',
    description:
      'Calcium is the most abundant mineral in the body. Almost all of it is stored in bones and teeth; the small amount in the blood is needed for muscle contraction, nerve signals, blood clotting and a steady heartbeat, and hormones (parathyroid hormone and vitamin D) keep it within a narrow range.',
    foods: 'dairy products, calcium-set tofu, fortified plant drinks, tinned fish with soft bones and green vegetables such as kale',
    signs: [
      'Low blood calcium can cause muscle cramps or spasms and tingling in the fingers or around the mouth.',
      'High blood calcium can cause thirst, frequent urination, constipation and tiredness.',
    ],
    referenceCohort: "O'Seaghdha 2013 discovery cohorts, 39\u00a0400 people",
    referenceSource: { pmid: '24068962' },
    technicalNote:
      "rs1550532's other allele is not confirmed and it may be a C/G SNP: a heterozygote there counts one copy of C on either strand, but CC and GG cannot be told from each other's complement and are not used. rs17711722 (VKORC1L1) is left out: it was not among the replicated loci.",
  },
  {
    componentID: 'phosphorus',
    title: 'Phosphorus',
    kind: 'mineral',
    panelComponent: 'phosphorus',
    hasEstablishedSnps: true,
    name: 'phosphorus',
    description:
      'Phosphorus, mostly present as phosphate, works with calcium to build bones and teeth and is part of DNA, cell membranes and ATP, the molecule cells use to store energy. The kidneys, parathyroid hormone, vitamin D and FGF23 regulate its level in the blood.',
    foods: 'dairy products, meat, fish, eggs, nuts, legumes and whole grains',
    signs: [
      'Low phosphate can cause muscle weakness, bone pain and tiredness.',
      'High phosphate usually causes no symptoms; it matters mostly in kidney disease.',
    ],
    referenceCohort: 'Kestenbaum 2010 discovery cohorts, 16\u00a0264 people',
    referenceSource: { pmid: '20558539' },
    technicalNote:
      'All five SNPs are lower confidence: the alleles are as recorded in the GWAS Catalog and their forward-strand orientation is not verified (for rs1697421 two sources may disagree on strand). Like every SNP they are read on the forward strand first, then on the opposite one, which assumes the recorded letters are forward. Effects are rounded to 2 decimals in the source.',
  },
  {
    componentID: 'potassium',
    title: 'Potassium',
    kind: 'mineral',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'potassium',
    description:
      'Potassium is the main mineral inside cells. It keeps fluids in balance and is essential for nerve signals, muscle contraction and a steady heart rhythm; the kidneys keep blood potassium in a narrow range.',
    foods: 'fruit and vegetables such as bananas, potatoes, beans and leafy greens, and nuts',
    signs: ['Low potassium can cause weakness, cramps, constipation and palpitations.', 'High potassium can cause weakness and an irregular heartbeat.'],
    technicalNote: NO_SNPS('blood potassium'),
  },
  {
    componentID: 'sodium',
    title: 'Sodium',
    kind: 'mineral',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'sodium',
    description:
      'Sodium is the main mineral in the fluid outside cells. It controls fluid balance and blood volume and is needed for nerves and muscles to work; most sodium in the diet comes from salt.',
    foods: 'table salt and processed foods (most people eat more than they need)',
    signs: [
      'Low blood sodium can cause headache, nausea, confusion and tiredness.',
      'High blood sodium, usually from dehydration, can cause thirst and confusion.',
    ],
    technicalNote: NO_SNPS('blood sodium'),
  },
  {
    componentID: 'chloride',
    title: 'Chloride',
    kind: 'mineral',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'chloride',
    description: "Chloride works with sodium to keep the body's fluid and acid-base balance, and the stomach uses it to make stomach acid.",
    foods: 'table salt and salted foods',
    signs: ['Blood chloride usually changes together with sodium and with acid-base balance, for example with dehydration or prolonged vomiting.'],
    technicalNote: NO_SNPS('blood chloride'),
  },
  {
    componentID: 'magnesium',
    title: 'Magnesium',
    kind: 'mineral',
    panelComponent: 'magnesium',
    hasEstablishedSnps: true,
    name: 'magnesium',
    description:
      'Magnesium takes part in hundreds of enzyme reactions, including energy production, muscle and nerve function, blood-sugar control and bone structure. Most of it is stored in bone and inside cells; the blood holds only a small part.',
    foods: 'nuts, seeds, whole grains, legumes and green leafy vegetables',
    signs: [
      'Low magnesium can cause muscle cramps or twitches, tiredness and an irregular heartbeat.',
      'High magnesium is rare and mostly comes from supplements or laxatives in kidney disease; it can cause nausea, flushing and low blood pressure.',
    ],
    referenceCohort: 'Meyer 2010, CHARGE consortium discovery cohorts, 15\u00a0366 people',
    referenceSource: { pmid: '20700443' },
    technicalNote:
      'Weights are the midpoints of the 95% confidence intervals recorded in the GWAS Catalog (its point values are rounded). All six effect alleles lower serum magnesium; their other alleles are not confirmed.',
  },
  {
    componentID: 'iron',
    title: 'Iron',
    kind: 'mineral',
    panelComponent: 'iron',
    hasEstablishedSnps: true,
    name: 'iron',
    description:
      'Iron is part of haemoglobin, which carries oxygen in red blood cells, and of enzymes that produce energy. The body has no active way to get rid of iron, so it tightly controls how much the gut absorbs.',
    foods:
      'red meat, poultry, fish, legumes, fortified cereals and dark green vegetables (vitamin C eaten at the same meal helps the body absorb iron from plants)',
    signs: [
      'Low iron can cause tiredness, pale skin, shortness of breath and brittle nails (iron-deficiency anaemia).',
      'Iron overload can cause tiredness, joint pain and abdominal pain, and over years can damage the liver, heart and pancreas.',
    ],
    referenceCohort: 'Genetics of Iron Status consortium, Benyamin 2014, 23\u00a0986 people',
    referenceSource: { pmid: '25352340' },
    technicalNote:
      'Weights are standard deviations of serum iron per allele. rs1799945 (HFE H63D) is a C/G SNP whose strand cannot be checked, so at most 5 of the 6 SNPs can be read. TF rs3811647 is left out (different units; same locus as rs8177240). The second TMPRSS6 SNP rs228916 may not be fully independent of rs855791. Two copies of HFE C282Y (rs1800562 A) are the main genetic cause of hereditary haemochromatosis; that diagnosis needs blood tests and clinical assessment, not this score.',
    highNote: 'Iron overload conditions such as haemochromatosis are diagnosed with blood tests, not with this score.',
  },
  {
    componentID: 'zinc',
    title: 'Zinc',
    kind: 'mineral',
    panelComponent: 'zinc',
    hasEstablishedSnps: true,
    name: 'zinc',
    description: 'Zinc is needed by many enzymes and for immune function, wound healing, growth, taste and smell, and for making proteins and DNA.',
    foods: 'meat, shellfish (especially oysters), legumes, seeds, nuts and dairy products',
    signs: [
      'Low zinc can cause frequent infections, slow wound healing, hair loss and a reduced sense of taste or smell.',
      'Too much zinc from supplements can cause nausea and, over time, copper deficiency.',
    ],
    technicalNote: `${NO_FREQUENCIES} rs4826508 (lower confidence) is on the X chromosome. All three SNPs come from one discovery study of 2\u00a0603 people.`,
  },
  {
    componentID: 'iodine',
    title: 'Iodine',
    kind: 'mineral',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'iodine',
    description:
      'Iodine is used by the thyroid gland to make thyroid hormones, which set the pace of metabolism and are essential for growth and brain development.',
    foods: 'iodised salt, fish and seafood, seaweed, dairy products and eggs',
    signs: ['Low iodine can cause an enlarged thyroid (goitre), tiredness, weight gain and feeling cold.', 'Too much iodine can also upset thyroid function.'],
    technicalNote: NO_SNPS('iodine status'),
  },
  {
    componentID: 'chromium',
    title: 'Chromium',
    kind: 'mineral',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'chromium',
    description: 'Chromium is a trace mineral thought to help insulin act on cells; how much the body needs is still debated.',
    foods: 'whole grains, meat, broccoli and nuts',
    signs: ['Deficiency is rare; it has been linked with poorer blood-sugar control.'],
    technicalNote: NO_SNPS('chromium levels'),
  },
  {
    componentID: 'copper',
    title: 'Copper',
    kind: 'mineral',
    panelComponent: 'copper',
    hasEstablishedSnps: true,
    name: 'copper',
    description:
      "Copper is part of enzymes that handle iron, produce energy, build connective tissue and make pigment and nerve-signalling chemicals, and of the body's antioxidant defences.",
    foods: 'shellfish, liver, nuts, seeds, whole grains and cocoa',
    signs: [
      'Low copper can cause anaemia, a low white-cell count and numbness or balance problems.',
      'Copper overload is rare (for example in Wilson disease) and affects the liver and nervous system.',
    ],
    technicalNote: `${NO_FREQUENCIES} rs1175550 is also a red-cell trait SNP (SMIM1), so it may act through red-cell indices. Both SNPs come from one discovery study of 2\u00a0603 people.`,
  },
  {
    componentID: 'fluoride',
    title: 'Fluoride',
    kind: 'mineral',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'fluoride',
    description: 'Fluoride strengthens tooth enamel and is built into bone; most intake comes from drinking water, tea and toothpaste.',
    foods: 'fluoridated water and tea (toothpaste acts on the teeth directly)',
    signs: [
      'Low fluoride intake is linked with more tooth decay.',
      'Too much fluoride while teeth are forming causes white marks on the enamel (dental fluorosis).',
    ],
    technicalNote: NO_SNPS('fluoride levels'),
  },
  {
    componentID: 'molybdenum',
    title: 'Molybdenum',
    kind: 'mineral',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'molybdenum',
    description: 'Molybdenum is a trace mineral that enzymes use to break down sulphur-containing amino acids, purines and some drugs and toxins.',
    foods: 'legumes, whole grains and nuts',
    signs: ['Deficiency is extremely rare in people who eat a normal diet.'],
    technicalNote: NO_SNPS('molybdenum levels'),
  },
  {
    componentID: 'manganese',
    title: 'Manganese',
    kind: 'mineral',
    panelComponent: 'manganese',
    hasEstablishedSnps: false,
    name: 'manganese',
    description:
      'Manganese is a trace mineral used by enzymes for bone formation, for handling carbohydrates, amino acids and cholesterol, and for antioxidant defence.',
    foods: 'whole grains, nuts, legumes, tea and leafy vegetables',
    signs: [
      'Deficiency is rare.',
      "Too much manganese, mostly from breathing it in at work or from liver disease, can cause movement problems resembling Parkinson's disease.",
    ],
    technicalNote:
      'Two variants (SLC39A8 rs13107325, SLC30A10 rs1776029) come from a single small study of whole-blood manganese (Ng 2015, 949 people) whose abstract does not name the effect alleles, so they cannot be scored until replicated data are available.',
  },
  {
    componentID: 'selenium',
    title: 'Selenium',
    kind: 'mineral',
    panelComponent: 'selenium',
    hasEstablishedSnps: true,
    name: 'selenium',
    description:
      'Selenium is built into selenoproteins, which protect cells from oxidative damage and are needed to activate thyroid hormone and for immune function.',
    foods: 'Brazil nuts, fish and seafood, meat, eggs and whole grains',
    signs: [
      'Low selenium has been linked with weaker immunity and thyroid problems.',
      'Too much selenium can cause garlic-smelling breath, hair loss and brittle nails.',
    ],
    referenceCohort: 'Cornelis 2015 toenail and blood selenium studies, European ancestry',
    // The panel's eaf_source: both frequencies are Cornelis 2015's (its notes give the PMID).
    referenceSource: { pmid: '25343990', citation: 'Cornelis 2015 (Hum Mol Genet; toenail and blood selenium, n=9,639 EUR)' },
    technicalNote:
      'Weights are standard deviations of blood selenium per allele (Evans 2013). rs7700970 (BHMT, lower confidence) lies in the same chromosome 5q14 region as rs921943 (DMGDH); their independence is not verified.',
    highNote: 'Selenium is harmful in excess, so high-dose supplements are best avoided without a clinical reason.',
  },
  {
    componentID: 'vitamin-a',
    title: 'Vitamin A',
    kind: 'vitamin',
    panelComponent: 'vitamin_A',
    hasEstablishedSnps: true,
    name: 'vitamin A',
    description:
      'Vitamin A (retinol and related compounds) is needed for vision in dim light, healthy skin and mucous membranes, immune function and growth. Animal foods provide it as retinol; plants provide beta-carotene, which the body converts.',
    foods: 'liver, eggs and dairy products (retinol), and orange and dark green vegetables such as carrots, sweet potato and spinach (beta-carotene)',
    signs: [
      'Low vitamin A can cause poor night vision, dry eyes and skin and frequent infections.',
      'Too much preformed vitamin A (supplements, liver) can cause headache, nausea and liver damage, and is harmful in pregnancy.',
    ],
    referenceCohort: 'Mondul 2011 discovery cohorts (ATBC and PLCO men), 5\u00a0006 people',
    referenceSource: { pmid: '21878437' },
    technicalNote:
      'Both SNPs are lower confidence: the units recorded in the GWAS Catalog are unverified and the other alleles are not confirmed. The TTR SNP rs1667255 was found in men and not replicated in women. BCO1 (beta-carotene conversion) variants are not included: they change beta-carotene, not blood retinol.',
  },
  {
    componentID: 'vitamin-b1',
    title: 'Vitamin B1 (thiamine)',
    kind: 'vitamin',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'vitamin B1',
    description: 'Vitamin B1 (thiamine) helps turn carbohydrates into energy and is essential for nerve and heart function.',
    foods: 'whole grains, pork, legumes, seeds and fortified cereals',
    signs: [
      'Low thiamine can cause tiredness, irritability and numbness in the hands and feet; severe deficiency (for example with heavy alcohol use) affects the heart and brain.',
    ],
    technicalNote: NO_SNPS('thiamine status'),
  },
  {
    componentID: 'vitamin-b2',
    title: 'Vitamin B2 (riboflavin)',
    kind: 'vitamin',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'vitamin B2',
    description: 'Vitamin B2 (riboflavin) forms the coenzymes FAD and FMN, which cells use to produce energy and to activate other B vitamins.',
    foods: 'dairy products, eggs, meat, mushrooms, almonds and fortified cereals',
    signs: ['Low riboflavin can cause cracks at the corners of the mouth, a sore tongue and a sore throat.'],
    technicalNote: NO_SNPS('riboflavin status'),
  },
  {
    componentID: 'vitamin-b3',
    title: 'Vitamin B3 (niacin)',
    kind: 'vitamin',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'vitamin B3',
    description:
      'Vitamin B3 (niacin) forms NAD and NADP, coenzymes for hundreds of reactions in energy metabolism and DNA repair; the body can also make some from the amino acid tryptophan.',
    foods: 'meat, poultry, fish, peanuts, whole grains and legumes',
    signs: [
      'Severe deficiency (pellagra) causes skin rash, diarrhoea and confusion.',
      'High-dose supplements can cause flushing and, over time, liver problems.',
    ],
    technicalNote: NO_SNPS('niacin status'),
  },
  {
    componentID: 'vitamin-b5',
    title: 'Vitamin B5 (pantothenic acid)',
    kind: 'vitamin',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'vitamin B5',
    description:
      'Vitamin B5 (pantothenic acid) is part of coenzyme A, which the body needs to make and break down fats and to produce energy and some hormones.',
    foods: 'meat, eggs, whole grains, mushrooms and avocado (it is found in most foods)',
    signs: ['Deficiency is very rare; it can cause numbness and burning feet.'],
    technicalNote: NO_SNPS('pantothenic acid status'),
  },
  {
    componentID: 'vitamin-b6',
    title: 'Vitamin B6',
    kind: 'vitamin',
    panelComponent: 'vitamin_B6',
    hasEstablishedSnps: true,
    name: 'vitamin B6',
    description:
      "Vitamin B6, whose active form in the blood is pyridoxal 5'-phosphate (PLP), is a coenzyme for more than 100 enzymes, mostly in protein and amino-acid metabolism, and is needed to make neurotransmitters and haemoglobin.",
    foods: 'poultry, fish, potatoes, chickpeas, bananas and fortified cereals',
    signs: [
      'Low vitamin B6 can cause cracked lips, a sore tongue, low mood and anaemia.',
      'Long-term high-dose supplements can damage nerves, causing numbness.',
    ],
    referenceCohort: 'Tanaka 2009 discovery cohorts (InCHIANTI, SardiNIA, BLSA)',
    referenceSource: { pmid: '19303062' },
    technicalNote:
      'One SNP near ALPL, the gene of an enzyme that breaks down PLP; its other allele T is from curator knowledge and not verified. A single SNP gives a score with only three possible values.',
  },
  {
    componentID: 'vitamin-b7',
    title: 'Vitamin B7 (biotin)',
    kind: 'vitamin',
    panelComponent: null,
    hasEstablishedSnps: false,
    name: 'vitamin B7',
    description: 'Vitamin B7 (biotin) is a coenzyme for carboxylase enzymes that handle fats, carbohydrates and amino acids.',
    foods: 'cooked eggs, nuts, seeds, liver and sweet potato',
    signs: ['Deficiency is rare; it can cause thinning hair, a scaly rash and brittle nails.'],
    technicalNote: NO_SNPS('biotin status'),
  },
  {
    componentID: 'vitamin-b9',
    title: 'Vitamin B9 (folate)',
    kind: 'vitamin',
    panelComponent: 'folate',
    hasEstablishedSnps: false,
    name: 'folate',
    description:
      'Folate (vitamin B9) carries the one-carbon units the body needs to make DNA and to recycle homocysteine into methionine; it is especially important for cell division and in early pregnancy.',
    foods: 'leafy green vegetables, legumes, citrus fruit and fortified cereals and bread',
    signs: [
      'Low folate can cause tiredness, anaemia with large red cells and mouth sores; low folate in early pregnancy raises the risk of neural tube defects.',
    ],
    technicalNote:
      "MTHFR rs1801133 (C677T; A on the forward strand) lowers the enzyme's activity, raises homocysteine and is linked with lower folate, but no published per-allele effect on blood folate was available, and a large GWAS (Hazra 2009) found no genome-wide-significant folate locus. MTHFR rs1801131 (A1298C) has no genome-wide-significant association with folate. A direction alone is not enough to build a score.",
  },
  {
    componentID: 'vitamin-b12',
    title: 'Vitamin B12',
    kind: 'vitamin',
    panelComponent: 'vitamin_B12',
    hasEstablishedSnps: true,
    name: 'vitamin B12',
    description:
      'Vitamin B12 (cobalamin) is needed to make red blood cells and DNA and to keep nerves healthy, and works with folate to recycle homocysteine. It occurs naturally only in animal foods.',
    foods: 'meat, fish, eggs, dairy products and fortified foods (fortified foods or supplements are essential on a vegan diet)',
    signs: ['Low vitamin B12 can cause tiredness, anaemia, pins and needles, memory problems and a sore tongue.'],
    referenceCohort: 'Tanaka 2009 discovery cohorts (InCHIANTI, SardiNIA, BLSA)',
    referenceSource: { pmid: '19303062' },
    technicalNote:
      'rs602662 (FUT2) is used instead of the non-secretor SNP rs601338 (same locus), and rs11254363 instead of rs1801222 (CUBN). The TCN1 and CUBN SNPs are lower confidence: they were below genome-wide significance in the original study (their loci are significant in Hazra 2009) and their other alleles are not confirmed. In East Asian populations another FUT2 variant (rs1047781) matters; it is not scored.',
  },
  {
    componentID: 'vitamin-c',
    title: 'Vitamin C',
    kind: 'vitamin',
    panelComponent: 'vitamin_C',
    hasEstablishedSnps: true,
    name: 'vitamin C',
    description:
      'Vitamin C (ascorbic acid) is an antioxidant needed to make collagen; it supports immune function and helps the gut absorb iron from plant foods. Humans cannot make it, so it must come from food.',
    foods: 'citrus fruit, berries, kiwi fruit, peppers, broccoli and tomatoes',
    signs: [
      'Low vitamin C can cause tiredness, bleeding gums, easy bruising and slow wound healing (scurvy when severe).',
      'High-dose supplements can upset the stomach and, in some people, contribute to kidney stones.',
    ],
    technicalNote: `One SNP in SLC23A1, the gene of the vitamin C transporter (V264M). No European allele frequency was available (only a world-wide minor-allele frequency of about 4%), so the score cannot be placed on a reference distribution and is not shown.`,
  },
  {
    componentID: 'vitamin-d',
    title: 'Vitamin D',
    kind: 'vitamin',
    panelComponent: 'vitamin_D',
    hasEstablishedSnps: true,
    name: 'vitamin D',
    description:
      'Vitamin D is made in the skin in sunlight and also comes from some foods. The liver converts it to 25-hydroxyvitamin D, the form measured in blood tests. It controls how much calcium and phosphate the gut absorbs and supports bones and muscles.',
    foods: 'oily fish, egg yolks and fortified foods, though for most people sunlight is the main source',
    signs: [
      'Low vitamin D can cause bone pain, muscle weakness and soft bones.',
      'Too much vitamin D, almost always from supplements, raises blood calcium and can cause thirst, nausea and kidney problems.',
    ],
    referenceCohort: 'SUNLIGHT consortium, Jiang 2018, 79\u00a0366 people',
    referenceSource: { pmid: '29343764' },
    technicalNote:
      'These are the six SNPs of the SUNLIGHT consortium score (Jiang 2018); weights are per allele on natural-log-transformed 25-hydroxyvitamin D. rs8018720 (SEC23A) is a C/G SNP whose strand cannot be checked, so at most 5 of the 6 can be read. rs3755967 is used for the GC locus instead of the older lead SNP rs2282679. Effects and frequencies were transcribed from the paper by a secondary source.',
    lowNote: 'Sunlight is the main source of vitamin D for most people, and the right amount depends on skin type, season and latitude.',
  },
  {
    componentID: 'vitamin-e',
    title: 'Vitamin E',
    kind: 'vitamin',
    panelComponent: 'vitamin_E',
    hasEstablishedSnps: true,
    name: 'vitamin E',
    description:
      'Vitamin E (mainly alpha-tocopherol) is a fat-soluble antioxidant that protects cell membranes from oxidative damage. It travels in the blood with fats, so its blood level follows cholesterol and triglycerides.',
    foods: 'vegetable oils, nuts such as almonds, sunflower seeds, avocado and leafy greens',
    signs: [
      'Deficiency is rare (mostly with fat malabsorption) and affects nerves, muscles and vision.',
      'High-dose supplements can increase the risk of bleeding.',
    ],
    referenceCohort: 'Major 2011 discovery cohort, 5\u00a0006 men',
    referenceSource: { pmid: '21729881' },
    technicalNote:
      'rs964184 (near APOA5, a triglyceride locus) is a C/G SNP whose strand cannot be checked, so at most 2 of the 3 SNPs can be read - fewer than the 75% needed - and this score is not calculated at present. Weights are per allele on log alpha-tocopherol.',
  },
  {
    componentID: 'vitamin-k',
    title: 'Vitamin K',
    kind: 'vitamin',
    panelComponent: 'vitamin_K',
    hasEstablishedSnps: false,
    name: 'vitamin K',
    description:
      'Vitamin K (phylloquinone from leafy greens, menaquinones from fermented foods) is needed to activate blood-clotting proteins and proteins that handle calcium in bone.',
    foods: 'leafy greens such as kale, spinach and broccoli, vegetable oils, fermented foods and cheese',
    signs: ['Low vitamin K can cause easy bruising and bleeding.', 'Vitamin K intake interacts with warfarin, so changes matter for anyone taking it.'],
    technicalNote:
      'CYP4F2 rs2108622 was associated with circulating phylloquinone below genome-wide significance (Dashti 2014, p=3e-7), and VKORC1 rs9923231 changes the warfarin dose needed rather than vitamin K status, so no score is calculated.',
  },
];

/**
 * The recommendation for each level, written for the practitioner about the patient (never to
 * the patient: the practitioner reads these pages). Each names the percentile band the category
 * stands for, so it agrees with the figures above it.
 */
function recommendations(t: Texts): Record<ResultLevel, string> {
  const foods = `Foods that provide ${t.name} include ${t.foods}.`;
  const extra = (note?: string) => (note ? ` ${note}` : '');
  return {
    [ResultLevel.LOW]: `The patient's genetic score for ${t.name} is below the 20th percentile of the reference group (Decreased): the variants the patient carries are, on average, linked with somewhat lower ${t.name} levels. This is a tendency, not a measurement - diet, lifestyle, health conditions and medicines usually matter more than these variants. ${foods}${extra(t.lowNote)} Consider discussing the patient's diet with the patient, and whether a blood test would be useful, before recommending changes or supplements.`,
    [ResultLevel.NORMAL]: `The patient's genetic score for ${t.name} is between the 20th and 80th percentiles of the reference group (Average), so these variants do not point to a tendency towards higher or lower ${t.name} levels. The patient's actual level still depends on diet, lifestyle and health. ${foods} If the patient has symptoms or questions, consider discussing them with the patient.`,
    [ResultLevel.HIGH]: `The patient's genetic score for ${t.name} is above the 80th percentile of the reference group (Increased): the variants the patient carries are, on average, linked with somewhat higher ${t.name} levels. This does not mean the patient's level is too high - diet, lifestyle, health conditions and medicines usually matter more than these variants.${extra(t.highNote)} Consider discussing this result with the patient, especially before the patient takes supplements that contain ${t.name}, and whether a blood test would be useful.`,
    [ResultLevel.NOT_PROCESSED]: `No genetic score could be calculated for ${t.name}, so this result says nothing about the patient's ${t.name} levels. ${foods} If the patient has questions about ${t.name} intake or levels, consider discussing them with the patient.`,
  };
}

const ordinal = (n: number) => {
  const r = Math.round(n);
  const tens = r % 100;
  return `${r}${tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[r % 10] ?? 'th')}`;
};

/**
 * A level's recommendation said for this patient (engine 1.2.0): the band the category stands for
 * ("above the 80th percentile") is replaced by where the patient's score sits, and, where many in the
 * reference group share the score, the range it spans — which may cross a cut-off, and then says so.
 */
export function placedRecommendation(text: string, place: { percentile: number; lower: number; same: number }): string {
  const shared = place.same >= SHARED_SCORE_SHOWN_FROM;
  const from = place.lower;
  const to = Math.min(100, place.lower + place.same);
  const where = shared
    ? `is shared by about ${Math.round(place.same)}% of the reference group, spanning its ${ordinal(from)} to ${ordinal(to)} percentiles (the patient is placed at the ${ordinal(place.percentile)})`
    : `is at the ${ordinal(place.percentile)} percentile of the reference group`;
  const cut = cutOffStraddled({ shareLower: place.lower, shareSame: place.same });
  const caveat = cut
    ? ` The range crosses the ${ordinal(cut)}-percentile cut-off, so the category is uncertain: people with this very score fall on both sides of it.`
    : '';
  return text.replace(
    /^(The patient's genetic score for .+?) is (?:below the 20th percentile|between the 20th and 80th percentiles|above the 80th percentile) of the reference group (\((?:Decreased|Average|Increased)\))([^.]*\.)/,
    (_m, head: string, label: string, rest: string) => `${head} ${where} ${label}${rest}${caveat}`,
  );
}

const DEFINITIONS: ComponentDefinition[] = TEXTS.map((t) => ({
  componentID: t.componentID,
  title: t.title,
  kind: t.kind,
  panelComponent: t.panelComponent,
  hasEstablishedSnps: t.hasEstablishedSnps,
  description: t.description,
  signs: t.signs,
  recommendations: recommendations(t),
  referenceCohort: t.referenceCohort ?? null,
  referenceSource: t.referenceSource ?? null,
  technicalNote: t.technicalNote,
}));

/** The 15 minerals in SPEC's fixed order, then the vitamins (A, B1 … B12, C, D, E, K). */
export const COMPONENTS: readonly ComponentDefinition[] = [
  ...MINERALS.map((title) => {
    const d = DEFINITIONS.find((x) => x.title === title && x.kind === 'mineral');
    if (!d) throw new Error(`genetics: no definition for mineral ${title}`);
    return d;
  }),
  ...DEFINITIONS.filter((d) => d.kind === 'vitamin' && isVitaminTitle(d.title)),
];

/**
 * Why each of a component's other papers in the panel is not part of its score, keyed
 * 'panelComponent:pmid'. A paper the panel gains without a line here stops the catalogue from being
 * built (and so every genetics test), so nothing is ever listed as if it were evidence for the score.
 */
const FURTHER_READING: Record<string, string> = {
  'vitamin_D:20541252':
    'Its GC and CYP24A1 SNPs (rs2282679, rs6013897) are replaced in the score by the lead SNPs of the larger, later SUNLIGHT analysis (Jiang 2018); no effect allele was available for rs6013897.',
  'vitamin_B12:19744961':
    'The non-secretor SNP rs601338 (FUT2) is at the same locus as the scored rs602662, so only one of the two can be scored, and no per-allele effect was available for it.',
  'vitamin_B12:22367966': 'rs1047781 is an East Asian FUT2 variant; its effect allele and frequency were not available in the sources used.',
  'vitamin_B12:25147783': 'rs1801222 (CUBN) is at the same locus as the scored rs11254363, and its effect was reported without units.',
  'vitamin_B6:19744961': 'The effect allele of rs1256335 (ALPL) is not recorded in the sources used, and its signal partly overlaps the scored rs4654748.',
  'vitamin_A:19185284': 'rs6564851 (BCO1) changes plasma beta-carotene, not retinol, so it does not belong in a score of vitamin A (retinol).',
  'iron:21483845': 'rs3811647 (TF) acts mainly on transferrin, its effect is in other units (ug/dL), and it is at the same locus as the scored rs8177240.',
  'vitamin_K:25411281': 'The association of CYP4F2 rs2108622 with phylloquinone was below genome-wide significance.',
  'vitamin_K:19300499': 'VKORC1 rs9923231 changes the warfarin dose needed, not vitamin K status.',
  'manganese:26025379':
    'A single small study whose abstract does not name the effect alleles, so its SNPs cannot be scored until replicated data are available.',
};

/**
 * Citations as the panel writes them, with thousands separated by a no-break space (SI style:
 * 'n=79 366'), which reads the same with a decimal point or a decimal comma.
 */
function citationText(text: string): string {
  return text.replace(/(\d),(?=\d{3}(?!\d))/g, '$1\u00a0');
}

const pubmed = (pmid: string) => `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`;

/** The catalogue with genes, references and technical text derived from the shipped data. */
export function getCatalogue(data: GeneticsData = loadGeneticsData()): CatalogueEntry[] {
  return COMPONENTS.map((def) => {
    const file = def.hasEstablishedSnps && def.panelComponent ? data.scores.get(def.panelComponent) : undefined;
    const rows = def.panelComponent ? data.panel.filter((r) => r.component === def.panelComponent) : [];
    const scored = file ? file.variants.map((v) => rows.find((r) => r.rsid === v.rsid)).filter((r): r is PanelRow => !!r) : [];
    const references = scoreReferences(def, scored, data.panel);
    return {
      ...def,
      genes: [...new Set(scored.map((r) => r.gene))],
      references,
      furtherReading: furtherReading(def, rows, references),
      letsGetTechnical: technical(def, file, scored),
    };
  });
}

/** The panel's citation of a PMID: its first row's text, the fullest in the panel. */
function panelCitation(panel: readonly PanelRow[], pmid: string): string | undefined {
  return panel.find((r) => r.pmid === pmid)?.firstAuthorYear;
}

/** The papers of the scored SNPs, then the reference population's source (merged when it is one of them). */
function scoreReferences(def: ComponentDefinition, scored: PanelRow[], panel: readonly PanelRow[]): Reference[] {
  const out = new Map<string, Reference>();
  for (const r of scored) {
    if (r.pmid && !out.has(r.pmid)) out.set(r.pmid, { pmid: r.pmid, citation: citationText(r.firstAuthorYear), url: pubmed(r.pmid), basis: 'snps' });
  }
  const source = def.referenceSource;
  if (source && scored.length > 0) {
    const existing = out.get(source.pmid);
    if (existing) existing.basis = 'snps-and-reference-population';
    else {
      const citation = source.citation ?? panelCitation(panel, source.pmid);
      if (!citation) throw new Error(`genetics: no citation for the reference population of ${def.title}`);
      out.set(source.pmid, { pmid: source.pmid, citation: citationText(citation), url: pubmed(source.pmid), basis: 'reference-population' });
    }
  }
  return [...out.values()];
}

/** The component's other papers in the panel, each with why it is not part of the score. */
function furtherReading(def: ComponentDefinition, rows: PanelRow[], references: Reference[]): FurtherReading[] {
  const cited = new Set(references.map((r) => r.pmid));
  const out = new Map<string, FurtherReading>();
  for (const r of rows) {
    if (!r.pmid || cited.has(r.pmid) || out.has(r.pmid)) continue;
    const reason = FURTHER_READING[`${def.panelComponent}:${r.pmid}`];
    if (!reason) throw new Error(`genetics: no reason why PMID ${r.pmid} is outside the ${def.title} score`);
    out.set(r.pmid, { pmid: r.pmid, citation: citationText(r.firstAuthorYear), url: pubmed(r.pmid), reason });
  }
  return [...out.values()];
}

/**
 * "Let's get technical", written for the practitioner. It holds no decimal numbers: the weights
 * are in the genotype table and the figures on the page, which the portal formats for its locale.
 */
function technical(def: ComponentDefinition, file: ScoringFile | undefined, rows: PanelRow[]): string {
  if (!file || rows.length === 0) return `No score is calculated for ${def.title}. ${def.technicalNote}`;
  const weightType = file.header.weight_type ?? 'NR';
  const snps = file.variants
    .map((v) => {
      const r = rows.find((x) => x.rsid === v.rsid);
      return `${v.rsid} (${r?.gene ?? '?'}, effect allele ${v.effectAllele}${r?.confidence === 'low' ? ', lower confidence: units, strand or source uncertain' : ''})`;
    })
    .join('; ');
  const citation = file.header.citation ? citationText(file.header.citation) : 'see references';
  return [
    `How the score is made: for each of the ${file.variants.length} SNPs in the genotype table, the number of copies of the effect allele the patient carries (0, 1 or 2; 0 or 1 where the patient has one copy of the chromosome) is multiplied by its published effect on ${file.header.trait_reported ?? def.title} (the effect weight), and the results are added up. Units: ${weightType}. A positive weight means the allele raises the level.`,
    `SNPs: ${snps}. Their weights are in the genotype table.`,
    `Source: ${citation}.`,
    "Reading the patient's genotype: each SNP is matched by rsID, first on the forward strand, then on the opposite strand (every letter complemented, A with T and C with G). A genotype that fits one strand is read on it; one that fits both and gives the same count of the effect allele (such as a heterozygote whose complement is also a valid heterozygote) is read on either; one that would give different counts on the two strands cannot be told apart and is not used. A/T and C/G SNPs whose two alleles are known are skipped, because their strand cannot be told from the letters. The genotype table says which strand each SNP was read on. If fewer than 75% of the SNPs can be read, no score is given.",
    `Comparison: the patient's score is placed in the exact distribution expected in the European discovery cohort, worked out from its published allele frequencies (Hardy-Weinberg equilibrium, SNPs treated as independent) over the same SNPs that were read from the patient's sample. The percentile is the percentage of that reference group with a lower score plus half the percentage with the same score. With few SNPs many people share each score; this places the patient in the middle of the range of percentiles the score covers, and where ${SHARED_SCORE_SHOWN_FROM}% or more of the reference group share the patient's score the page shows that range. Category, by fifths of the reference group: Decreased when the percentile is below 20, Increased when it is above 80, Average from 20 to 80.`,
    def.technicalNote,
  ].join('\n\n');
}

/** Options for computeResults: the data (default: read once from apps/server/data/genetics). */
export interface ComputeOptions {
  data?: GeneticsData;
  dataDir?: string;
}

const CATEGORY = { [ResultLevel.LOW]: 'decreased', [ResultLevel.NORMAL]: 'average', [ResultLevel.HIGH]: 'increased' } as const;
const MOOD = { [ResultLevel.LOW]: 'red', [ResultLevel.NORMAL]: 'yellow', [ResultLevel.HIGH]: 'green', [ResultLevel.NOT_PROCESSED]: 'yellow' } as const;

/** Rounds away float noise (0.30000000000000004) so stored results read cleanly. */
function clean(x: number): number {
  return Math.round(x * 1e9) / 1e9 || 0;
}

/**
 * Scores every component of the swab from a consumer raw genotype file. A component is
 * NOT_PROCESSED (riskLevel 3, null score fields, the locked message, never interpreted) when it
 * has no established SNPs, fewer than 75% of its SNPs are called, or a called SNP has no
 * European frequency (a reference over a different SNP set would misplace the patient, and
 * frequencies are never invented).
 */
export function computeResults(rawGenotypeText: string, opts: ComputeOptions = {}): SwabResult {
  const data = opts.data ?? loadGeneticsData(opts.dataDir);
  const raw = parseRawGenotypes(rawGenotypeText);
  const components = getCatalogue(data).map((entry): ResultComponent => {
    const rows = entry.panelComponent ? data.panel.filter((r) => r.component === entry.panelComponent) : [];
    const file = entry.hasEstablishedSnps && entry.panelComponent ? data.scores.get(entry.panelComponent) : undefined;
    const base = {
      componentID: entry.componentID,
      title: entry.title,
      description: entry.description,
      genes: entry.genes,
      signs: entry.signs,
      references: entry.references,
      furtherReading: entry.furtherReading,
      letsGetTechnical: entry.letsGetTechnical,
      ancestryCaveat: ANCESTRY_CAVEAT,
    };
    const locked = (reason: NotProcessedReason, genotypes: GenotypeRow[], called: number, total: number): ResultComponent => ({
      ...base,
      score: null,
      averageScore: null,
      scoreCategory: null,
      scoreDescription: RESULT_LEVEL_LABELS[ResultLevel.NOT_PROCESSED],
      scoreMood: MOOD[ResultLevel.NOT_PROCESSED],
      mean: null,
      median: null,
      minValue: null,
      maxValue: null,
      percentile: null,
      shareLower: null,
      shareSame: null,
      percentile25th: null,
      percentile75th: null,
      numberOfSnps: called,
      totalSnps: total,
      recommendation: entry.recommendations[ResultLevel.NOT_PROCESSED],
      riskLevel: ResultLevel.NOT_PROCESSED,
      notProcessedReason: reason,
      genotypes,
      referencePopulation: null,
    });
    if (!file || file.variants.length === 0) return locked('no-established-snps', [], 0, 0);
    const genes = new Map(rows.map((r) => [r.rsid, r.gene]));
    const s = scoreComponent(file, raw, { genes, possiblyPalindromic: new Set(rows.filter(isPossiblyPalindromic).map((r) => r.rsid)) });
    if (!s.processed || s.score === null) return locked('insufficient-calls', s.rows, s.calledCount, s.totalCount);
    const called = s.rows.filter((r) => r.status === 'called');
    const eaf = (rsid: string) => rows.find((r) => r.rsid === rsid)?.eafEur ?? null;
    if (called.some((r) => eaf(r.rsid) === null)) return locked('no-reference-frequencies', s.rows, s.calledCount, s.totalCount);
    const stats = referenceStats(called.map((r) => ({ weight: r.effectWeight, eaf: eaf(r.rsid)!, ploidy: r.ploidy ?? 2 })));
    const place = placement(stats.distribution, s.score);
    const level = levelForPercentile(place.percentile) as Exclude<ResultLevel, 3>;
    return {
      ...base,
      score: clean(s.score),
      averageScore: clean(stats.mean),
      scoreCategory: CATEGORY[level],
      scoreDescription: RESULT_LEVEL_LABELS[level],
      scoreMood: MOOD[level],
      mean: clean(stats.mean),
      median: clean(stats.median),
      minValue: clean(stats.min),
      maxValue: clean(stats.max),
      percentile: place.percentile,
      shareLower: place.lower,
      shareSame: place.same,
      percentile25th: clean(stats.percentile25th),
      percentile75th: clean(stats.percentile75th),
      numberOfSnps: s.calledCount,
      totalSnps: s.totalCount,
      recommendation: placedRecommendation(entry.recommendations[level], place),
      riskLevel: level,
      notProcessedReason: null,
      genotypes: s.rows,
      referencePopulation: `European discovery cohort (${entry.referenceCohort ?? 'see references'})`,
    };
  });
  return {
    title: SWAB_TITLE,
    minerals: components.filter((c) => (MINERALS as readonly string[]).includes(c.title)),
    vitamins: components.filter((c) => isVitaminTitle(c.title)),
    synthetic: raw.synthetic,
    engineVersion: ENGINE_VERSION,
  };
}

export type { ResultComponent, SwabResult };
