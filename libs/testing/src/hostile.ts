import fc from 'fast-check';

/** Arbitraries for hostile client input, shared by the @momentum/http and gateway property tests. */

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202E\u202Dtxt',
  '\uFEFF',
  '\u200B',
  '𝕏🙂👩‍👩‍👧',
  'e\u0301',
  '\r\n\t',
  '$gt',
  '$where',
  'function(){}',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; DROP TABLE x; --",
  '%00',
  '%E0%A4%A',
);

export const hostileString = fc.oneof(
  oddStrings,
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.integer({ min: 199, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const hostileKey = fc.oneof(
  fc.constantFrom(
    'type',
    'title',
    'notes',
    'tags',
    'schedule',
    'config',
    'days',
    '__proto__',
    'constructor',
    'prototype',
    '$gt',
    '$ne',
    '$where',
    '$set',
    'a.b',
    '',
  ),
  fc.string({ maxLength: 10 }),
);

const operator = fc
  .tuple(
    fc.constantFrom('$gt', '$ne', '$in', '$regex', '$where', '$exists', '$expr'),
    fc.oneof(fc.constant(''), fc.constant(['a']), fc.constant(true), hostileString),
  )
  .map(([op, v]) => ({ [op]: v }));

/** Any JSON value, with hostile leaves and keys and Mongo operators in the mix. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.double(),
    fc.integer(),
    fc.constantFrom(true, false, null, 0, -1, 1e308, 7, 6),
    operator,
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 6 }),
  ),
})).value;

/** Bodies that are almost valid: the right keys with hostile values. */
const nearlyValid = fc.record(
  {
    type: fc.oneof(fc.constantFrom('habit', 'daily', 'todo'), hostileValue),
    title: fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), hostileValue),
    notes: hostileValue,
    tags: fc.oneof(fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }), hostileValue),
    schedule: fc.oneof(
      fc.record({ days: fc.array(fc.integer({ min: -1, max: 7 }), { maxLength: 8 }) }),
      hostileValue,
    ),
    config: hostileValue,
  },
  { requiredKeys: [] },
);

/** Deep nesting, alone or inside an otherwise valid body (where it would reach a reply or the database). */
const nested = fc
  .tuple(fc.integer({ min: 1, max: 120_000 }), fc.constantFrom('[', '{"a":'), fc.boolean())
  .map(([n, open, inValid]) => {
    const deep = open.repeat(n) + '1' + (open === '[' ? ']' : '}').repeat(n);
    return inValid ? `{"type":"todo","title":"t","config":{"x":${deep}}}` : deep;
  });

const rawText = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '{',
    '{"a":',
    'nul',
    'undefined',
    '{"a":1}}',
    '[1,]',
    "{'a':1}",
    '{"a":1,"a":2}',
    '\u0000',
    '\uFEFF{}',
    'NaN',
    '1e999',
    '"\\ud800"',
  ),
);

export interface HostileBody {
  payload: string;
  contentType?: string;
}

export const hostileBody = (): fc.Arbitrary<HostileBody> =>
  fc.record(
    {
      payload: fc.oneof(
        nearlyValid.map((v) => JSON.stringify(v)),
        hostileValue.map((v) => JSON.stringify(v) ?? ''),
        fc.constantFrom('0', 'false', '""', 'null', '"abc"', '[]', '{}', '  '),
        nested,
        rawText,
        fc.constant('{"__proto__":{"isAdmin":true}}'),
        fc.constant('{"constructor":{"prototype":{"isAdmin":true}}}'),
      ),
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        fc.constantFrom(
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
          'multipart/form-data',
          '',
          'Application/JSON',
        ),
      ),
    },
    { requiredKeys: ['payload'] },
  );

/** Every UTF-8 byte as %XX (encodeURIComponent throws on lone surrogates). */
const percentEncode = (s: string) =>
  [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

const queryKey = fc.oneof(
  fc.constantFrom(
    'status',
    'q',
    'page',
    'limit',
    'status[$ne]',
    'status[]',
    '__proto__',
    '__proto__[x]',
    'constructor',
    'constructor[prototype][x]',
    '$where',
    'a.b',
    'limit[$gt]',
  ),
  fc.string({ maxLength: 8 }).map(percentEncode),
);
const queryValue = fc.oneof(
  fc.constantFrom(
    'todo',
    'done',
    '1',
    '0',
    '-1',
    '1e9',
    '101',
    '100',
    'NaN',
    'Infinity',
    '0x10',
    '',
    '%00',
    '%E0%A4%A',
    '%',
    '$gt',
    '[object Object]',
  ),
  hostileString.map((s) => percentEncode(s.slice(0, 300))),
  // Raw, but only what an HTTP request line can carry (a stray `%` included).
  fc.string({ maxLength: 20 }).map((s) => s.replace(/[^\x21-\x7e]|#/g, percentEncode)),
);

/** A raw query string (after the `?`), deliberately not always well encoded. */
export const hostileQuery = (): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(queryKey, fc.option(queryValue, { nil: undefined })), { maxLength: 6 })
    .map((pairs) => pairs.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join('&'));
