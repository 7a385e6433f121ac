// Passes that read repository text finish in time proportional to it on the inputs that made their
// earlier regular expressions backtrack: long runs of comment openers, spaces or capitals.
import { describe, expect, it } from 'vitest';
import { bannerTitle } from './ci.ts';
import { extractFile } from './symbols.ts';
import { dataModelPass } from './data-model.ts';
import { readmeTitle } from './identity/purpose.ts';
import { extractComments } from '../retrieval/documents.ts';
import { tokenize } from '../retrieval/tokenize.ts';
import { languagesPass } from './languages.ts';
import { countLines } from './line-counter.ts';
import { detectLanguage } from './cloc-languages.ts';
import { pytestFiles, pythonTestBases } from './tests.ts';
import { extractClaims } from '../agents/prose-claims.ts';
import { bareLibraryAnalysis } from '../agents/test-fixtures.ts';
import { normaliseLicense } from './license.ts';
import { secretsPass } from './secrets.ts';
import { sourcesFromMap } from './sources.ts';
import { todosPass } from './todos.ts';
import { plainProse } from '../agents/identity-text.ts';
import { summariseReadme } from './docs.ts';
import { loopReads, settingsReads } from './env-readers.ts';
import { jsExports, pyExports, rustPubItems } from './identity/surface.ts';
import { headerSummary } from './identity/rank.ts';
import { callsIn, definitions, importBindings } from './flow/definitions.ts';

const N = 200_000;

/** Runs `f` and returns its result with the milliseconds it took. */
function timed<T>(f: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = f();
  return { value, ms: performance.now() - started };
}

describe('linear-time reading of hostile repository text', () => {
  it('finds TODO markers after runs of comment openers, and only real ones', () => {
    const src = sourcesFromMap({
      'a.ts': `${'/'.repeat(N)} not a marker\n// TODO: real one */\n`,
      'b.py': `${'#'.repeat(N)}\n# FIXME: second -->\n`,
      'c.lisp': `${';'.repeat(N)} BUG\n`,
    });
    const { value, ms } = timed(() => todosPass(src, languagesPass(src).files));
    expect(value.map((t) => `${t.file}:${t.line} ${t.tag} ${t.text}`)).toEqual([
      'a.ts:2 TODO real one',
      'b.py:2 FIXME second',
      ...value.filter((t) => t.file === 'c.lisp').map((t) => `${t.file}:${t.line} ${t.tag} ${t.text}`),
    ]);
    expect(ms).toBeLessThan(1000);
  });

  it('reads a committed .env file with a very long line of spaces', () => {
    const src = sourcesFromMap({
      '.env': `# settings\nSECRET_TOKEN=${' '.repeat(N)}x${' '.repeat(N)}\nAPI_KEY="abc123"\nEMPTY=\nQUOTED_EMPTY=""\n`,
    });
    const { value, ms } = timed(() => secretsPass(src, languagesPass(src).files));
    const finding = value.findings.find((f) => f.kind === 'Committed .env file');
    expect(finding).toMatchObject({ file: '.env', line: 2, masked: '2 values set' });
    expect(finding?.variable).toBe('SECRET_TOKEN, API_KEY');
    expect(ms).toBeLessThan(1000);
  });

  it('normalises a licence expression padded with spaces around slashes', () => {
    const { value, ms } = timed(() => normaliseLicense(`MIT${' '.repeat(N)}/ Apache-2.0`));
    expect(value).toBe('MIT OR Apache-2.0');
    expect(ms).toBeLessThan(1000);
  });

  it('splits identifiers and comment lines built of one repeated character', () => {
    const capitals = timed(() => tokenize(`${'A'.repeat(N)}b HTMLParser`));
    expect(capitals.value).toContain('parser');
    expect(capitals.ms).toBeLessThan(1000);
    const comments = timed(() =>
      extractComments(`${'/'.repeat(N)} x\n// explains the module\nx = 1 # ${' #'.repeat(N)}`),
    );
    expect(comments.value).toContain('explains the module');
    expect(comments.ms).toBeLessThan(1000);
  });

  it('reads data models whose declarations run on over long words and spaces', () => {
    const src = sourcesFromMap({
      'schema.rs': `table! {\n    users (id) {\n        id -> Int4,\n        ${'a'.repeat(N)} b\n    }\n}\n`,
      'models.py': `from django.db import models\n\nclass Shop(models.Model):\n    name = models.CharField(max_length=20)\n    x${' '.repeat(N)}y\n`,
      'entity.ts': `@Entity() class User${'a'.repeat(N)}\n`,
    });
    const { value, ms } = timed(() => dataModelPass(src, languagesPass(src).files));
    expect(value.map((e) => e.name).sort()).toEqual(['Shop', 'users']);
    expect(ms).toBeLessThan(1000);
  });

  it('reads shell banners and README titles made of long runs of one character', () => {
    expect(bannerTitle('echo "== Debian packages"')).toBe('Debian packages');
    expect(bannerTitle("echo '### Tests ###'")).toBe('Tests');
    expect(bannerTitle('echo "building"')).toBeNull();
    const banners = timed(() => bannerTitle(`echo ${'='.repeat(N)} x ${' '.repeat(N)}=`));
    // a lone `=` closes no banner: it stays in the title (compared by length, never diffed)
    expect(banners.value === `x${' '.repeat(N + 1)}=`).toBe(true);
    expect(banners.ms).toBeLessThan(1000);
    expect(readmeTitle('# The Shop ##\n')?.text).toBe('The Shop');
    const title = timed(() => readmeTitle(`# [${'['.repeat(40)}Shop](x) <${'<'.repeat(20)}\n`));
    expect(title.value?.text).toContain('Shop');
    expect(title.ms).toBeLessThan(1000);
  });

  it('counts a lower- or mixed-case todo or fixme opening a comment, not a hack in prose', () => {
    const src = sourcesFromMap({
      'a.ts': '//Todo: handle the error\n\n// todo later maybe\n\n// fixme: leaks\n\n// a hack around it\n',
    });
    expect(todosPass(src, languagesPass(src).files).map((t) => `${t.line} ${t.tag} ${t.text}`)).toEqual([
      '1 TODO handle the error',
      '3 TODO later maybe',
      '5 FIXME leaks',
    ]);
  });

  it('counts lines whose comment openers or quotes are never closed', () => {
    const slashes = timed(() => countLines(`int x;\n${'/'.repeat(N)}\\`, 'C++'));
    expect(slashes.value).toEqual({ code: 1, comment: 1, blank: 0 });
    expect(slashes.ms).toBeLessThan(1000);
    const openers = timed(() => countLines(`int x;\n${'/*x'.repeat(N)}\nint y; /* c */\n`, 'C'));
    // the first opener's comment runs to the only closer, on the next line
    expect(openers.value).toEqual({ code: 1, comment: 2, blank: 0 });
    expect(openers.ms).toBeLessThan(1000);
    const quotes = timed(() =>
      countLines(`${'"'.repeat(N)}\nString s = "/*"; // c\nint x;\n`, 'Java', { clocStrings: true }),
    );
    expect(quotes.value).toEqual({ code: 3, comment: 0, blank: 0 });
    expect(quotes.ms).toBeLessThan(1000);
  });

  it('counts Markdown and detects generated C# over runs of unclosed openers and dashes', () => {
    const md = timed(() =>
      countLines(
        `# Title\n${'[](<>'.repeat(N)}\n[//]: # (a note)\ntext [](x) more\n${'<!--'.repeat(N)} x\n`,
        'Markdown',
      ),
    );
    // the line of `[](<>` opens a comment that `(a note)` cannot close: only the title is code
    expect(md.value).toEqual({ code: 1, comment: 4, blank: 0 });
    expect(md.ms).toBeLessThan(1000);
    const header = `//${'-'.repeat(N)}\n// ${' '.repeat(N)}<auto-generated>\n`;
    const cs = timed(() => detectLanguage('a.cs', header));
    expect(cs.value).toBe('C# Generated');
    expect(detectLanguage('b.cs', `//${'-'.repeat(N)}\r\n// <auto-generated>\n`)).toBe('C#');
    expect(cs.ms).toBeLessThan(1000);
  });

  it('reads Python base classes and pytest globs padded to their length limits', () => {
    const bases = timed(() =>
      pythonTestBases([
        'class Base(TestCase):\n    pass\n',
        `class Api(${'a'.repeat(200)} b,${' '.repeat(200)}Base[T] ):\n    pass\n`,
        `class Other(${'a '.repeat(240)}):\n    pass\n`,
      ]),
    );
    expect(bases.value('Api')).toBe(true);
    expect(bases.value('Other')).toBe(false);
    expect(bases.ms).toBeLessThan(1000);
    const src = sourcesFromMap({ 'pytest.ini': `[pytest]\npython_files = ${'a'.repeat(280)} check_*.py\n` });
    const files = timed(() => pytestFiles(src));
    expect(files.value('check_api.py')).toBe(true);
    expect(files.value('test_api.py')).toBe(false);
    expect(files.ms).toBeLessThan(1000);
  });

  it("reads a report's claims over runs of spaces, dashes, brackets, quotes and path characters", () => {
    const a = bareLibraryAnalysis();
    const md = [
      `The project is released under the MIT licence.${' '.repeat(N)}The project holds 12 files.`,
      `${'word '.repeat(N / 5)}- ${'-'.repeat(N)} x`,
      `${'['.repeat(N)} and ${'“'.repeat(N)} and ${'a.'.repeat(N / 2)} and ${'(`a`'.repeat(N / 4)}`,
      `${' '.repeat(N)}:${' '.repeat(N)};${' '.repeat(N)} the${' '.repeat(N)}`,
      `- **Licence:**${' '.repeat(N)}MIT-licensed, a ${'x-'.repeat(N / 2)}`,
    ].join('\n\n');
    const { value, ms } = timed(() => extractClaims(md, a).map((c) => `${c.key}=${c.value}`));
    expect(value).toContain('licence=MIT');
    expect(value).toContain('files=12');
    expect(ms).toBeLessThan(1000);
  });

  it('tells the methods of a Python class with thousands of methods in one pass', () => {
    const body = Array.from({ length: 20_000 }, (_, i) => `    def m${i}(self):\n        pass\n`).join('');
    const { value, ms } = timed(() => extractFile('big.py', `class Big:\n${body}`, 'Python'));
    expect(value.symbols.filter((x) => x.kind === 'method')).toHaveLength(20_000);
    expect(ms).toBeLessThan(1000);
  });

  it('reduces README prose and headings built of unclosed brackets, angle brackets and underscores', () => {
    const prose = timed(() =>
      plainProse(`${'['.repeat(N)} a [link](https://x.test) and <b>bold</b> ${'<'.repeat(N)}`),
    );
    expect(prose.value).toContain('a link and bold');
    expect(prose.ms).toBeLessThan(1000);
    const readme = timed(() =>
      summariseReadme(
        `# Tool ##\n\n${'['.repeat(N)} ${'_'.repeat(N)}x ${'<'.repeat(N)}\n\n## C#\n\nA [guide](g.md) for __you__.\n`,
      ),
    );
    expect(readme.value.title).toBe('Tool');
    expect(readme.value.headings).toContain('C#');
    expect(readme.ms).toBeLessThan(1000);
  });

  it('reads settings, loops and exports padded with long runs of spaces', () => {
    const spaces = ' '.repeat(N);
    const settings = timed(() =>
      settingsReads(
        `import environ\nenv = environ.Env()\nDEBUG = env.bool("DEBUG", default=${spaces}False)\n` +
          `PORT = env.int("PORT", default=8000)\n` +
          `class Settings(BaseSettings):\n    host: str = "localhost"\n    port: int${spaces}= 8000\n    name${spaces}: str\n`,
      ),
    );
    expect(settings.value.map((r) => [r.name, r.fallback])).toEqual(
      expect.arrayContaining([
        ['PORT', '8000'],
        ['HOST', '"localhost"'],
      ]),
    );
    expect(settings.ms).toBeLessThan(1000);
    const loops = timed(() =>
      loopReads(
        new Map([
          [
            'a.py',
            { text: `for k in (${spaces}"A", "B"${spaces},${spaces}):\n    os.environ[k]\n`, family: 'py' },
          ],
        ]),
      ),
    );
    expect(loops.ms).toBeLessThan(1000);
    const js = timed(() =>
      jsExports('a.js', `module.exports = {${spaces}a${spaces}: 1, b }\nmodule.exports = App${spaces};\n`),
    );
    expect(js.value.map((e) => e.name)).toEqual(expect.arrayContaining(['a', 'b', 'App']));
    expect(js.ms).toBeLessThan(1000);
    const py = timed(() =>
      pyExports(
        'm.py',
        `from .x import (a${spaces}as${spaces}b)\nclass E(Base[${'['.repeat(N)}]):\n    pass\n`,
      ),
    );
    expect(py.ms).toBeLessThan(1000);
    const rust = timed(() =>
      rustPubItems('lib.rs', `pub use${spaces}a::{b${spaces}as${spaces}c, d};\npub use ${spaces}`),
    );
    expect(rust.value.map((e) => e.name)).toEqual(expect.arrayContaining(['c', 'd']));
    expect(rust.ms).toBeLessThan(1000);
  });

  it('summarises a header comment whose closing stars and JSDoc tags run on', () => {
    const { value, ms } = timed(() =>
      headerSummary(`/**\n * Parses the {@link${' '.repeat(N)}Config} file.\n ${'*'.repeat(N)}/\n`),
    );
    expect(value).toBe('Parses the Config file.');
    expect(ms).toBeLessThan(1000);
  });

  it('reads definitions, calls and imports of lines built of long chains, spaces and open parentheses', () => {
    const spaces = ' '.repeat(N);
    const chain = 'a.'.repeat(N / 4);
    const calls = timed(() => callsIn([`${chain}b c.d().e(1)`], 1, 1));
    expect(calls.value.map((c) => c.name)).toEqual(['d', 'e']);
    expect(calls.ms).toBeLessThan(1000);
    const js = timed(() =>
      definitions(
        `function${spaces}run() {}\nclass A {\n  ${'*'.repeat(10)}${spaces}x\n  go(a)${spaces}{\n}\n`,
        'TypeScript',
      ),
    );
    expect(js.value.map((d) => d.name)).toEqual(expect.arrayContaining(['run', 'A']));
    expect(js.ms).toBeLessThan(1000);
    const jvm = timed(() =>
      definitions(
        `class A extends B${spaces}implements C {\n}\nclass D(${'('.repeat(N)}) : E${spaces}\n`,
        'Java',
      ),
    );
    expect(jvm.ms).toBeLessThan(1000);
    const go = timed(() => definitions(`func (${spaces}r${spaces}*Router) Handle() {}\n`, 'Go'));
    expect(go.value.map((d) => d.name)).toContain('Handle');
    expect(go.ms).toBeLessThan(1000);
    const imports = timed(() =>
      importBindings(`import x${spaces},${spaces}{ y } from 'm';\nimport z from 'n';\n`, 'TypeScript'),
    );
    expect(imports.value.get('z')).toBe('n');
    expect(imports.ms).toBeLessThan(1000);
  });
});
