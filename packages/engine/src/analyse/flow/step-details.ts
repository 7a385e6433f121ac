// What a main-path step's own body and its caller show beyond the calls it makes: that its caller
// runs it twice with one argument swapped (a task runner's prior and subsequent dependencies), that
// it writes a file into a temporary directory and runs it (a script recipe), and the defaults the
// product names for the thing the step is named for (`run_shell` and `DEFAULT_SHELL`).

import type { Call, FileModel, Target } from './definitions.ts';
import { argumentsOf, splitArguments } from './main-path.ts';

/** An argument longer than this is not told: the sentence names the value, not a block of code. */
const SHORT_ARGUMENT = 40;

/**
 * The second call of `name` in the caller's body, when there are exactly two and one argument is
 * another member of the same value (`run_dependencies(…, recipe.priors(), …)` then
 * `(…, recipe.subsequents(), …)`): what the second call is for.
 */
export function calledAgain(
  caller: Target,
  name: string,
): { line: number; was: string; now: string } | undefined {
  // every line that calls it: the call list of a body names each callee once
  const call = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\s*\\(`);
  const calls: Call[] = [];
  for (let i = caller.def.line + 1; i <= Math.min(caller.def.end, caller.file.bare.length); i++)
    if (call.test(caller.file.bare[i - 1]!)) calls.push({ name, line: i, creates: false });
  if (calls.length !== 2) return undefined;
  const [first, second] = calls.map((c) => splitArguments(argumentsOf(caller, c) ?? '').map((a) => a.trim()));
  if (!first?.length || first.length !== second?.length) return undefined;
  // the argument that says what the second call is for: one swapped for another member of the same
  // value (`recipe.priors()` → `recipe.subsequents()`), where bookkeeping may differ beside it
  const root = (a: string) => /^&?(?:mut\s+)?([A-Za-z_$][\w$]*)\s*(?:\.|::|->)/.exec(a)?.[1];
  const differ = first.flatMap((a, i) =>
    a !== second[i] && root(a) && root(a) === root(second[i]!) ? [i] : [],
  );
  if (differ.length !== 1) return undefined;
  const was = first[differ[0]!]!;
  const now = second[differ[0]!]!;
  if (!was || !now || was.length > SHORT_ARGUMENT || now.length > SHORT_ARGUMENT || /\n/.test(was + now))
    return undefined;
  return { line: calls[1]!.line, was, now };
}

const TEMP_DIR =
  /\btemp_?(?:dir|file)\b|\bmk[sd]temp\b|\bNamedTemporaryFile\b|\b(?:CreateTemp|MkdirTemp)\b|\bmkdtemp(?:Sync)?\b/i;
const WRITES_FILE =
  /\b(?:fs::write|File::create|writeFileSync|writeFile|WriteFile|write_text|write_bytes)\s*\(\s*&?(?:mut\s+)?([A-Za-z_$][\w$]*)/;

/**
 * A body that makes a temporary directory or file, writes a file whose path it holds in a variable,
 * and hands that path to a later call that runs it (`executor.command(config, &path, …)`): the lines
 * of each, 1-based.
 */
export function tempScript(
  file: FileModel,
  line: number,
  end: number,
): { made: number; written: number; run: number } | undefined {
  const lines = file.lines;
  const stop = Math.min(end, lines.length);
  let made = 0;
  for (let i = line; i <= stop; i++) {
    const text = lines[i - 1]!;
    if (!made) {
      if (TEMP_DIR.test(text)) made = i;
      continue;
    }
    const path = WRITES_FILE.exec(text)?.[1];
    if (!path) continue;
    const passed = new RegExp(
      `\\b(?:command|exec\\w*|spawn\\w*|run|popen)\\s*\\([^)]*[&\\s(,]${path}\\b`,
      'i',
    );
    for (let j = i + 1; j <= stop; j++) if (passed.test(lines[j - 1]!)) return { made, written: i, run: j };
  }
  return undefined;
}

const NAMED_DEFAULT =
  /^\s*(?:(?:pub(?:\([^)]*\))?|export|const|static|final)\s+)*(DEFAULT_[A-Z0-9_]+)\b[^=]*=(.*)$/;

/**
 * The product's constants named for the default of what a step is named for (`run_shell` →
 * `DEFAULT_SHELL`, `DEFAULT_SHELL_ARGS`): adjacent lines of one file, each with its string values
 * (`"sh"`, `&["-cu"]`), told together as one command line (`sh -cu`).
 */
export function namedDefault(
  models: FileModel[],
  stepName: string,
): { names: string[]; value: string; path: string; line: number; end: number } | undefined {
  const word = stepName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split('_')
    .pop()
    ?.toUpperCase();
  if (!word || word.length < 4) return undefined;
  for (const m of models) {
    const found: { name: string; values: string[]; line: number }[] = [];
    m.lines.forEach((text, i) => {
      const c = NAMED_DEFAULT.exec(text);
      if (!c || (c[1] !== `DEFAULT_${word}` && !c[1]!.startsWith(`DEFAULT_${word}_`))) return;
      const values = [...c[2]!.matchAll(/"([^"\\]*)"|'([^'\\]*)'/g)].map((v) => v[1] ?? v[2] ?? '');
      if (values.length && values.every(Boolean)) found.push({ name: c[1]!, values, line: i + 1 });
    });
    const first = found.find((f) => f.name === `DEFAULT_${word}`);
    if (!first) continue;
    // the value and its arguments sit together: lines that follow one another from the plain name
    const run = [first];
    for (const f of found) if (f.line === run[run.length - 1]!.line + 1) run.push(f);
    return {
      names: run.map((f) => f.name),
      value: run.flatMap((f) => f.values).join(' '),
      path: m.path,
      line: run[0]!.line,
      end: run[run.length - 1]!.line,
    };
  }
  return undefined;
}
