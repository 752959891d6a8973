/**
 * A schema's checker, made on its first use. Where generated code can run (Node: the gateway, the
 * simulator, the tests) it is TypeBox's compiled validator. Where it cannot (the web app under the
 * gateway's CSP, `script-src 'self'`, which refuses `new Function`), a compiled validator would
 * build its code, fail to evaluate it and fall back to TypeBox's interpreted check: here that
 * check is taken directly (`Value.Check`, `Value.Errors`), without the code generation first,
 * which was the largest script cost of the web's reply checker and stream on a page's first load.
 * Same verdicts and errors either way: a compiled validator's `Errors` is `Value.Errors` too.
 */
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Environment } from 'typebox/system';
import { Value } from 'typebox/value';

export type SchemaErrors = ReturnType<typeof Value.Errors>;

export interface SchemaCheck<T extends TSchema> {
  Check(value: unknown): value is Static<T>;
  /** The schema errors of `value` (empty when it fits). */
  Errors(value: unknown): SchemaErrors;
  /** How it checks: decided on the first use ('unused' until then). */
  readonly kind: 'unused' | 'compiled' | 'interpreted';
}

interface Checker {
  Check(value: unknown): boolean;
  Errors(value: unknown): SchemaErrors;
}

function make(schema: TSchema): [Checker, 'compiled' | 'interpreted'] {
  if (Environment.CanEvaluate()) return [Compile(schema), 'compiled'];
  return [
    { Check: (value) => Value.Check(schema, value), Errors: (value) => Value.Errors(schema, value) },
    'interpreted',
  ];
}

/** A checker of `schema` that does nothing until its first `Check` or `Errors`. */
export function schemaCheck<T extends TSchema>(schema: T): SchemaCheck<T> {
  let checker: Checker | undefined;
  let kind: SchemaCheck<T>['kind'] = 'unused';
  const get = (): Checker => {
    if (checker === undefined) [checker, kind] = make(schema);
    return checker;
  };
  return {
    Check: (value): value is Static<T> => get().Check(value),
    Errors: (value) => get().Errors(value),
    get kind() {
      return kind;
    },
  };
}
