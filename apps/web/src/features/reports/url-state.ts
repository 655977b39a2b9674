import {
  CUSTOM_FILTER_KEYS,
  ReportView,
  canGenerateDiseases,
  canGenerateResults,
  canShowQuickResults,
  customFilterCount,
  quickFilterCount,
  type CustomFilterKey,
  type CustomFilters,
  type QuickFilters,
} from '@portal/contract';

/**
 * The Reports page keeps its whole state in the address (SPEC §2, §9: the view id is in the URL),
 * so a view can be shared and reloaded as it is: `?view=1&category=…&class=…&name=…&taking=1` or
 * `?view=2&vars=phenotypeCategory,levelOfEvidence&phenotypeCategory=…&levelOfEvidence=1&show=results`.
 */
export interface ReportsState {
  view: 1 | 2;
  quick: QuickFilters;
  /** Custom filter variables added, in the order they were added. */
  added: CustomFilterKey[];
  custom: CustomFilters;
  /** What the practitioner generated in the custom view. */
  show: 'results' | 'diseases' | null;
  page: number;
}

const isCustomKey = (k: string): k is CustomFilterKey => (CUSTOM_FILTER_KEYS as readonly string[]).includes(k);

export function readReportsState(params: URLSearchParams): ReportsState {
  const view = params.get('view') === String(ReportView.CUSTOM) ? 2 : 1;
  const added = [...new Set((params.get('vars') ?? '').split(',').filter(isCustomKey))];
  const values = (k: string) =>
    params
      .getAll(k)
      .map((v) => v.trim())
      .filter(Boolean);
  const custom: CustomFilters = {
    phenotypeCategory: added.includes('phenotypeCategory') ? values('phenotypeCategory') : [],
    specialtyPopulation: added.includes('specialtyPopulation') ? values('specialtyPopulation') : [],
    levelOfEvidence: added.includes('levelOfEvidence')
      ? values('levelOfEvidence')
          .map(Number)
          .filter((n) => n >= 1 && n <= 4)
      : [],
    diseasePhenotype: added.includes('diseasePhenotype') ? values('diseasePhenotype') : [],
    cpicGradedOnly: added.includes('levelOfEvidence') && params.get('cpicGraded') === '1',
  };
  const show = params.get('show');
  const page = Math.max(1, Math.min(10_000, Number(params.get('page')) || 1));
  return {
    view,
    quick: {
      category: values('category'),
      class: values('class'),
      name: (params.get('name') ?? '').trim(),
      taking: params.get('taking') === '1',
      notCovered: params.get('notCovered') === '1',
    },
    added,
    custom,
    show: show === 'results' || show === 'diseases' ? show : null,
    page,
  };
}

/** The address of a state. Both views' filters stay in it, so switching tabs loses nothing. */
export function writeReportsState(s: ReportsState): URLSearchParams {
  const p = new URLSearchParams();
  p.set('view', String(s.view));
  for (const c of s.quick.category) p.append('category', c);
  for (const c of s.quick.class) p.append('class', c);
  if (s.quick.name) p.set('name', s.quick.name);
  if (s.quick.taking) p.set('taking', '1');
  if (s.quick.notCovered) p.set('notCovered', '1');
  if (s.added.length) p.set('vars', s.added.join(','));
  for (const k of s.added) for (const v of s.custom[k]) p.append(k, String(v));
  if (s.custom.cpicGradedOnly) p.set('cpicGraded', '1');
  if (s.show) p.set('show', s.show);
  if (s.page > 1) p.set('page', String(s.page));
  return p;
}

function filterParams(s: ReportsState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.view === 1) {
    p.set('view', '1');
    for (const c of s.quick.category) p.append('category', c);
    for (const c of s.quick.class) p.append('class', c);
    if (s.quick.name) p.set('name', s.quick.name);
    if (s.quick.taking) p.set('taking', '1');
    if (s.quick.notCovered) p.set('notCovered', '1');
  } else {
    p.set('view', '2');
    for (const k of CUSTOM_FILTER_KEYS) for (const v of s.custom[k]) p.append(k, String(v));
    if (s.custom.cpicGradedOnly) p.set('cpicGraded', '1');
  }
  return p;
}

export const PAGE_SIZE = 50;

/** The rows query of the current view, or null while its filters are below SPEC §5's minimum. */
export function rowsQuery(s: ReportsState): string | null {
  if (s.view === 1 && !canShowQuickResults(s.quick)) return null;
  if (s.view === 2 && (s.show !== 'results' || !canGenerateResults(s.custom))) return null;
  const p = filterParams(s);
  p.set('limit', String(PAGE_SIZE));
  p.set('offset', String((s.page - 1) * PAGE_SIZE));
  return p.toString();
}

/** The diseases query, once three variables are configured and diseases were generated. */
export function diseasesQuery(s: ReportsState): string | null {
  if (s.view !== 2 || s.show !== 'diseases' || !canGenerateDiseases(s.custom)) return null;
  const p = filterParams(s);
  p.delete('view');
  return p.toString();
}

/**
 * The printable report's query: the view's filters (every row they select), or the whole report
 * when the view has no filter at all; null while some filter is set but below SPEC §5's minimum.
 */
export function pdfQuery(s: ReportsState): string | null {
  const none = s.view === 1 ? quickFilterCount(s.quick) === 0 : customFilterCount(s.custom) === 0;
  if (none) return `view=${s.view}`;
  if (s.view === 1 ? !canShowQuickResults(s.quick) : !s.show || !canGenerateResults(s.custom)) return null;
  return filterParams(s).toString();
}
