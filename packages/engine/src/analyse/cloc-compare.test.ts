// Compares our per-language line counts with a live `cloc --json` on the same file lists:
// a generated multi-language tree, the sample-app fixture, this repository's packages/ and the
// corpus of real repositories.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { corpusDir, corpusNames, unpackCorpus } from '../../test/corpus-archives.ts';
import { BEYOND_CLOC_EXT } from './cloc-languages.ts';
import { scanLiterals } from './comments.ts';
import { languagesPass } from './languages.ts';
import { pathRole } from './path-role.ts';
import { loadSources, type Sources } from './sources.ts';
import type { FileInfo } from './types.ts';
import { listFiles, writeTree } from './test-helpers.ts';

const run = promisify(execFile);
const haveCloc = await run('cloc', ['--version']).then(
  () => true,
  () => false,
);
if (!haveCloc) {
  if (process.env.CI) throw new Error('cloc is required under CI (apt-get install cloc)');
  console.warn('cloc is not installed: skipping the cloc comparison tests');
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

async function compareWithCloc(root: string, files?: { path: string; size: number }[]) {
  const list = files ?? (await listFiles(root));
  const listFile = path.join(os.tmpdir(), `atr-cloc-${process.pid}-${Date.now()}.txt`);
  await writeFile(listFile, list.map((f) => f.path).join('\n') + '\n');
  // cloc gives each file a time budget (its line count / 1000 s by default) and, past it, counts
  // the file with a cruder filter; on a loaded machine that changes its figures, so no budget.
  const { stdout } = await run('cloc', ['--json', '--quiet', '--timeout=0', `--list-file=${listFile}`], {
    cwd: root,
    maxBuffer: 64 << 20,
  });
  const cloc = JSON.parse(stdout || '{}') as Record<
    string,
    { nFiles: number; code: number; comment: number; blank: number }
  >;
  // extensions cloc 1.96 does not know (.mts, .cts) are compared apart: cloc skips them
  // so are zsh completion functions (`_fd`, opening `#compdef fd`), which cloc cannot name
  const compdef = (p: string) =>
    !path.basename(p).includes('.') && readFileSync(path.join(root, p), 'latin1').startsWith('#compdef ');
  const known = list.filter(
    (f) => !BEYOND_CLOC_EXT.some((e) => f.path.endsWith('.' + e)) && !compdef(f.path),
  );
  const src = await loadSources(root, known);
  // cloc's own reading, comment markers inside strings included: must agree with cloc
  const asCloc = languagesPass(src, pathRole, { clocStrings: true });
  const langs = Object.keys(cloc).filter((k) => k !== 'header' && k !== 'SUM');
  expect(langs.length).toBeGreaterThan(0);
  for (const lang of langs) {
    const want = cloc[lang]!;
    const got = asCloc.languages.find((l) => l.language === lang);
    expect(got, `language ${lang} missing`).toBeDefined();
    for (const k of ['code', 'comment', 'blank'] as const) {
      expect(
        Math.abs(got![k] - want[k]),
        `${lang} ${k}: ours ${got![k]} cloc ${want[k]}`,
      ).toBeLessThanOrEqual(want[k] * 0.01);
    }
    expect(got!.files, `${lang} files`).toBe(want.nFiles);
  }
  // our real counts differ from cloc's only in files where a string literal holds a comment marker
  const ours = languagesPass(src);
  const moved = explainDifferences(src, asCloc.files, ours.files);
  return { ours, cloc, moved };
}

const MARKER = /\/\*|\*\/|\/\/|#|"""|'''/;
// what may open and close a literal's body: quotes, backquotes, a regex's slashes, a C++ raw
// string's parentheses, a template literal's `}` and `${`
const OPENS = new Set(['"', "'", '`', '/', '(', '}']);
const CLOSES = new Set(['"', "'", '`', '/', ')', '$']);

/**
 * Checks that every file counted differently from cloc holds a delimited string (or regex)
 * literal with a comment marker in it and keeps its line total; returns how many lines changed
 * between code and comment.
 */
function explainDifferences(src: Sources, asCloc: FileInfo[], ours: FileInfo[]): number {
  const byPath = new Map(ours.map((f) => [f.path, f]));
  let moved = 0;
  for (const c of asCloc) {
    const o = byPath.get(c.path)!;
    if (o.code === c.code && o.comment === c.comment) continue;
    expect(o.code + o.comment + o.blank, `${c.path}: same lines`).toBe(c.code + c.comment + c.blank);
    const text = src.text(c.path)!;
    let culprits = 0;
    scanLiterals(text, c.language, (kind, start, end) => {
      // with its delimiters: in the regex /\// the marker is the escaped slash and the closing one
      if (kind !== 'string' || !MARKER.test(text.slice(Math.max(0, start - 1), end + 1))) return;
      if (OPENS.has(text[start - 1] ?? '') && CLOSES.has(text[end] ?? '"')) culprits++;
    });
    expect(
      culprits,
      `${c.path}: counts differ from cloc's with no comment marker in a string`,
    ).toBeGreaterThan(0);
    moved += Math.abs(o.code - c.code);
  }
  return moved;
}

const TRICKY: Record<string, string> = {
  'src/app.ts':
    '// c\nconst url = "http://example.com"; // x\n/* multi\n line */ const y = 2;\n\nexport { url, y };\n',
  'src/view.tsx': 'export const V = () => <div>{/* note */}</div>;\n/**\n * doc\n */\n',
  'src/legacy.js': "var s = '/* not a comment */';\nvar t = 1; /* real */\n// end\n",
  'py/mod.py':
    '#!/usr/bin/env python3\n"""Doc\nstring."""\nimport os  # inline\n\ndef f(x):\n    \'\'\'one\'\'\'\n    return x  # done\n',
  'go/main.go': 'package main\n\n// Comment\nfunc main() {\n\tprintln("//")\n}\n',
  'rs/lib.rs': '/// doc\npub fn f() -> u8 { 1 } // x\n/* a\n b */\n',
  'java/A.java': 'class A {\n  String s = "/*";\n  int x; // y\n}\n',
  'c/a.c': '#include <stdio.h>\n/* c */\nint main(void) { return 0; } \\\n// continued\n',
  'c/a.h': '#pragma once\nint f(void); /* x */\n',
  'sh/run.sh': '#!/bin/sh\n# comment\necho "# not"\n',
  'rb/app.rb': '# c\n=begin\nblock\n=end\nputs "hi" # x\n',
  'web/index.html': '<!doctype html>\n<!-- one -->\n<p>x</p> <!-- start\nmore -->\n<p>y</p>\n',
  'web/site.css': '/* c */\nbody { color: red; }\n\n',
  'web/site.scss': '// c\n$a: 1;\n.b { c: $a; }\n',
  'db/schema.sql': '-- c\nCREATE TABLE t (id int);\n/* x\n y */\n',
  'conf/app.yaml': '# c\na: 1\nb: "# no"\n',
  'conf/app.toml': '# c\n[a]\nb = 1\n',
  'conf/data.json': '{\n\n  "a": 1\n}\n',
  'docs/README.md': '# Title\n\n<!-- hidden -->\nText\n',
  Dockerfile: 'FROM node:20\n# c\nRUN echo hi\n',
  Makefile: 'all:\n\t# c\n\techo x\n',
  'docs/index.rst': 'Title\n=====\n\n.. note::\n   hidden comment\n\nBody text.\n..\n   more\nEnd\n',
  'docs/guide.adoc': '= Title\n// comment\n////\nblock\n////\nText\n',
  'views/page.ejs': '<%# comment %>\n<p><%= name %></p>\n<!-- html -->\n',
  'views/page.hbs': '{{!-- long\ncomment --}}\n{{! short }}\n<p>{{name}}</p>\n',
  'views/page.mustache': '{{! c }}\n<p>{{x}}</p>\n',
  'views/page.erb': '<%# c %>\n<p><%= x %></p>\n',
  'views/page.jinja2': '{# c #}\n<p>{{ x }}</p>\n',
  'data/table.csv': 'a,b\n1,2\n\n',
  'ps/run.ps1': '<#\n.SYNOPSIS\n  Runs it\n#>\nWrite-Host "a" # c\n# d\n$x = 1 <# inline #>\n',
  'shell/conf.fish': '# c\nset -x A 1\n',
  'scripts/help.awk': '# c\n{ print $1 } # x\n',
  'pom.xml':
    '<?xml version="1.0"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <!-- c -->\n  <modelVersion>4.0.0</modelVersion>\n</project>\n',
  'sub/pom.xml': '<project>\n</project>\n',
  'plan.jmx': '<?xml version="1.0" encoding="UTF-8"?>\n<jmeterTestPlan>\n</jmeterTestPlan>\n',
  'go/routes.go': 'package main\n\nfunc r() {\n\tget("/admin/*")\n\tx := 1\n}\n/* c */\n',
  'src/mime.js': "is('text/*');\nf();\n/* c */\n",
  'empty.ts': '',
  'src/dup.ts':
    '// c\nconst url = "http://example.com"; // x\n/* multi\n line */ const y = 2;\n\nexport { url, y };\n',
};

describe.skipIf(!haveCloc)('line counts match cloc', () => {
  it('on a generated multi-language tree with comment edge cases', async () => {
    const { ours, moved } = await compareWithCloc(await writeTree(TRICKY));
    // the route glob and the MIME glob: cloc reads their `/*` as a comment, we do not
    expect(moved).toBe(3);
    // duplicates and empty files are counted once / not at all, like cloc
    expect(ours.languages.find((l) => l.language === 'TypeScript')!.files).toBe(2);
    const names = ours.languages.map((l) => l.language);
    for (const l of [
      'reStructuredText',
      'AsciiDoc',
      'EJS',
      'Handlebars',
      'Mustache',
      'ERB',
      'Jinja Template',
      'CSV',
      'Fish Shell',
      'awk',
      'Maven',
      'XML',
    ])
      expect(names).toContain(l);
  });

  it.skipIf(!existsSync(path.join(repoRoot, 'packages/engine/test/fixtures/sample-app')))(
    'on the sample-app fixture',
    async () => {
      await compareWithCloc(path.join(repoRoot, 'packages/engine/test/fixtures/sample-app'));
    },
  );

  it("on this repository's packages/ folder", { timeout: 600_000 }, async () => {
    const root = path.join(repoRoot, 'packages');
    const { ours } = await compareWithCloc(root);
    expect(ours.languages.find((l) => l.language === 'TypeScript')!.code).toBeGreaterThan(500);
  });
});

const corpus = corpusDir();

describe.skipIf(!haveCloc || !corpus)('line counts match cloc on the corpus of real repositories', () => {
  it.each(corpus ? corpusNames(corpus) : [])('%s', { timeout: 600_000 }, async (name) => {
    const { ours, cloc, moved } = await compareWithCloc(await unpackCorpus(corpus!, name));
    if (moved)
      console.info(`${name}: ${moved} lines cloc takes for comments are code inside string literals`);
    // every language cloc finds is in our table, and nothing cloc does not count is in ours
    expect(ours.languages.map((l) => l.language).sort()).toEqual(
      Object.keys(cloc)
        .filter((k) => k !== 'header' && k !== 'SUM')
        .sort(),
    );
  });
});
