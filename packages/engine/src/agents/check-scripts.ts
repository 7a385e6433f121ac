// Which package scripts and make targets lint, format-check or type-check: told by the programs their
// commands run (`eslint .`, `tsc --noEmit`), not by the script's name (`format`, `bench-formatters`)
// nor by a tool's name somewhere in its text (`json -e "this.prettier=undefined"`).

import type { EntryPoint } from '../analyse/types.ts';

/**
 * The commands of a script, each as its words: `eslint . && tsc --noEmit` and `standard | snazzy`
 * are two each. What is quoted is one word, never a command of its own (`-e "a=1; b=2"`).
 */
export function commandsOf(command: string): string[][] {
  const out: string[][] = [];
  let words: string[] = [];
  let word = '';
  let quote = '';
  const endWord = () => {
    if (word) words.push(word);
    word = '';
  };
  const endCommand = () => {
    endWord();
    if (words.length) out.push(words);
    words = [];
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = '';
      else word += c;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\' && i + 1 < command.length) word += command[++i];
    // a comment runs to the line's end (a recipe's lines come joined by `; `)
    else if (c === '#' && !word) while (i + 1 < command.length && !/[;\n]/.test(command[i + 1]!)) i++;
    else if (/\s/.test(c) && c !== '\n') endWord();
    // `&&`, `||`, `|`, `;`, a line break and `&` (not a redirection's `2>&1`) end a command
    else if (
      c === ';' ||
      c === '\n' ||
      c === '|' ||
      (c === '&' && !/[<>]/.test(command[i - 1] ?? '') && command[i + 1] !== '>')
    ) {
      endCommand();
      if ((c === '|' || c === '&') && command[i + 1] === c) i++;
    } else word += c;
  }
  endCommand();
  return out;
}

// programs that run the next word as the command: `npx eslint`, `cross-env CI=1 tsc`, `time mypy`
const RUNNERS = new Set(['npx', 'bunx', 'pnpx', 'cross-env', 'env', 'time', 'nice', 'exec', 'command']);
// two words that do the same: `pnpm exec tsc`, `uv run ruff check`, `python -m mypy`
const RUNNER_PAIRS = new Set([
  'npm exec',
  'pnpm exec',
  'pnpm dlx',
  'yarn exec',
  'yarn dlx',
  'bun x',
  'uv run',
  'poetry run',
  'pipenv run',
  'pdm run',
  'hatch run',
  'rye run',
  'python -m',
  'python3 -m',
  'py -m',
]);
const ENV = /^[A-Za-z_]\w*=/;
// package managers that run one of the project's scripts by its name (`yarn lint`, `bun test:deno`)
const PACKAGE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
// programs that run several scripts: `run-s lint typecheck`, `npm-run-all -p "lint:*"`
const RUN_ALL = new Set(['run-s', 'run-p', 'npm-run-all', 'npm-run-all2']);

/** The program a command runs and its arguments, past the runners and variables set for it. */
function programOf(words: string[]): { program: string; args: string[] } | undefined {
  // make's line prefixes (`@`, `-`, `+`) and a subshell's parenthesis are not part of the program
  let ws = words.map((w, i) => (i === 0 ? w.replace(/^[@+\-!(]+/, '') : w)).filter(Boolean);
  for (;;) {
    const [w, next] = ws;
    if (w === undefined) return undefined;
    if (ENV.test(w) || w === '--' || (w.startsWith('-') && ws.length < words.length)) ws = ws.slice(1);
    else if (RUNNERS.has(w)) ws = ws.slice(1);
    else if (next !== undefined && RUNNER_PAIRS.has(`${w} ${next}`)) ws = ws.slice(2);
    else break;
  }
  const [head = '', ...args] = ws;
  // `./node_modules/.bin/eslint`, `$(GOBIN)/golangci-lint`; a make variable named for its program
  // (`$(GOLANGCI_LINT) run`) runs that program
  const variable = /^\$[({](\w+)[)}]$/.exec(head)?.[1];
  const program = variable ? variable.toLowerCase().replace(/_/g, '-') : head.replace(/^.*\//, '');
  return { program, args: args.map((a) => a.replace(/(?<!\))\)+$/, '')) };
}

const has = (args: string[], ...flags: string[]) => args.some((a) => flags.includes(a.split('=')[0]!));
const always = () => true;

/**
 * The linters, formatters in check mode and type checkers, each with what its arguments must say for
 * it to check (a formatter without a check flag rewrites the files or prints them: `prettier --write`,
 * `cargo fmt`, `black .`). tsc counts whatever it emits, as a build's type check.
 */
const CHECKERS: Record<string, (args: string[]) => boolean> = {
  eslint: always,
  oxlint: always,
  stylelint: always,
  tslint: always,
  standard: always,
  semistandard: always,
  'ts-standard': always,
  xo: always,
  jshint: always,
  shellcheck: always,
  publint: always,
  attw: always,
  tstyche: always,
  tsd: always,
  tsc: always,
  'vue-tsc': always,
  'svelte-check': always,
  prettier: (args) => has(args, '--check', '-c', '--list-different', '-l'),
  biome: (args) => !has(args, '--write', '--apply', '--apply-unsafe', '--fix'),
  next: (args) => args[0] === 'lint',
  ruff: (args) => args[0] !== 'format' || has(args, '--check', '--diff'),
  flake8: always,
  pylint: always,
  pyflakes: always,
  pycodestyle: always,
  mypy: always,
  pyright: always,
  basedpyright: always,
  black: (args) => has(args, '--check', '--diff'),
  isort: (args) => has(args, '--check', '--check-only', '-c', '--diff'),
  'pre-commit': (args) => args[0] === 'run',
  gofmt: (args) => !has(args, '-w'),
  go: (args) => args[0] === 'vet',
  'golangci-lint': always,
  staticcheck: always,
  revive: always,
  cargo: (args) => args[0] === 'clippy' || (args[0] === 'fmt' && has(args, '--check')),
  rustfmt: (args) => has(args, '--check'),
  rubocop: always,
  phpstan: always,
  psalm: always,
  ktlint: always,
  detekt: always,
  checkstyle: always,
};

/** What one command does: runs a checker, calls other scripts of the project, or something else. */
type Command = { kind: 'check' } | { kind: 'calls'; names: string[] } | { kind: 'other' };

function commandKind(words: string[], siblings: Set<string>): Command {
  const run = programOf(words);
  if (!run) return { kind: 'other' };
  const { program, args } = run;
  const names = args.filter((a) => !a.startsWith('-'));
  if (RUN_ALL.has(program)) {
    // `run-s "lint:*"` runs every script the pattern matches
    const glob = (n: string) =>
      new RegExp(`^${n.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    return { kind: 'calls', names: names.flatMap((n) => [...siblings].filter((s) => glob(n).test(s))) };
  }
  if (PACKAGE_MANAGERS.has(program)) {
    const [first = '', second] = names;
    if ((first === 'run' || first === 'run-script') && second) return { kind: 'calls', names: [second] };
    if (first === 'test' || first === 't') return { kind: 'calls', names: ['test'] };
    if (siblings.has(first) && program !== 'npm') return { kind: 'calls', names: [first] };
    // `yarn eslint .` runs the package's program when no script has that name
    if (program !== 'npm' && CHECKERS[first]?.(args.slice(args.indexOf(first) + 1))) return { kind: 'check' };
    return { kind: 'other' };
  }
  // `make lint`, `$(MAKE) vet`, `just fmt`, `task lint`
  if (program === 'make' || program === 'just' || program === 'task')
    return { kind: 'calls', names: names.filter((n) => siblings.has(n)) };
  return CHECKERS[program]?.(args) ? { kind: 'check' } : { kind: 'other' };
}

// a benchmark measures speed, whatever it is named after (`bench-formatters`)
const BENCH = /(?<![a-z])bench/i;
const REWRITES = /(?:^|\s)(?:--write|-w)(?=\s|$)/;
const CHECK_FLAG = /(?:^|\s)(?:--check|-c|-l|--list-different)(?=\s|$)/;

/**
 * A script (of `scripts`, its package's or Makefile's) that lints, format-checks or type-checks: one
 * of its commands runs a checker, or it only calls scripts that do (`run-s lint:*`, a make target
 * whose prerequisites are `lint vet`). A script named for tests is one only when it runs no tests
 * (`test:types` → `tsc --noEmit`, not `tsc && vitest`) and calls nothing but checks.
 */
export function isCheckScript(
  e: EntryPoint,
  scripts: EntryPoint[],
  runsTests: (command: string) => boolean,
  seen: Set<EntryPoint> = new Set(),
): boolean {
  if (BENCH.test(e.name) || seen.has(e)) return false;
  const command = e.command ?? '';
  // a formatter that rewrites the files (`prettier --write .`, `gofmt -w`) fixes them, it checks nothing
  if (REWRITES.test(command) && !CHECK_FLAG.test(command)) return false;
  const siblings = scripts.filter((s) => s.path === e.path && s.kind === e.kind);
  const names = new Set(siblings.map((s) => s.name));
  const kinds = commandsOf(command).map((c) => commandKind(c, names));
  if (!command && e.prerequisites?.length) kinds.push({ kind: 'calls', names: e.prerequisites });
  const called = kinds.flatMap((k) => (k.kind === 'calls' ? k.names : []));
  const callsChecks = called.every((n) => {
    const s = siblings.find((x) => x.name === n);
    return s !== undefined && isCheckScript(s, scripts, runsTests, new Set(seen).add(e));
  });
  if (/test|spec|e2e|coverage/i.test(e.name) && (runsTests(command) || !callsChecks)) return false;
  if (kinds.some((k) => k.kind === 'check')) return true;
  return called.length > 0 && callsChecks && kinds.every((k) => k.kind === 'calls');
}
