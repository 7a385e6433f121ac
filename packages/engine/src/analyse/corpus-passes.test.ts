// The analysis passes on the corpus of real repositories: test cases and frameworks, licences
// and the product's line count as each fact sheet states them, and no route, import, env var or
// secret taken from a comment, docstring or prose.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { corpusDir, corpusNames, unpackCorpus } from '../../test/corpus-archives.ts';
import { ingestDirectory } from '../ingest/index.ts';
import { blankComments } from './comments.ts';
import { analyse } from './index.ts';
import { testContext } from './test-helpers.ts';
import type { Analysis } from './types.ts';

interface Sheet {
  tests: { cases_min: number; cases_max: number; frameworks_any?: string[] };
  license_any: string[];
}

const corpus = corpusDir();

async function analyseCorpus(name: string): Promise<{ a: Analysis; root: string; sheet: Sheet }> {
  const root = await unpackCorpus(corpus!, name);
  const ctx = testContext();
  const a = await analyse(await ingestDirectory(root, ctx), ctx);
  const sheet = parse(await readFile(path.join(corpus!, `${name}.facts.yaml`), 'utf8')) as Sheet;
  return { a, root, sheet };
}

const TOKEN_KINDS = new Set([
  'AWS access key',
  'Private key',
  'GitHub token',
  'Slack token',
  'Slack webhook',
  'Stripe secret key',
  'Google API key',
]);

const ENV_READ =
  /getenv|environ|process(\?\.)?\.env|env::var|from_env|getproxies|ProxyFromEnvironment|LookupEnv|System\.getenv/i;

describe.skipIf(!corpus)('analysis passes on the corpus', () => {
  it.each(corpus ? corpusNames(corpus) : [])(
    '%s: tests, licence and code-only findings hold',
    async (name) => {
      const { a, root, sheet } = await analyseCorpus(name);

      const { cases_min, cases_max, frameworks_any } = sheet.tests;
      expect(a.tests.totalCases, 'tests.totalCases').toBeGreaterThanOrEqual(cases_min);
      expect(a.tests.totalCases, 'tests.totalCases').toBeLessThanOrEqual(cases_max);
      const frameworks = a.tests.frameworks.map((f) => f.toLowerCase());
      // a project without tests names no test framework
      if (frameworks_any)
        expect(
          frameworks_any.some((f) => frameworks.includes(f.toLowerCase())),
          `frameworks ${frameworks.join(', ')}`,
        ).toBe(true);
      else expect(frameworks).toEqual([]);

      expect(sheet.license_any.map((l) => l.toLowerCase())).toContain(a.license?.spdx?.toLowerCase());

      expect(a.linesByRole?.product?.code ?? 0).toBeGreaterThan(0);
      if (cases_max > 0) expect(a.linesByRole?.tests?.code ?? 0).toBeGreaterThan(0);

      // every finding's line still holds code once comments, docstrings and prose are blanked
      const language = new Map(a.files.map((f) => [f.path, f.language]));
      const code = new Map<string, string[]>();
      const lineOf = async (file: string, line: number) => {
        let lines = code.get(file);
        if (!lines)
          code.set(
            file,
            (lines = blankComments(
              await readFile(path.join(root, file), 'utf8'),
              language.get(file) ?? null,
            ).split('\n')),
          );
        return lines[line - 1] ?? '';
      };
      const testOnly = a.testOnly;
      for (const r of [...a.routes, ...(testOnly?.routes ?? [])])
        expect(await lineOf(r.file, r.line), `route ${r.path} ${r.file}:${r.line}`).toMatch(/\S/);
      for (const e of [...a.envVars, ...(testOnly?.envVars ?? [])]) {
        if (/(^|\/)\.env/.test(e.file)) continue;
        const at = await lineOf(e.file, e.line);
        // a name read through a helper that upper-cases it, held in a constant, computed
        // (`<NAME>_ACTIVE_HELP`) or read by a library call: the cited line is the read itself
        if (!at.toLowerCase().includes(e.name.toLowerCase()))
          expect(at, `env ${e.name} ${e.file}:${e.line}`).toMatch(ENV_READ);
      }
      for (const i of a.imports)
        expect(await lineOf(i.from, i.line), `import ${i.specifier} ${i.from}:${i.line}`).toContain(
          i.specifier,
        );
      for (const s of [...a.secrets, ...(testOnly?.secrets ?? [])]) {
        if (!TOKEN_KINDS.has(s.kind))
          expect(await lineOf(s.file, s.line), `secret ${s.kind} ${s.file}:${s.line}`).toMatch(/\S/);
      }
    },
  );
});
