// Property tests of the parsers of upload names: ZIP entry names and GitHub addresses. Any text is
// answered (a clean relative path or a refusal naming the problem) within the bound, and no accepted
// path can leave the project folder.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALL_BOUND_MS, hostileText, outcome } from '@atr/shared/testing';
import { EngineError } from '../errors.ts';
import { parseGithubUrl } from './github-ingest.ts';
import { checkEntryName } from './zip-ingest.ts';

const segment = fc.oneof(
  fc.constantFrom('..', '.', '', 'src', 'a b', 'C:', '\\', '%2e%2e'),
  fc.string({ maxLength: 12 }),
);
const entryName = fc.oneof(
  hostileText,
  fc.array(segment, { minLength: 1, maxLength: 12 }).map((s) => s.join('/')),
);

describe('upload names under generated and hostile input', () => {
  it('ZIP entry names: refused with an EngineError or normalised to a path inside the project', () => {
    fc.assert(
      fc.property(entryName, (name) => {
        const { ms, value: result, error } = outcome(() => checkEntryName(name));
        expect(ms).toBeLessThan(CALL_BOUND_MS);
        if (error !== undefined) expect(error).toBeInstanceOf(EngineError);
        if (result === undefined) return;
        expect(result.startsWith('/')).toBe(false);
        expect(result.split('/')).not.toContain('..');
        expect(result).not.toContain('\0');
        expect(result).not.toContain('\\');
      }),
      { numRuns: 200 },
    );
  });

  it('GitHub addresses: a repository on github.com or an EngineError, within the bound', () => {
    const url = fc.oneof(
      hostileText,
      fc
        .tuple(
          fc.constantFrom('', 'https://', 'http://', 'ftp://'),
          fc.constantFrom('github.com', 'www.github.com', 'evil.com', 'github.com.evil.com'),
          fc.array(segment, { maxLength: 8 }),
        )
        .map(([scheme, host, parts]) => `${scheme}${host}/${parts.join('/')}`),
    );
    fc.assert(
      fc.property(url, (input) => {
        const { ms, value: ref, error } = outcome(() => parseGithubUrl(input));
        expect(ms).toBeLessThan(CALL_BOUND_MS);
        // decodeURIComponent's URIError is the one other refusal a malformed escape gets
        if (error !== undefined) expect(error instanceof EngineError || error instanceof URIError).toBe(true);
        if (!ref) return;
        expect(ref.owner).toMatch(/^[A-Za-z0-9_.-]+$/);
        expect(ref.repo).toMatch(/^[A-Za-z0-9_.-]+$/);
        expect(['.', '..']).not.toContain(ref.repo);
        expect((ref.path ?? '').split('/')).not.toContain('..');
      }),
      { numRuns: 200 },
    );
  });
});
