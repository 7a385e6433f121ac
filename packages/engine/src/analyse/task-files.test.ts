import { describe, expect, it } from 'vitest';
import { justRecipes, makeTargets, taskfileTasks } from './task-files.ts';

const brief = (es: ReturnType<typeof makeTargets>) =>
  es.map((e) =>
    [
      e.name,
      e.command && `runs ${e.command}`,
      e.prerequisites && `after ${e.prerequisites.join(' ')}`,
      e.printsOnly && 'banner',
      e.defaultGoal && 'default',
      `:${e.line}`,
    ]
      .filter(Boolean)
      .join(' '),
  );

describe('Makefile targets', () => {
  it('a file-named target is a target, told by its commands; banners and info lines are not work', () => {
    const text = [
      'EXE=target/release/tool', // 1
      'comp=@echo making', // 2
      '$(EXE): Cargo.toml src/*.rs', // 3
      '\tcargo build --release --locked', // 4
      '.PHONY: all', // 5
      'all:', // 6
      '\t@echo "*****"', // 7
      '\t@echo "** tool build **"', // 8
      'ci: all test', // 9
      'test:', // 10
      '\t$(info running tests)', // 11
      '\t$(comp)', // 12
      '\tcargo test', // 13
      'ifeq (, $(shell which lint))', // 14
      '$(warning "no lint in $(PATH), run: curl x | sh")', // 15
      'endif', // 16
      '%.o: %.c', // 17
      '\tcc -c $<', // 18
    ].join('\n');
    expect(brief(makeTargets('Makefile', text))).toEqual([
      '$(EXE) runs cargo build --release --locked default :3',
      'all banner :6',
      'ci after all test :9',
      'test runs cargo test :10',
    ]);
  });
});

describe('Makefile comments', () => {
  it('a comment after the prerequisites (`## help text`) is neither a prerequisite nor a command', () => {
    const text = [
      'check: lint vet race ## Check project', // 1
      'lint: ## Lint the files', // 2
      '\tstaticcheck ./...', // 3
      'fmt: ; gofmt -w . # format in place', // 4
    ].join('\n');
    expect(brief(makeTargets('Makefile', text))).toEqual([
      'check after lint vet race default :1',
      'lint runs staticcheck ./... :2',
      'fmt runs gofmt -w . # format in place :4',
    ]);
  });
});

describe('justfile recipes', () => {
  it('reads recipes with parameters and dependencies, not aliases, settings or assignments', () => {
    const text = [
      'set shell := ["bash", "-c"]', // 1
      'alias t := test', // 2
      'log := "warn"', // 3
      '', // 4
      "[group: 'dev']", // 5
      "watch +args='check':", // 6
      "  cargo watch --exec '{{ args }}'", // 7
      '', // 8
      "test: (watch 'test --all')", // 9
      '', // 10
      '# build it', // 11
      '@build:', // 12
      '  cargo build', // 13
      '  echo done', // 14
    ].join('\n');
    expect(brief(justRecipes('justfile', text))).toEqual([
      "watch runs cargo watch --exec '{{ args }}' default :6",
      "test after watch 'test --all' :9",
      'build runs cargo build :12',
    ]);
  });

  it('the recipe marked [default] is the default', () => {
    const es = justRecipes('justfile', 'a:\n  echo a\n[default]\nb:\n  make b\n');
    expect(es.filter((e) => e.defaultGoal).map((e) => e.name)).toEqual(['b']);
  });

  it('files a just recipe under the group its attribute names', () => {
    const es = justRecipes(
      'justfile',
      "[group: 'demo']\n# say hello\nhello:\n  echo hi\n\n[group('dev')]\nbuild:\n  cargo build\n\nplain:\n  cargo test\n",
    );
    expect(es.map((e) => [e.name, e.group])).toEqual([
      ['hello', 'demo'],
      ['build', 'dev'],
      ['plain', undefined],
    ]);
  });
});

describe('Taskfile tasks', () => {
  it('reads each task by its commands, a `task:` call as running that task, and deps when it has no commands', () => {
    const text = [
      'version: "3"',
      '',
      'tasks:',
      '  lint:',
      '    desc: Run lint',
      '    cmds:',
      '      - golangci-lint run',
      '  test:',
      '    cmds:',
      '      - cmd: go test ./...',
      '  release:',
      '    cmds:',
      '      - task: fetch-tags',
      '      - git push origin main --follow-tags',
      '  ci:',
      '    deps: [lint, test]',
      '  default: go build ./...',
    ].join('\n');
    expect(brief(taskfileTasks('Taskfile.yaml', text))).toEqual([
      'lint runs golangci-lint run :4',
      'test runs go test ./... :8',
      'release runs task fetch-tags; git push origin main --follow-tags :11',
      'ci after lint test :15',
      'default runs go build ./... default :17',
    ]);
    expect(taskfileTasks('Taskfile.yaml', 'tasks: [unclosed')).toEqual([]);
  });
});
