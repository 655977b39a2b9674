import { schemaResolver } from '@mantine/form';

// Apart from `./form` (which re-exports it), so the checks a page loads beside it (issue 35) do not
// pull the form hook and React into their chunk.

/** One message per field, by path as the server names it ('address.city', 'availability.0.endTime'). */
export type FieldErrors = Record<string, string>;

/** A contract schema as a form check: the first message of each failing path, in the contract's words. */
export function schemaErrors<Values>(schema: Parameters<typeof schemaResolver>[0]): (values: Values) => FieldErrors {
  const resolve = schemaResolver(schema, { sync: true });
  // The contract's messages are strings; @mantine/form types them as any React node.
  return (values) => resolve(values) as FieldErrors;
}
