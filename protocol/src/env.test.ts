import fc from 'fast-check';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

const Schema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080 }),
  RATIO: Type.Number({ default: 0.5 }),
  DEBUG: Type.Boolean({ default: false }),
  LOG_LEVEL: Type.Union([Type.Literal('info'), Type.Literal('debug')], { default: 'info' }),
  HOSTS: Type.Array(Type.String({ minLength: 1 }), { default: [] }),
  PORTS: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  TOKEN: Type.Optional(Type.String({ minLength: 8 })),
  NAME: Type.String({ minLength: 1 }),
});

describe('parseEnv', () => {
  it('applies defaults and converts strings by the schema', () => {
    expect(parseEnv(Schema, { NAME: 'gw' })).toEqual({
      ok: true,
      value: { PORT: 8080, RATIO: 0.5, DEBUG: false, LOG_LEVEL: 'info', HOSTS: [], NAME: 'gw' },
    });
    const parsed = parseEnv(Schema, {
      NAME: 'gw',
      PORT: ' 3000 ',
      RATIO: '1e-2',
      DEBUG: 'YES',
      LOG_LEVEL: 'debug',
      HOSTS: 'a.example, b.example,,',
      PORTS: '80,443',
      TOKEN: 'long-enough',
      UNRELATED: 'ignored',
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        NAME: 'gw',
        PORT: 3000,
        RATIO: 0.01,
        DEBUG: true,
        LOG_LEVEL: 'debug',
        HOSTS: ['a.example', 'b.example'],
        PORTS: [80, 443],
        TOKEN: 'long-enough',
      },
    });
  });

  it('treats an empty or blank value as unset', () => {
    const parsed = parseEnv(Schema, { NAME: 'gw', PORT: '', DEBUG: '  ', TOKEN: '' });
    expect(parsed).toEqual({
      ok: true,
      value: { PORT: 8080, RATIO: 0.5, DEBUG: false, LOG_LEVEL: 'info', HOSTS: [], NAME: 'gw' },
    });
    const missing = parseEnv(Schema, { NAME: '' });
    expect(missing.ok).toBe(false);
    if (!missing.ok)
      expect(missing.errors).toEqual(['NAME: required, expected a string at least 1 characters']);
  });

  it('names every bad variable and what it expected, and never converts loosely', () => {
    const parsed = parseEnv(Schema, {
      NAME: 'gw',
      PORT: '1.5',
      RATIO: 'abc',
      DEBUG: 'maybe',
      LOG_LEVEL: 'loud',
      PORTS: '80,0x10',
      TOKEN: 'short',
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual([
      'PORT: expected an integer >= 0 and <= 65535, got "1.5"',
      'RATIO: expected a number, got "abc"',
      'DEBUG: expected a boolean (true/false, 1/0, yes/no, on/off), got "maybe"',
      'LOG_LEVEL: expected one of "info", "debug", got "loud"',
      'PORTS: expected a comma-separated list of an integer >= 1, got "80,0x10"',
      'TOKEN: expected a string at least 8 characters, got "short"',
    ]);
    const range = parseEnv(Schema, { NAME: 'gw', PORT: '70000' });
    expect(range.ok ? [] : range.errors).toEqual([
      'PORT: expected an integer >= 0 and <= 65535, got "70000"',
    ]);
  });

  it('does not mutate the shared default', () => {
    const first = parseEnv(Schema, { NAME: 'gw' });
    if (first.ok) first.value.HOSTS.push('x');
    const second = parseEnv(Schema, { NAME: 'gw' });
    expect(second.ok && second.value.HOSTS).toEqual([]);
  });

  it('rejects a schema that is not an object', () => {
    expect(parseEnv(Type.String(), {})).toEqual({
      ok: false,
      errors: ['parseEnv: the schema must be a Type.Object'],
    });
  });

  it('never throws, and accepts every integer in range as its decimal text', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('PORT', 'RATIO', 'DEBUG', 'HOSTS', 'NAME', 'X'), fc.string()),
        (env) => {
          const parsed = parseEnv(Schema, env);
          expect(typeof parsed.ok).toBe('boolean');
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 65535 }), (port) => {
        expect(parseEnv(Schema, { NAME: 'gw', PORT: String(port) })).toMatchObject({
          ok: true,
          value: { PORT: port },
        });
      }),
    );
  });
});
