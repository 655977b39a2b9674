import { useForm, type LooseKeys } from '@mantine/form';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { ERROR_TEXTS } from '@portal/contract';
import { useSystemStore } from '../store/system-store';
import { isApiError } from './api-client';

export { schemaErrors, type FieldErrors } from './schema-errors';
import type { FieldErrors } from './schema-errors';

/** The value at a dotted path ('address.city', 'availability.0.startTime'). */
type PathValue<T, P extends string> = P extends `${infer Head}.${infer Rest}` ? PathValue<Step<T, Head>, Rest> : Step<T, P>;
type Step<T, K extends string> = T extends readonly (infer E)[] ? E : K extends keyof T ? T[K] : never;

/** What one input needs: its value, a change, and the error to show under it (if any). */
export interface FieldProps<V> {
  value: V;
  onChange: (value: V) => void;
  error: string | undefined;
  onBlur?: () => void;
}

/** A field's props for a text input, which hands over an event: `transform` applies to what is typed. */
export function textInput(field: FieldProps<string>, transform?: (value: string) => string) {
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => field.onChange(transform ? transform(event.currentTarget.value) : event.currentTarget.value),
  };
}

const hasErrors = (errors: Partial<FieldErrors>) => Object.values(errors).some(Boolean);

/** The first message per field of a 400 answer, or null when the error is of another kind. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!isApiError(error) || error.status !== 400 || !error.fieldErrors) return null;
  return Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
}

/**
 * The server's field errors under the form's fields (replacing its earlier ones), and handed back.
 * Null, and nothing set, for an error of another kind: the caller says that one elsewhere.
 */
export function applyServerErrors(form: { setErrors: (errors: FieldErrors) => void }, error: unknown): FieldErrors | null {
  const fields = serverFieldErrors(error);
  if (fields) form.setErrors(fields);
  return fields;
}

/**
 * A module of checks kept out of a page's first-visit chunk (issue 35): the contract's zod schemas a form
 * checks with load beside the page, not inside it. `get` is the module once in, `load` brings it (once;
 * a failed load is tried again by the next call).
 */
export interface LazyChecks<M> {
  get: () => M | undefined;
  load: () => Promise<M>;
}

/** `import('./checks')` as checks a form loads when it is drawn (see `useContractForm`'s `checks`). */
export function lazyChecks<M>(load: () => Promise<M>): LazyChecks<M> {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    get: () => module,
    load: () =>
      (loading ??= load().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
}

/**
 * The checks once loaded (the component draws again then); loading starts when it is first drawn.
 * `arrived` records a module a later `load` brought (after a first load failed).
 */
export function useLazyChecks<M>(checks: LazyChecks<M> | undefined): [loaded: M | undefined, arrived: (module: M) => void] {
  const [loaded, setLoaded] = useState(() => checks?.get());
  useEffect(() => {
    if (!checks || loaded) return;
    let active = true;
    checks.load().then(
      (module) => active && setLoaded(() => module),
      () => {}, // tried again on submit
    );
    return () => {
      active = false;
    };
  }, [checks, loaded]);
  return [loaded, (module: M) => setLoaded(() => module)];
}

interface ContractFormOptions<Values, M> {
  initialValues: Values;
  /**
   * Every error of the values, by path: `schemaErrors(ContractSchema)` or a check built on the contract's;
   * with `checks`, given the loaded checks module as well.
   */
  validate: (values: Values, checks: M) => Partial<FieldErrors>;
  /**
   * Where `validate`'s schemas are, when they are kept out of the page's chunk: the form draws and takes
   * typing at once; the errors are computed once the module is in, and a submit waits for it (nothing is
   * sent unchecked).
   */
  checks?: LazyChecks<M>;
  /** Also show a field's error once the user has left it, before any submit. */
  showOnBlur?: boolean;
  /** Which paths' errors show, instead of 'after a submit was tried' (a wizard shows them per step). */
  visible?: (path: string) => boolean;
  /** A value whose errors the server names otherwise ('value' → 'rule.value'): shown and cleared by that name. */
  errorPaths?: Partial<Record<string, string>>;
  /** After each change of the values (an autosave follows them). */
  onValuesChange?: (values: Values) => void;
}

/**
 * The one way a portal form is built: @mantine/form holds the values, the fields the user left and
 * the server's field errors (each cleared when its field changes); the contract checks the values on
 * every render, so once shown an error follows what is typed. Shown under a field: the check's error
 * once the user tried to submit (or left the field, with `showOnBlur`), else the server's.
 */
export function useContractForm<Values extends Record<string, unknown>, M = undefined>({
  initialValues,
  validate,
  checks,
  showOnBlur = false,
  visible,
  errorPaths = {},
  onValuesChange,
}: ContractFormOptions<Values, M>) {
  // 'focus': a field counts as touched when left (below), not at the first key typed.
  const form = useForm<Values>({ mode: 'controlled', initialValues, touchTrigger: 'focus', onValuesChange });
  const [tried, setTried] = useState(false);
  const values = form.values;
  const [loaded, arrived] = useLazyChecks(checks);
  const ready = !checks || loaded !== undefined;
  const errors = ready ? validate(values, loaded as M) : {};
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const shows = visible ?? ((path: string) => tried || (showOnBlur && form.isTouched(path)));
  const serverErrors = form.errors as FieldErrors;
  const shown: FieldErrors = { ...serverErrors };
  for (const [path, message] of Object.entries(errors)) if (message && shows(path)) shown[path] = message;

  const whenChecked = (then: (checks: M, values: Values) => void) => {
    if (ready) {
      then(loaded as M, form.getValues());
      return;
    }
    checks!.load().then(
      (module) => {
        if (!mounted.current) return;
        arrived(module);
        then(module, form.getValues());
      },
      // Said, not swallowed: the user pressed a button. What they typed stays; the next try loads again.
      () => mounted.current && useSystemStore.getState().showError(ERROR_TEXTS['0']),
    );
  };

  const set = <P extends LooseKeys<Values> & string>(path: P, value: PathValue<Values, P>) => {
    form.setFieldValue(path, value as never);
    const other = errorPaths[path];
    if (other) form.clearFieldError(other);
  };

  const field = <P extends LooseKeys<Values> & string>(path: P): FieldProps<PathValue<Values, P>> => ({
    value: pathValue(values, path) as PathValue<Values, P>,
    onChange: (value) => set(path, value),
    error: shown[errorPaths[path] ?? path],
    ...(showOnBlur ? { onBlur: () => form.setTouched((t) => ({ ...t, [path]: true })) } : {}),
  });

  return {
    form,
    values,
    /** Every error of the values now, shown or not. */
    errors,
    /** What shows under the fields, by path. */
    shown,
    tried,
    set,
    field,
    /** Whether the checks are in (always, without `checks`); before, `errors` is empty. */
    ready,
    /**
     * `then` with the checks and what the form holds, at once when the checks are in, else once they
     * have loaded (should the load fail: not at all, the error modal says so, and the next call tries again).
     */
    whenChecked,
    /**
     * On submit: shows the errors, and sends the values only when there are none. Before the checks are
     * in, it waits for them and checks what the form holds then (nothing is sent unchecked).
     */
    submit: (send: (values: Values) => void) => {
      setTried(true);
      whenChecked((module, latest) => {
        if (!hasErrors(validate(latest, module))) send(latest);
      });
    },
    /** Back to the initial values, with nothing shown. */
    reset: () => {
      form.reset();
      setTried(false);
    },
  };
}

function pathValue(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], values);
}
