/**
 * Our own category and therapeutic-class labels for ATC codes. The codes come from CPIC's drug
 * table; the wording here is the portal's own (the WHO ATC index's names carry commercial-use
 * restrictions, so they are not copied). A code without a label here shows as its code.
 */

/** First letter of an ATC code: the body system a drug acts on. */
export const ATC_CATEGORIES: Record<string, string> = {
  A: 'Digestive system and metabolism',
  B: 'Blood and clotting',
  C: 'Heart and circulation',
  D: 'Skin',
  G: 'Urogenital system and sex hormones',
  H: 'Hormones (other than sex hormones and insulin)',
  J: 'Infections (systemic)',
  L: 'Cancer and immune system',
  M: 'Muscles, bones and joints',
  N: 'Nervous system',
  P: 'Parasitic infections',
  R: 'Respiratory system',
  S: 'Eyes and ears',
  V: 'Other treatments',
};

/** Therapeutic class by ATC prefix (five characters, else four, else three). */
export const ATC_CLASSES: Record<string, string> = {
  A01AC: 'Mouth corticosteroid',
  A01AD: 'Mouth preparation (other)',
  A02BC: 'Proton pump inhibitor',
  A03FA: 'Gut motility stimulant',
  A04AA: 'Serotonin (5-HT3) antagonist antiemetic',
  A07AB: 'Gut-acting sulfonamide',
  A07EA: 'Gut-acting corticosteroid',
  A07EC: 'Aminosalicylate for bowel inflammation',
  A10BA: 'Biguanide (diabetes)',
  A10BB: 'Sulfonylurea (diabetes)',
  A10BG: 'Thiazolidinedione (diabetes)',
  A10BH: 'DPP-4 inhibitor combination (diabetes)',
  A16AA: 'Amino acid for metabolic disorders',
  B01AA: 'Vitamin K antagonist anticoagulant',
  B01AC: 'Antiplatelet',
  B02BX: 'Platelet-raising agent',
  C01AA: 'Cardiac glycoside',
  C01BA: 'Antiarrhythmic (class Ia)',
  C01BB: 'Antiarrhythmic (class Ib)',
  C01BC: 'Antiarrhythmic (class Ic)',
  C01DA: 'Nitrate vasodilator',
  C02DB: 'Hydrazinophthalazine vasodilator (hypertension)',
  C03AA: 'Thiazide diuretic',
  C03AB: 'Thiazide diuretic with potassium',
  C03AX: 'Thiazide diuretic combination',
  C03CA: 'Loop diuretic',
  C03DA: 'Aldosterone antagonist diuretic',
  C03EA: 'Diuretic with potassium-sparing agent',
  C05AA: 'Haemorrhoid corticosteroid',
  C05AD: 'Haemorrhoid local anaesthetic',
  C05AE: 'Anal fissure nitrate',
  C07AA: 'Beta blocker (non-selective)',
  C07AB: 'Beta blocker (beta-1 selective)',
  C07AG: 'Alpha and beta blocker',
  C09AA: 'ACE inhibitor',
  C09DX: 'Angiotensin receptor blocker combination',
  C09XA: 'Renin inhibitor combination',
  C10AA: 'Statin',
  C10BA: 'Statin combination (lipid lowering)',
  C10BX: 'Statin combination (other)',
  D01AE: 'Topical antifungal',
  D01BA: 'Oral antifungal for skin and nails',
  D04AB: 'Topical anaesthetic for itch',
  D06AX: 'Topical antibiotic',
  D06BA: 'Topical sulfonamide',
  D07AB: 'Topical corticosteroid (moderate)',
  D07AC: 'Topical corticosteroid (potent)',
  D07XB: 'Topical corticosteroid combination',
  D08AX: 'Skin antiseptic',
  D10AF: 'Topical antibiotic for acne',
  D10AX: 'Topical acne preparation',
  D11AH: 'Topical agent for dermatitis',
  D11AX: 'Other skin preparation',
  G01AA: 'Vaginal antibiotic',
  G01AD: 'Vaginal organic acid',
  G01AE: 'Vaginal sulfonamide',
  G03A: 'Hormonal contraceptive',
  G04BD: 'Bladder antispasmodic',
  G04BE: 'Erectile dysfunction treatment',
  G04BX: 'Urinary analgesic',
  G04CA: 'Alpha blocker for prostate enlargement',
  H02AB: 'Systemic glucocorticoid',
  H03BA: 'Thiouracil antithyroid',
  H03BB: 'Imidazole antithyroid',
  J01BA: 'Amphenicol antibiotic',
  J01EB: 'Short-acting sulfonamide antibiotic',
  J01EC: 'Intermediate-acting sulfonamide antibiotic',
  J01EE: 'Sulfonamide-trimethoprim antibiotic',
  J01FA: 'Macrolide antibiotic',
  J01G: 'Aminoglycoside antibiotic',
  J01MA: 'Fluoroquinolone antibiotic',
  J01MB: 'Quinolone antibiotic (other)',
  J01XE: 'Nitrofuran antibiotic',
  J02AC: 'Triazole antifungal',
  J04AC: 'Hydrazide antituberculosis agent',
  J04BA: 'Leprosy treatment',
  J05AB: 'Nucleoside antiviral (other)',
  J05AE: 'HIV protease inhibitor',
  J05AF: 'Nucleoside reverse transcriptase inhibitor',
  J05AG: 'Non-nucleoside reverse transcriptase inhibitor',
  J05AR: 'HIV antiretroviral combination',
  L01A: 'Alkylating anticancer agent',
  L01AA: 'Nitrogen mustard anticancer agent',
  L01BA: 'Folate antagonist anticancer agent',
  L01BB: 'Purine analogue anticancer agent',
  L01BC: 'Pyrimidine analogue anticancer agent',
  L01CB: 'Podophyllotoxin anticancer agent',
  L01DB: 'Anthracycline anticancer agent',
  L01XA: 'Platinum anticancer agent',
  L01XC: 'Monoclonal antibody anticancer agent',
  L01XE: 'Protein kinase inhibitor anticancer agent',
  L01XX: 'Anticancer agent (other)',
  L02BA: 'Anti-oestrogen',
  L03AB: 'Interferon',
  L04AA: 'Selective immunosuppressant',
  L04AB: 'TNF-alpha inhibitor',
  L04AD: 'Calcineurin inhibitor immunosuppressant',
  L04AX: 'Immunosuppressant (other)',
  M01AB: 'NSAID (acetic acid type)',
  M01AE: 'NSAID (propionic acid type)',
  M01AH: 'NSAID (COX-2 selective)',
  M02AA: 'Topical NSAID',
  M03AB: 'Neuromuscular blocker (choline type)',
  M03BA: 'Centrally acting muscle relaxant (carbamate)',
  M04AA: 'Uric acid production inhibitor (gout)',
  M04AB: 'Uric acid excretion enhancer (gout)',
  M04AX: 'Gout treatment (other)',
  M05BA: 'Bisphosphonate',
  M09AX: 'Musculoskeletal treatment (other)',
  N01AB: 'Inhaled general anaesthetic',
  N01AH: 'Opioid anaesthetic',
  N01BB: 'Amide local anaesthetic',
  N02AA: 'Opioid analgesic (natural opium alkaloid)',
  N02AB: 'Opioid analgesic (phenylpiperidine)',
  N02AX: 'Opioid analgesic (other)',
  N02BA: 'Salicylate analgesic',
  N02BG: 'Analgesic (other)',
  N03AB: 'Hydantoin antiepileptic',
  N03AF: 'Carboxamide antiepileptic',
  N03AG: 'Fatty acid antiepileptic',
  N03AX: 'Antiepileptic (other)',
  N05A: 'Antipsychotic',
  N05AB: 'Phenothiazine antipsychotic (piperazine)',
  N05AC: 'Phenothiazine antipsychotic (piperidine)',
  N05AD: 'Butyrophenone antipsychotic',
  N05AF: 'Thioxanthene antipsychotic',
  N05AG: 'Diphenylbutylpiperidine antipsychotic',
  N05AH: 'Diazepine-type antipsychotic',
  N05AX: 'Antipsychotic (other)',
  N05BA: 'Benzodiazepine anxiolytic',
  N05CD: 'Benzodiazepine hypnotic',
  N06A: 'Antidepressant',
  N06AA: 'Tricyclic antidepressant',
  N06AB: 'Selective serotonin reuptake inhibitor (SSRI)',
  N06AX: 'Antidepressant (other)',
  N06BA: 'Stimulant or ADHD treatment',
  N06BC: 'Xanthine stimulant',
  N06CA: 'Antidepressant and antipsychotic combination',
  N06DA: 'Cholinesterase inhibitor (dementia)',
  N07AX: 'Cholinergic agent',
  N07BA: 'Nicotine replacement',
  N07BB: 'Alcohol dependence treatment',
  N07BC: 'Opioid dependence treatment',
  N07XX: 'Nervous system treatment (other)',
  P01BA: 'Aminoquinoline antimalarial',
  P01BC: 'Methanolquinoline antimalarial',
  R01AD: 'Nasal corticosteroid',
  R02AD: 'Throat local anaesthetic',
  R02AX: 'Throat preparation (other)',
  R03AC: 'Inhaled beta-2 agonist',
  R03BA: 'Inhaled corticosteroid',
  R03BB: 'Inhaled anticholinergic',
  R03CC: 'Systemic beta-2 agonist',
  R05DA: 'Opioid cough suppressant',
  R07AX: 'Respiratory treatment (other, incl. CFTR modulators)',
  S01AA: 'Eye antibiotic',
  S01AB: 'Eye sulfonamide',
  S01AE: 'Eye fluoroquinolone',
  S01BA: 'Eye corticosteroid',
  S01BC: 'Eye NSAID',
  S01EC: 'Carbonic anhydrase inhibitor (glaucoma)',
  S01ED: 'Beta blocker (glaucoma)',
  S01EE: 'Prostaglandin analogue (glaucoma)',
  S01HA: 'Eye local anaesthetic',
  S01XA: 'Eye preparation (other)',
  S02AA: 'Ear anti-infective',
  S02DA: 'Ear analgesic and anaesthetic',
  S03AA: 'Eye and ear anti-infective',
  V03AB: 'Antidote',
  V03AF: 'Chemotherapy detoxifying agent',
  V03AZ: 'Nerve-depressant agent (neurolysis)',
  V04CG: 'Diagnostic agent (gastric secretion)',
};

export function categoryOf(code: string): string | null {
  return ATC_CATEGORIES[code[0]?.toUpperCase() ?? ''] ?? null;
}

export function classOf(code: string): string {
  const c = code.toUpperCase();
  for (const len of [5, 4, 3]) {
    if (c.length >= len && ATC_CLASSES[c.slice(0, len)]) return ATC_CLASSES[c.slice(0, len)]!;
  }
  return `ATC ${c.slice(0, 5)}`;
}

/** A drug's distinct categories and classes, in the order of its codes. */
export function labelsOf(codes: string[]): { categories: string[]; classes: string[] } {
  const categories = [...new Set(codes.map(categoryOf).filter((c): c is string => c !== null))];
  const classes = [...new Set(codes.map(classOf))];
  return { categories, classes };
}

/**
 * For the drugs CPIC's drug table gives no ATC code: the category and class their CPIC guideline
 * names (the guideline is about one drug class), in the labels above. The G6PD guideline covers drugs
 * of many classes and names none, so its drugs are filed under the guideline itself rather than
 * given a class the data does not hold. Keyed by the guideline's name as CPIC writes it.
 */
const GUIDELINE_LABELS: Array<{ guideline: RegExp; category: string; class: string }> = [
  { guideline: /\baminoglycosides\b/i, category: ATC_CATEGORIES.J!, class: ATC_CLASSES.J01G! },
  { guideline: /\bproton pump inhibitors\b/i, category: ATC_CATEGORIES.A!, class: ATC_CLASSES.A02BC! },
  { guideline: /\bstatins\b/i, category: ATC_CATEGORIES.C!, class: ATC_CLASSES.C10AA! },
  { guideline: /\bnsaids\b/i, category: ATC_CATEGORIES.M!, class: 'NSAID (anti-inflammatory)' },
  { guideline: /\bopioids\b/i, category: ATC_CATEGORIES.N!, class: 'Opioid analgesic' },
  {
    guideline: /\bserotonin reuptake inhibitor antidepressants\b|\bselective serotonin reuptake inhibitors\b/i,
    category: ATC_CATEGORIES.N!,
    class: ATC_CLASSES.N06A!,
  },
  { guideline: /^G6PD$/i, category: 'Drugs of CPIC’s G6PD guideline (several classes)', class: 'Not classified (CPIC’s G6PD guideline)' },
];

/** A drug's labels: from its ATC codes, else from its CPIC guideline; every drug gets a category and a class. */
export function labelsFor(codes: string[], guideline: string | null): { categories: string[]; classes: string[] } {
  const fromCodes = labelsOf(codes);
  if (fromCodes.categories.length && fromCodes.classes.length) return fromCodes;
  const g = guideline ? GUIDELINE_LABELS.find((l) => l.guideline.test(guideline.replace(/^CPIC Guideline for /i, ''))) : undefined;
  if (g) return { categories: [g.category], classes: [g.class] };
  return {
    categories: fromCodes.categories.length ? fromCodes.categories : [UNCLASSIFIED.category],
    classes: fromCodes.classes.length ? fromCodes.classes : [UNCLASSIFIED.class],
  };
}

/** A drug neither an ATC code nor its guideline classifies: still reachable through the filters, under this name. */
export const UNCLASSIFIED = { category: 'Not classified by CPIC’s data', class: 'Not classified by CPIC’s data' };
