/**
 * The Overview's pharmacogenomic lines, written from the drug verdicts and nothing else
 * (docs/decisions/021). In tier order: what to avoid, then dose changes and precautions — each time
 * the medicines the patient takes first, one line each, then the findings that change other drugs,
 * grouped by the genes and results they rest on — then the medicines taken that need no gene-based
 * change, those not recognised, and those stopped. A medicine that inhibits or induces an enzyme
 * comes after the avoid lines, naming the drugs it concerns. Every line says the action in words and
 * links to the report's rows.
 */
import { PGX_TIER_LABELS, pgxGeneResult, type Highlight, type PgxReading, type PgxTier, type PgxVerdict, type PgxVerdictReading } from '@portal/contract';
import { shortList } from './mapping';
import { tierRank } from './tiers';

/** A line and the drugs it rests on (Ask AI cites their verdicts; the Overview shows the line). */
export interface ActionLine extends Highlight {
  drugs: string[];
}

const line = (kind: Highlight['kind'], tier: PgxTier | null, title: string, level: string, report: Highlight['report'], drugs: string[]): ActionLine => ({
  kind,
  tier,
  title,
  level,
  resultID: null,
  componentID: null,
  report,
  drugs,
});

/** The genes and results a reading rests on: 'CYP2C19 Intermediate Metabolizer and CYP2D6 …'. */
const findingOf = (r: PgxVerdictReading) => shortList(r.genes.map(pgxGeneResult), 3);

/** The readings of a verdict at its own tier (its most severe), by population. */
const atTier = (v: PgxVerdict) => v.readings.filter((r) => r.tier === v.tier);
const where = (rs: PgxVerdictReading[]) => {
  const pops = [...new Set(rs.map((r) => r.population).filter((p): p is string => p !== null))];
  return pops.length ? ` (${pops.join('; ')})` : '';
};
const strength = (rs: PgxVerdictReading[]) => {
  const cls = [...new Set(rs.map((r) => r.classification).filter(Boolean))];
  return cls.length ? `CPIC ${cls.join('/')}` : null;
};
const alternatives = (rs: PgxVerdictReading[]) => {
  const alts = [...new Set(rs.flatMap((r) => r.alternatives))];
  return alts.length ? `CPIC names ${shortList(alts, 4).replace(/ and (?=[^,]*$)/, ' or ')}` : null;
};

/** A medicine the patient takes: its action in words, where, on which genes, how strong, and what CPIC names instead. */
function medicineLine(v: PgxVerdict): ActionLine {
  const rs = atTier(v);
  const tier = takenTier(v);
  // When another medicine may change the reading, the genotype's own advice is said as such, then the flag.
  const label = tier === v.tier ? PGX_TIER_LABELS[v.tier] : `For the genotype alone: ${PGX_TIER_LABELS[v.tier]}`;
  const parts = [`${label}${where(rs)}`, shortList([...new Set(rs.map(findingOf))], 2), strength(rs), alternatives(rs)];
  if (v.phenoconversion) parts.push(v.phenoconversion.text.replace(/\.$/, ''));
  return line('medicine', tier, `${v.drug} (currently taking)`, `${parts.filter(Boolean).join('; ')}.`, { name: v.drug, taking: true }, [v.drug]);
}

/**
 * Where a medicine taken stands on the Overview: its own tier, or the phenoconverted reading's when that
 * is more severe (codeine as usual for a CYP2D6 normal metabolizer who takes paroxetine is not 'no change').
 */
const takenTier = (v: PgxVerdict): PgxTier => {
  const converted = v.phenoconversion?.reading?.tier;
  return converted && tierRank(converted) < tierRank(v.tier) ? converted : v.tier;
};

/** The drugs the patient does not take, grouped by the finding their advice rests on. */
function findingLines(verdicts: PgxVerdict[], tier: PgxTier): ActionLine[] {
  const groups = new Map<string, { title: string; gene: string; drugs: PgxVerdict[] }>();
  for (const v of verdicts) {
    const r = atTier(v)[0]!;
    const title = findingOf(r);
    const g = groups.get(title) ?? { title, gene: r.genes[0]!.gene, drugs: [] };
    g.drugs.push(v);
    groups.set(title, g);
  }
  return [...groups.values()].map((g) => {
    const rs = g.drugs.flatMap(atTier);
    const drugs = g.drugs.map((v) => `${v.drug}${where(atTier(v))}`);
    const heritable = [...new Set(g.drugs.flatMap((v) => v.heritable))];
    const level = [`${PGX_TIER_LABELS[tier]}: ${shortList(drugs, 6)}`, strength(rs), alternatives(rs), ...heritable.map((h) => h.replace(/\.$/, ''))]
      .filter(Boolean)
      .join('; ');
    return line(
      'pharmacogene',
      tier,
      g.title,
      `${level}.`,
      { name: g.drugs.length === 1 ? g.drugs[0]!.drug : g.gene, taking: false },
      g.drugs.map((v) => v.drug),
    );
  });
}

/** A current medicine that inhibits or induces an enzyme: the drugs it concerns, the most severe first. */
function phenoconversionLines(reading: PgxReading): ActionLine[] {
  return reading.medicines.phenoconverters.map((c) => {
    const concerned = reading.verdicts.filter((v) => v.phenoconversion?.converters.some((x) => x.medicine === c.medicine && x.enzyme === c.enzyme));
    const byTier = (t: PgxTier) => concerned.filter((v) => (v.phenoconversion?.reading?.tier ?? null) === t).map((v) => v.drug);
    const converted = (['avoid', 'adjust'] as const)
      .map((t) =>
        byTier(t).length
          ? `if phenoconverted, CPIC advises ${t === 'avoid' ? 'avoiding' : 'changing the dose of or monitoring'} ${shortList(byTier(t), 5)}`
          : null,
      )
      .filter(Boolean);
    const effect = c.kind === 'inhibitor' ? 'poorer' : 'faster';
    const level = [
      `a ${c.strength} ${c.enzyme} ${c.kind}: for ${concerned.length} of the report's drugs (${shortList(
        concerned.map((v) => v.drug),
        6,
      )}) the effective phenotype may be ${effect} than the genotype`,
      ...converted,
    ].join('; ');
    return line(
      'phenoconversion',
      'adjust',
      `${c.medicine} (currently taking)`,
      `${level}.`,
      { name: c.enzyme, taking: false },
      concerned.map((v) => v.drug),
    );
  });
}

/** A medicine the report cannot answer for, with why (the knowledge base's reason, never a guess). */
const gapOf = (v: PgxVerdict) => {
  const why = [...new Set(v.readings.map((r) => r.note).filter((n): n is string => Boolean(n)))];
  return `${v.drug}: ${why.length ? why.join('; ').replace(/\.$/, '') : PGX_TIER_LABELS.notCovered}`;
};

/** The Overview's lines without the drugs behind them. */
export const overviewHighlights = (reading: PgxReading): Highlight[] => actionLines(reading).map(({ drugs: _drugs, ...h }) => h);

export function actionLines(reading: PgxReading): ActionLine[] {
  const { verdicts, medicines } = reading;
  const taking = (t: PgxTier) => verdicts.filter((v) => v.taking && takenTier(v) === t);
  const others = (t: PgxTier) => verdicts.filter((v) => !v.taking && v.tier === t);
  const out: ActionLine[] = [
    ...taking('avoid').map(medicineLine),
    ...findingLines(others('avoid'), 'avoid'),
    ...phenoconversionLines(reading),
    ...taking('adjust').map(medicineLine),
    ...findingLines(others('adjust'), 'adjust'),
  ];
  // The medicines taken that need no gene-based change are said, so their absence above is not a guess.
  const usual = taking('usual').map((v) => v.drug);
  if (usual.length)
    out.push(
      line(
        'medicines',
        'usual',
        'Medicines taken: no gene-based change',
        `${shortList(usual, 8)}: ${PGX_TIER_LABELS.usual}.`,
        { name: '', taking: true },
        usual,
      ),
    );
  for (const t of ['noAdvice', 'notCovered'] as const) {
    const vs = taking(t);
    if (vs.length)
      out.push(
        line(
          'medicines',
          t,
          `Medicines taken: ${PGX_TIER_LABELS[t].toLowerCase()}`,
          t === 'notCovered'
            ? `${vs.map(gapOf).join('; ')}.`
            : `${shortList(
                vs.map((v) => v.drug),
                8,
              )}: ${PGX_TIER_LABELS[t]} — read the report’s rows.`,
          {
            name: vs.length === 1 ? vs[0]!.drug : '',
            taking: true,
          },
          vs.map((v) => v.drug),
        ),
      );
  }
  if (medicines.notRecognised.length)
    out.push(
      line(
        'medicines',
        'notCovered',
        'Medicines not recognised',
        `${shortList(medicines.notRecognised, 6)}: not recognised — not checked against the genotype.`,
        null,
        [],
      ),
    );
  if (medicines.stopped.length)
    out.push(
      line(
        'medicines',
        null,
        'Medicines stopped',
        `${shortList(medicines.stopped, 6)}: the patient says they stopped, so not counted as taken.`,
        null,
        medicines.stopped,
      ),
    );
  return out;
}
