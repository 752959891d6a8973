import fc from 'fast-check';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import { Settings } from 'typebox/system';
import { afterEach, describe, expect, it } from 'vitest';
import { schemaCheck } from './schemaCheck.ts';

const Row = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    name: Type.String({ minLength: 1, maxLength: 8 }),
    price: Type.Union([Type.Number(), Type.Null()]),
    tags: Type.Optional(Type.Array(Type.Literal('live'))),
  },
  { additionalProperties: false },
);

/** Values near the schema: some fit, most miss one rule or another. */
const nearRow = fc.record(
  {
    id: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.string({ maxLength: 2 }), fc.double()),
    name: fc.oneof(fc.string({ maxLength: 10 }), fc.constant(null)),
    price: fc.oneof(fc.double(), fc.constant(null), fc.boolean()),
    tags: fc.array(fc.constantFrom('live', 'soon'), { maxLength: 2 }),
    extra: fc.integer(),
  },
  { requiredKeys: [] },
);

// The web app's CSP refuses generated code; TypeBox's `useAcceleration: false` makes Node refuse it too.
const accelerated = Settings.Get().useAcceleration;
afterEach(() => Settings.Set({ useAcceleration: accelerated }));

describe('schemaCheck', () => {
  it('makes nothing before its first use, then a compiled validator where code can be evaluated', () => {
    const check = schemaCheck(Row);
    expect(check.kind).toBe('unused');
    expect(check.Check({ id: 1, name: 'a', price: null })).toBe(true);
    expect(check.kind).toBe('compiled');
  });

  it('where code cannot be evaluated, interprets the schema: the compiled verdicts and errors', () => {
    const compiled = Compile(Row);
    Settings.Set({ useAcceleration: false });
    const check = schemaCheck(Row);
    expect(check.Check({ id: 0, name: 'a', price: null })).toBe(false);
    expect(check.kind).toBe('interpreted');
    fc.assert(
      fc.property(nearRow, (value) => {
        expect(check.Check(value)).toBe(compiled.Check(value));
        expect(check.Errors(value)).toEqual(compiled.Errors(value));
      }),
    );
  });
});
