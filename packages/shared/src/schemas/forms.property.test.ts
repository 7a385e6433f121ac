// Property tests of the shared form and body schemas: any text, hostile or not, is answered (accepted or
// refused with a message) quickly, and a control character anywhere is refused naming its field.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALL_BOUND_MS, controls, hostileText, timeOf } from '../test/adversarial.ts';
import { findControlChar, findControlCharIn } from '../control-chars.ts';
import { LoginFormSchema, ProfileFormSchema, SignupFormSchema } from './auth.ts';
import { EstimateBodySchema } from './estimate.ts';
import { CompanyDataSchema, GITHUB_URL_RE, GenerateFormSchema, normaliseWebsite } from './reports.ts';

const runs = { numRuns: 60 };
// eslint-disable-next-line no-control-regex -- the characters under test
const CONTROL = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f]/;
const holdsControl = (v: unknown): boolean =>
  typeof v === 'string'
    ? CONTROL.test(v)
    : Array.isArray(v)
      ? v.some(holdsControl)
      : v !== null && typeof v === 'object'
        ? Object.entries(v).some(([k, x]) => CONTROL.test(k) || holdsControl(x))
        : false;
const strip = (v: unknown): unknown =>
  typeof v === 'string'
    ? v.replace(new RegExp(CONTROL.source, 'g'), '')
    : Array.isArray(v)
      ? v.map(strip)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [strip(k), strip(x)]))
        : v;

describe('form schemas under generated and hostile input', () => {
  it('answer every sign-up, login, profile and company form quickly', () => {
    fc.assert(
      fc.property(hostileText, hostileText, hostileText, (a, b, c) => {
        for (const work of [
          () => SignupFormSchema.safeParse({ fullName: a, email: b, password: c, confirmPassword: c }),
          () => LoginFormSchema.safeParse({ email: a, password: b }),
          () => ProfileFormSchema.safeParse({ fullName: a }),
          () => CompanyDataSchema.safeParse({ name: a, email: b, website: c, address: a, vat: b, phone: c }),
          () => normaliseWebsite(a),
          () => GITHUB_URL_RE.test(a),
          () =>
            GenerateFormSchema.safeParse({
              projectName: a,
              projectSource: 'github',
              githubUrl: b,
              githubToken: c,
              templateFileName: `${a}.yaml`,
            }),
          () => EstimateBodySchema.safeParse({ template: a, files: [[b, 1]], github: { url: c } }),
        ])
          expect(timeOf(work)).toBeLessThan(CALL_BOUND_MS);
      }),
      runs,
    );
  });

  it('refuse a control character in any single-line field, naming it', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        controls,
        fc.string({ maxLength: 40 }),
        (before, bad, after) => {
          const name = `${before}${bad}${after}`.trim();
          fc.pre(findControlChar(name, { singleLine: true }) !== null);
          const r = ProfileFormSchema.safeParse({ fullName: name });
          expect(r.success).toBe(false);
          expect(r.error!.issues.map((i) => i.message).join('\n')).toMatch(
            /Full name contains a control character|at most|fill in/,
          );
        },
      ),
      runs,
    );
  });

  it('finds a control character anywhere in a body, however deep, naming its path', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue({ maxDepth: 6 }),
          fc.dictionary(fc.string({ unit: 'binary-ascii' }), fc.string({ unit: 'binary-ascii' })),
        ),
        controls,
        fc.integer({ min: 1, max: 20_000 }),
        (value, bad, depth) => {
          fc.pre(findControlChar(bad) !== null);
          // found exactly when some string or key holds one (checked here by a plain recursive walk)…
          expect(findControlCharIn(value) !== null).toBe(holdsControl(value));
          const clean = strip(value);
          expect(findControlCharIn(clean)).toBeNull();
          // …and a control character under `depth` levels of lists is found, with its path, without recursion
          let deep: unknown = `x${bad}`;
          for (let i = 0; i < depth; i++) deep = [deep];
          const started = performance.now();
          const found = findControlCharIn({ clean, deep });
          expect(found?.field).toBe(`deep${'.0'.repeat(depth)}`);
          expect(performance.now() - started).toBeLessThan(CALL_BOUND_MS);
        },
      ),
      { numRuns: 40 },
    );
  });
});
