/**
 * Process settings from an environment object (every server parses `process.env` here, once, at
 * start). Pure: the caller passes the environment in; nothing here reads `process` or throws.
 *
 * The schema is a `Type.Object` whose property names are the variable names. Every value arrives
 * as a string and is converted strictly by the property's schema: integers (`"12"`, not `"1.5"`
 * or `"0x10"`), numbers, booleans (`true/false`, `1/0`, `yes/no`, `on/off`, any case), literals
 * and unions of them, and arrays (a comma-separated list, items trimmed, empty items dropped).
 * An empty or all-blank value counts as unset; unset variables take the schema's `default`, and
 * a required variable without one is an error. Every error names the variable and what was
 * expected, so a server can print them all and exit.
 */

import type { Static, TSchema } from 'typebox';
import Type from 'typebox';
import { Value } from 'typebox/value';

export type ParsedEnv<T> = { ok: true; value: T } | { ok: false; errors: string[] };

export function parseEnv<T extends TSchema>(
  schema: T,
  env: Readonly<Record<string, string | undefined>>,
): ParsedEnv<Static<T>> {
  if (!Type.IsObject(schema)) return { ok: false, errors: ['parseEnv: the schema must be a Type.Object'] };
  const properties = schema.properties as Record<string, TSchema>;
  const required = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const raw = Object.hasOwn(env, name) ? env[name] : undefined;
    if (raw === undefined || raw.trim() === '') {
      const fallback = (property as { default?: unknown }).default;
      if (fallback !== undefined) out[name] = Value.Clone(fallback);
      else if (required.has(name) && !Type.IsOptional(property)) {
        errors.push(`${name}: required, expected ${describe(property)}`);
      }
      continue;
    }
    const value = convert(property, raw);
    if (!Value.Check(property, value)) {
      errors.push(`${name}: expected ${describe(property)}, got ${JSON.stringify(raw)}`);
      continue;
    }
    out[name] = value;
  }
  if (errors.length > 0) return { ok: false, errors };
  if (!Value.Check(schema, out)) {
    // Object-level constraints the per-variable checks cannot see; name what TypeBox names.
    return {
      ok: false,
      errors: Value.Errors(schema, out).map(
        (e) => `${e.instancePath.slice(1) || 'environment'}: ${e.message}`,
      ),
    };
  }
  return { ok: true, value: out as Static<T> };
}

const INTEGER = /^[-+]?\d+$/;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const TRUE = new Set(['true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

/** Strict conversion of one string by a schema; a string that does not fit is returned as is. */
function convert(schema: TSchema, raw: string): unknown {
  const text = raw.trim();
  if (Type.IsInteger(schema)) return INTEGER.test(text) ? Number(text) : raw;
  if (Type.IsNumber(schema)) return NUMBER.test(text) ? Number(text) : raw;
  if (Type.IsBoolean(schema)) {
    const lower = text.toLowerCase();
    return TRUE.has(lower) ? true : FALSE.has(lower) ? false : raw;
  }
  if (Type.IsLiteral(schema)) {
    const constant = schema.const;
    if (typeof constant === 'number') return NUMBER.test(text) && Number(text) === constant ? constant : raw;
    if (typeof constant === 'boolean') return convert(Type.Boolean(), raw);
    return raw;
  }
  if (Type.IsUnion(schema)) {
    for (const member of schema.anyOf as TSchema[]) {
      const value = convert(member, raw);
      if (Value.Check(member, value)) return value;
    }
    return raw;
  }
  if (Type.IsArray(schema)) {
    const items = schema.items as TSchema;
    return raw
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => convert(items, part));
  }
  return raw;
}

/** What a schema accepts, in words for an error message. */
function describe(schema: TSchema): string {
  const s = schema as Record<string, unknown>;
  const range = (): string => {
    const bounds: string[] = [];
    if (typeof s.minimum === 'number') bounds.push(`>= ${s.minimum}`);
    if (typeof s.exclusiveMinimum === 'number') bounds.push(`> ${s.exclusiveMinimum}`);
    if (typeof s.maximum === 'number') bounds.push(`<= ${s.maximum}`);
    if (typeof s.exclusiveMaximum === 'number') bounds.push(`< ${s.exclusiveMaximum}`);
    return bounds.length > 0 ? ` ${bounds.join(' and ')}` : '';
  };
  if (Type.IsInteger(schema)) return `an integer${range()}`;
  if (Type.IsNumber(schema)) return `a number${range()}`;
  if (Type.IsBoolean(schema)) return 'a boolean (true/false, 1/0, yes/no, on/off)';
  if (Type.IsLiteral(schema)) return JSON.stringify(schema.const);
  if (Type.IsUnion(schema)) return `one of ${(schema.anyOf as TSchema[]).map(describe).join(', ')}`;
  if (Type.IsArray(schema)) return `a comma-separated list of ${describe(schema.items as TSchema)}`;
  if (Type.IsString(schema)) {
    const parts: string[] = [];
    if (typeof s.minLength === 'number') parts.push(`at least ${s.minLength} characters`);
    if (typeof s.maxLength === 'number') parts.push(`at most ${s.maxLength} characters`);
    if (typeof s.pattern === 'string') parts.push(`matching /${s.pattern}/`);
    if (typeof s.format === 'string') parts.push(`in ${s.format} format`);
    const text = typeof s.description === 'string' ? ` (${s.description})` : '';
    return `a string${parts.length > 0 ? ` ${parts.join(', ')}` : ''}${text}`;
  }
  return typeof s.description === 'string' ? s.description : 'a valid value';
}
