// Pass: test files, the frameworks they use and how many test cases each declares.

import { baseName, matchesWithLines, type Sources } from './sources.ts';
import type { Dependency, FileInfo, TestInfo } from './types.ts';

export function isTestFile(p: string): boolean {
  const b = baseName(p);
  return (
    /\.(test|spec)\.[cm]?[jt]sx?$/.test(b) ||
    /^test_.*\.py$|_test\.py$/.test(b) ||
    /_test\.go$/.test(b) ||
    /(Test|Tests|IT)\.(java|kt|cs|scala)$/.test(b) ||
    /_spec\.rb$|_test\.rb$/.test(b) ||
    /Test\.php$/.test(b) ||
    (/(^|\/)(__tests__|tests?)\//.test(p) && /\.(rs|[cm]?[jt]sx?|py)$/.test(b) && !/(^|\/)(fixtures?|__fixtures__|helpers?)\//.test(p))
  );
}

const CASES: [RegExp, RegExp][] = [
  [/\.[cm]?[jt]sx?$/, /(?:^|[^\w.$])(?:it|test)(?:\.(?:only|skip|concurrent|todo|fails))*(?:\.each\s*(?:\([^)]*\)|`[^`]*`))?\s*\(\s*['"`]/gm],
  [/\.py$/, /^[ \t]*(?:async\s+)?def\s+test\w*\s*\(/gm],
  [/\.go$/, /^func\s+(?:Test|Benchmark|Example|Fuzz)\w*\s*\(/gm],
  [/\.(java|kt|scala|groovy)$/, /@(?:Test|ParameterizedTest|RepeatedTest)\b/g],
  [/\.cs$/, /\[(?:Fact|Theory|Test|TestMethod|TestCase)\b/g],
  [/\.rs$/, /#\[(?:tokio::)?test\]/g],
  [/\.rb$/, /^[ \t]*(?:it|scenario|specify)\s+['"]|^[ \t]*def\s+test_/gm],
  [/\.php$/, /function\s+test\w*\s*\(|@test\b/g],
];

const FRAMEWORK_DEPS: Record<string, string> = {
  vitest: 'Vitest', jest: 'Jest', mocha: 'Mocha', ava: 'AVA', tap: 'node-tap', '@playwright/test': 'Playwright', cypress: 'Cypress',
  pytest: 'pytest', 'junit:junit': 'JUnit', 'org.junit.jupiter:junit-jupiter': 'JUnit', 'org.junit.jupiter:junit-jupiter-api': 'JUnit',
  xunit: 'xUnit', NUnit: 'NUnit', MSTest: 'MSTest', rspec: 'RSpec', minitest: 'Minitest', 'phpunit/phpunit': 'PHPUnit',
  'github.com/stretchr/testify': 'testify',
};

export function testsPass(src: Sources, files: FileInfo[], deps: Dependency[]): TestInfo {
  const frameworks = new Set<string>();
  for (const d of deps) {
    const fw = FRAMEWORK_DEPS[d.name];
    if (fw) frameworks.add(fw);
  }
  const out: TestInfo = { frameworks: [], files: [], totalCases: 0 };
  for (const f of files) {
    if (!isTestFile(f.path)) continue;
    const text = src.text(f.path);
    if (text == null) continue;
    const rule = CASES.find(([ext]) => ext.test(f.path));
    let cases = 0;
    if (rule) for (const _ of matchesWithLines(text, rule[1])) cases++;
    if (f.path.endsWith('_test.go')) frameworks.add('go test');
    if (f.path.endsWith('.rs')) frameworks.add('cargo test');
    if (/\.py$/.test(f.path) && /^[ \t]*import unittest|^[ \t]*from unittest/m.test(text)) frameworks.add('unittest');
    if (/\.[cm]?[jt]sx?$/.test(f.path) && /from\s+['"]node:test['"]/.test(text)) frameworks.add('node:test');
    out.files.push({ path: f.path, cases });
    out.totalCases += cases;
  }
  out.frameworks = [...frameworks].sort();
  return out;
}
