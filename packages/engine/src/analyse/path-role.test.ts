import { describe, expect, it } from 'vitest';
import { languagesPass } from './languages.ts';
import { pathRole, scriptDataFiles } from './path-role.ts';
import { sourcesFromMap } from './sources.ts';

describe('pathRole()', () => {
  it.each([
    ['lib/application.js', 'product'],
    // a tool's settings at the root are tooling, not product code; an app's own config module is product
    ['eslint.config.mjs', 'other'],
    ['vitest.config.ts', 'other'],
    ['.eslintrc.cjs', 'other'],
    ['src/app.config.ts', 'product'],
    // a root script named for a task runs the project's chores; one named otherwise may be the product
    ['Build.ps1', 'other'],
    ['BuildContracts.ps1', 'other'],
    ['release.sh', 'other'],
    ['nvm.sh', 'product'],
    // a .NET solution's build settings at the root
    ['Directory.Build.props', 'other'],
    ['MediatR.sln', 'other'],
    ['NuGet.Config', 'other'],
    ['src/config.ts', 'product'],
    ['command.go', 'product'],
    ['doc/man_docs.go', 'product'],
    ['src/click/core.py', 'product'],
    ['src/main/java/org/acme/App.java', 'product'],
    ['src/main/resources/templates/owners.html', 'product'],
    ['src/main/java/org/springframework/samples/petclinic/owner/Visit.java', 'product'],
    ['src/main/resources/banner.txt', 'product'],
    ['.github/ISSUE_TEMPLATE/bug-report.md', 'other'],
    ['__tests__/application/use.test.js', 'tests'],
    // Cypress's specs, wherever they sit, and its folder of support code
    ['src/e2e/login.cy.ts', 'tests'],
    ['cypress/support/commands.ts', 'tests'],
    ['axum-extra/test_files/index.html', 'tests'],
    ['test-helpers/context.js', 'tests'],
    ['command_test.go', 'tests'],
    ['tests/test_basic.py', 'tests'],
    ['tests/tests.rs', 'tests'],
    ['src/parser/tests.rs', 'tests'],
    ['runtime-tests/lambda/mock.ts', 'tests'],
    ['src/test/java/org/acme/AppTests.java', 'tests'],
    ['examples/complex/complex/cli.py', 'examples'],
    // the code a documentation site includes is examples of users' apps, not the product
    ['docs_src/security/tutorial004_py310.py', 'examples'],
    ['docs-examples/basic/main.go', 'examples'],
    ['doc_code/snippet.rs', 'examples'],
    // a tutorial's program is a worked example of using the project, whatever its language
    ['tutorials/basics/main.go', 'examples'],
    ['cookbook/retry.py', 'examples'],
    ['docs/conf.py', 'docs'],
    ['site/content/user_guide.md', 'docs'],
    ['README.md', 'docs'],
    ['src/walk.md', 'docs'],
    ['benchmarks/middleware.js', 'benchmarks'],
    ['.github/workflows/ci.yml', 'other'],
    ['charts/app/values.yaml', 'other'],
    // the recipes that package a release for a distribution (a Debian rule, an RPM spec, a systemd unit)
    ['packaging/debian/build.sh', 'other'],
    ['src/components/charts/BarChart.tsx', 'product'],
    ['scripts/version-bump.sh', 'other'],
    // packaging: container builds, Nix expressions and shell-completion scripts are not product code
    ['etc/Dockerfile', 'other'],
    ['flake.nix', 'other'],
    ['completions/tool.bash', 'other'],
    ['contrib/completion/tool.fish', 'other'],
    ['etc/completion-registration-script.bash', 'other'],
    ['bash_completions.go', 'product'],
    // zsh's completion functions are named `_<command>`, with no extension
    ['contrib/completion/_tool', 'other'],
    ['src/_private.rs', 'product'],
    ['src/completions/mod.rs', 'product'],
    ['k8s/db.yml', 'other'],
    ['package.json', 'other'],
    ['Cargo.toml', 'other'],
    ['Makefile', 'other'],
    ['.devcontainer/Dockerfile', 'other'],
    ['perf-measures/bundle-check/check.ts', 'benchmarks'],
    ['profiling/dict_huge.py', 'benchmarks'],
    ['book/en/src/chapter_1.md', 'docs'],
    ['www/index.html', 'docs'],
    ['src/book/model.rs', 'product'],
    ['docker/Dockerfile', 'other'],
    ['bin/forbid', 'other'],
    ['bin/cli.js', 'product'],
    ['build/build.ts', 'other'],
    ['build/remove-private-fields.test.ts', 'tests'],
    ['src/build/plan.ts', 'product'],
    // Go hides `_`-prefixed folders from its build: `_fixture/` is what the tests read
    ['_fixture/certs/key.pem', 'tests'],
    ['_fixture/index.html', 'tests'],
    // a fuzzer's harness is tests; a benchmark suite is benchmarks; a Homebrew formula is packaging
    ['fuzz/fuzz_targets/fuzz_glob.rs', 'tests'],
    ['benchsuite/benchsuite', 'benchmarks'],
    ['pkg/brew/tool-bin.rb', 'other'],
    ['pkg/server/server.go', 'product'],
    ['lib/formula.rb', 'product'],
    // tsd's type tests beside the published declarations
    ['typings/index.test-d.ts', 'tests'],
    ['typings/index.d.ts', 'product'],
  ])('%s is %s', (p, role) => expect(pathRole(p)).toBe(role));
});

describe('languagesPass() split by role', () => {
  const src = sourcesFromMap({
    'lib/app.js': 'const a = 1;\n// c\nmodule.exports = a;\n',
    '__tests__/app.test.js': "it('a', () => {});\n",
    'examples/hello.js': 'console.log(1);\nconsole.log(2);\n',
    'docs/guide.md': '# Guide\n\nText.\n',
    'package.json': '{\n  "name": "x"\n}\n',
  });

  it('counts lines per role overall and per language', () => {
    const r = languagesPass(src);
    expect(r.byRole).toEqual({
      product: { files: 1, code: 2, comment: 1, blank: 0 },
      tests: { files: 1, code: 1, comment: 0, blank: 0 },
      examples: { files: 1, code: 2, comment: 0, blank: 0 },
      docs: { files: 1, code: 2, comment: 0, blank: 1 },
      other: { files: 1, code: 3, comment: 0, blank: 0 },
    });
    const js = r.languages.find((l) => l.language === 'JavaScript')!;
    expect(js.code).toBe(5);
    expect(js.byRole).toEqual({
      product: { files: 1, code: 2, comment: 1, blank: 0 },
      tests: { files: 1, code: 1, comment: 0, blank: 0 },
      examples: { files: 1, code: 2, comment: 0, blank: 0 },
    });
    expect(r.files.find((f) => f.path === 'examples/hello.js')!.role).toBe('examples');
  });

  it('takes the roles from a replacement classifier', () => {
    const r = languagesPass(src, (p) => (p.startsWith('examples/') ? 'product' : 'other'));
    expect(r.byRole.product).toEqual({ files: 1, code: 2, comment: 0, blank: 0 });
  });
});

describe('scriptDataFiles()', () => {
  it('takes data a package script hands to a tool for seed data, not tests', () => {
    const src = sourcesFromMap({
      'package.json': JSON.stringify({
        scripts: { 'stripe:fixtures': 'stripe fixtures fixtures/stripe-fixtures.json', test: 'vitest' },
      }),
      'fixtures/stripe-fixtures.json': '{ "fixtures": [] }\n',
      'fixtures/other.json': '{}\n',
    });
    expect([...scriptDataFiles(src)]).toEqual(['fixtures/stripe-fixtures.json']);
    // without the script, the same folder is test data
    expect(pathRole('fixtures/other.json')).toBe('tests');
  });
});
