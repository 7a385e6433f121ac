// Pass: environment variables the code reads (process.env, os.environ/getenv, os.Getenv,
// std::env::var, System.getenv, ENV[...], getenv, Environment.GetEnvironmentVariable) and the keys
// of .env example files.

import { codeText } from './comments.ts';
import { closing } from './identity/cli-options.ts';
import { envClass } from './env-class.ts';
import { chainAt, exprAt, fallbackOperands, lineFinder, literalOf } from './env-expr.ts';
import {
  computedReads,
  constantReads,
  loopReads,
  settingsReads,
  wrapperReads,
  type Read,
} from './env-readers.ts';
import { baseName, matchesWithLines, type Sources } from './sources.ts';
import type { EnvVar, FileInfo } from './types.ts';

/**
 * A read of one variable: group 1 is its name; `fallback` finds what the code falls back to, and
 * `required` whether the read itself fails when the variable is unset.
 */
interface Reader {
  re: RegExp;
  fallback?: (text: string, end: number, start: number) => string | null;
  required?: (text: string, end: number) => boolean;
  /** A library call that reads fixed variables itself (`LsColors::from_env()` reads LS_COLORS). */
  names?: string[];
  /** The fallback is the value itself (`${X:-value}`), not code that computes it. */
  verbatim?: boolean;
  /** Only the variable's presence is tested (`'X' in process.env`). */
  presence?: boolean;
  /** The program's `--help` prints the variable beside its option (clap `env` without `hide_env`). */
  inHelp?: (text: string, end: number, start: number) => boolean;
  /** It sets a command-line option (clap `env`). */
  option?: boolean;
  /** The program itself sets the variable unless it is set (`os.environ.setdefault`). */
  setsDefault?: boolean;
  /** Read when the program is compiled (Rust `env!`, `option_env!`): the build's variable, fixed in the binary. */
  compileTime?: boolean;
  /** A text every match holds: a text without it is not searched. */
  hint?: string;
}

// `X || d`, `X ?? d` (and TypeScript's `X! || d`), also when the operator starts the next line
const orElse = (text: string, end: number) => after(text, end, /^!?\s*(?:\?\?|\|\||\?:)\s*/);
// Python's `os.environ.get("X") or d`
const pyOr = (text: string, end: number) => after(text, end, /^\s*\)\s*or\s+/);
// the next argument of the call: `os.getenv("X", d)`, `os.getenv("X", default=d)`, `env('X', d)`
const nextArg = (text: string, end: number) => after(text, end, /^\s*,\s*(?:default\s*=\s*)?/);

/** The expression after `lead` where the text at `end` starts with it. */
function after(text: string, end: number, lead: RegExp): string | null {
  const m = lead.exec(text.slice(end, end + 60));
  return m ? chainAt(text, end + m[0].length) : null;
}

/**
 * The other branch of a ternary the read stands in: `X ? X : d`, `X && X.trim() !== '' ? X : d`
 * (the read in the condition or the consequent); the alternate is what the code uses when X is unset.
 */
function ternaryFallback(text: string, end: number, start: number): string | null {
  const consequent =
    /\?\s*$/.test(text.slice(Math.max(0, start - 20), start)) &&
    !/\?\?\s*$/.test(text.slice(Math.max(0, start - 20), start));
  let depth = 0;
  let open = consequent ? 1 : 0;
  const limit = Math.min(text.length, end + 300);
  for (let i = end; i < limit; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return null;
      i = close;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth-- === 0) return null;
    } else if (depth > 0) continue;
    else if (c === ';' || c === ',' || (c === '\n' && text[i + 1] === '\n')) return null;
    else if (c === '?' && text[i + 1] !== '.' && text[i + 1] !== '?' && text[i - 1] !== '?') open++;
    else if (c === ':' && open > 0 && --open === 0) {
      // `X ? v7() : v4()` switches between two behaviours: the alternate is X's default only where
      // the consequent uses X's value (`X ? X : d`, `X ? Number(X) : d`)
      const question = text.lastIndexOf('?', i);
      const name = text.slice(start, end).split(/\W+/).filter(Boolean).pop();
      if (!consequent && name && !new RegExp(`\\b${name}\\b`).test(text.slice(question + 1, i))) return null;
      return chainAt(text, i + 1 + /^\s*/.exec(text.slice(i + 1))![0].length);
    }
  }
  return null;
}

const jsFallbackOrTernary = (text: string, end: number, start: number) =>
  jsFallback(text, end, start) ?? ternaryFallback(text, end, start);

/** Where a Python read's unset case goes: the index of the branch that sets the value, and what it resolves to. */
interface Branch {
  at?: number;
  values?: string[];
}

/**
 * A Python read whose unset case takes another branch: `if v := os.getenv("X"): … else: …`,
 * `if os.getenv("DB") == "postgres":` (unset keeps the code's other setting), or
 * `v = os.environ.get("X")` followed by `if v is not None: … else: …` / `if not v: v = …`.
 */
function pyBranch(text: string, end: number, start: number): Branch | null {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const prefix = text.slice(lineStart, start);
  const indent = /^[ \t]*/.exec(prefix)![0];
  const rest = text.slice(end, text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end));
  // the index of the `else:`/`elif` that closes the block opened at `from`, or -1
  const elseAfter = (from: number) => {
    let at = from;
    const block = text.slice(from, from + 2000).split('\n');
    at += block[0]!.length + 1;
    for (const l of block.slice(1)) {
      if (l.trim() && (!l.startsWith(indent) || !/^[ \t]/.test(l.slice(indent.length))))
        return new RegExp(`^${indent}(else|elif)\\b`).test(l) ? at : -1;
      at += l.length + 1;
    }
    return -1;
  };
  const taken = (elseAt: number): Branch | null =>
    elseAt < 0 ? null : { at: elseAt, ...branchValues(text, elseAt) };
  if (/^(?:if|elif)(?: \w+ ?:=)? ?\(?$/.test(prefix.trim().replace(/\s+/g, ' '))) {
    // compared with a value: unset selects whatever the code does when no value matches
    if (/^['"]?\)\s*(?:==|!=|in\b|not\s+in\b)/.test(rest))
      return taken(elseAfter(lineStart)) ?? priorAssignment(text, lineStart, indent) ?? {};
    return taken(elseAfter(lineStart));
  }
  const bound = /^(\w+) ?= ?$/.exec(prefix.trim().replace(/\s+/g, ' '))?.[1];
  if (!bound || !/^['"]?\)\s*$/.test(rest)) return null;
  const next = text.slice(end, end + 600);
  const test = new RegExp(
    `\\n(${indent})if[ \\t]+(not[ \\t]+)?${bound}\\b([ \\t]+is[ \\t]+(not[ \\t]+)?None)?[ \\t]*:`,
  ).exec(next);
  if (!test) return null;
  const at = end + test.index + 1;
  const negated = Boolean(test[2]) !== Boolean(test[3] && !test[4]);
  // `if not v: v = …` gives it a value; `if v: … else: …` does something else when unset
  if (negated && new RegExp(`^[^\\n]*\\n[ \\t]+${bound}[ \\t]*=`).test(text.slice(at, at + 300)))
    return { at: text.indexOf('\n', at) + 1, ...branchValues(text, text.indexOf('\n', at) + 1) };
  return taken(elseAfter(at));
}

/**
 * `if os.getenv("DB") == "postgres": DATABASES = …` with no `else`: unset, the name keeps the value an
 * earlier assignment at the same level gave it (`DATABASES = {… sqlite …}`).
 */
function priorAssignment(text: string, lineStart: number, indent: string): Branch | null {
  const body = text.slice(text.indexOf('\n', lineStart) + 1, lineStart + 2000).split('\n');
  const first = body.find((l) => l.trim()) ?? '';
  const target = /^[ \t]+(\w+)/.exec(first)?.[1];
  if (!target || !assignedExpr(first)) return null;
  const earlier = [...text.slice(0, lineStart).matchAll(new RegExp(`^${indent}${target}\\b[^\\n]*`, 'gm'))]
    .filter((m) => assignedExpr(m[0]) !== undefined)
    .pop();
  return earlier ? { at: earlier.index, ...branchValues(text, earlier.index) } : null;
}

/**
 * The values the first assignment of a branch resolves to: a literal, a tuple of literals, or a
 * comprehension over a module constant (`(f"~/{f}" for f in NETRC_FILES)` → `~/.netrc`, `~/_netrc`).
 */
function branchValues(text: string, at: number): { values?: string[] } {
  const body = text.slice(at, at + 400).split('\n');
  // the `else:` line itself, then the first statement of its body
  const stmt = body.slice(/^\s*(else|elif)\b/.test(body[0]!) ? 1 : 0).find((l) => l.trim());
  const expr = stmt && assignedExpr(stmt);
  const values = expr ? pyValues(text, expr) : undefined;
  return values?.length ? { values } : {};
}

/** `name = expr` or `name: Type = expr` → `expr`; undefined for anything else (`==`, a call). */
function assignedExpr(line: string): string | undefined {
  const m = /^[ \t]*\w+(?!\w)([^=\n]*)=(.*)$/.exec(line);
  if (!m || m[2]!.startsWith('=') || (m[1]!.trim() && !m[1]!.trimStart().startsWith(':'))) return undefined;
  return m[2]!.trim() || undefined;
}

/** The string values of a small Python expression, resolving names against the module's constants. */
function pyValues(text: string, expr: string): string[] | undefined {
  const one = literalOf(expr);
  if (one !== undefined) return [one];
  // a tuple or list of string literals: nothing but literals, commas and spaces between the brackets
  const inner = /^[([](.*)[)\]]$/.exec(expr)?.[1];
  if (inner && /^[ ,]*$/.test(inner.replace(/'[^'\n]*'|"[^"\n]*"/g, '')) && /['"]/.test(inner))
    return [...inner.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)].map((m) => m[1] ?? m[2]!);
  if (/^[A-Z_][A-Z0-9_]*$/.test(expr)) {
    const line = new RegExp(`^${expr}\\b[^\\n]*$`, 'm').exec(text)?.[0];
    const value = line && assignedExpr(line);
    return value && value !== expr ? pyValues(text, value) : undefined;
  }
  // `(f"~/{f}" for f in NAMES)`, `[f"{x}.cfg" for x in NAMES]`
  const comp = /^[([] *f(['"])([^'"\n]*)\1 +for +(\w+) +in +(\w+) *[)\]]$/.exec(expr);
  if (!comp) return undefined;
  const items = pyValues(text, comp[4]!);
  const slot = `{${comp[3]}}`;
  return comp[2]!.includes(slot) ? items?.map((x) => comp[2]!.split(slot).join(x)) : undefined;
}

// what the code does to refuse a missing value: throw, exit, panic, or answer with an error (a 4xx/5xx
// response, an error value): `raise ImproperlyConfigured(…)`, `log.Fatal`, `return new Response(…, { status: 400 })`
const FAIL =
  '(?:throw\\b|raise\\b|process\\.exit|sys\\.exit|exit\\(|panic[!(]|log\\.Fatal|os\\.Exit|abort\\(\\s*[45]\\d\\d' +
  '|return\\b[^;\\n]{0,160}?(?:\\bstatus(?:Code)?\\s*[:=(]\\s*|\\.status\\(\\s*|\\bStatus\\w*\\(\\s*)[45]\\d\\d' +
  '|return\\s+(?:nil\\s*,\\s*|None\\s*,\\s*)?(?:fmt\\.Errorf|errors\\.New|Err\\()' +
  '|http\\.Error\\()';
// a test of the local that holds the read: `!x`, `not x`, `x == ""`, `x is None`, `x === undefined`;
// other tests may come before it, joined by `||`/`or` (either one missing fails)
const absent = (v: string) =>
  `(?:!\\s*${v}\\b|not\\s+${v}\\b|${v}\\s*(?:==\\s*""|is\\s+None|===?\\s*(?:undefined|null)))`;
const alsoOr = '(?:[^\\n{:&]{0,80}?(?:\\|\\||\\bor\\b)\\s*)?';
// the rest of the condition: `x && y` needs both missing, so the variable alone is not refused
const noAnd = '(?:(?!&&|\\band\\b)[^\\n{:]){0,80}';

/**
 * A read whose unset case the code refuses, right there or through the local it was read into:
 * `if (!x) throw`, `if not x: raise`, `if x == "" { log.Fatal`, `if (!sig || !secret) return new Response(…, { status: 400 })`.
 */
function failsWhenUnset(text: string, end: number, start: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const prefix = text.slice(lineStart, start);
  // the read itself tested: `if (!process.env.X) throw …`
  if (/\bif ?\(? ?(?:!|not)$/.test(prefix.replace(/\s+/g, ' ').trimEnd()))
    return new RegExp(`^['"]?\\)?[^\\n{:]{0,40}[{:]?\\s{0,40}${FAIL}`).test(text.slice(end, end + 200));
  // `const x = process.env.X`, `x = os.getenv("X")`, `x := os.Getenv("X")`, `x = Number(process.env.X)`
  const statement = prefix.replace(/\s+/g, ' ').split(/[;{}]/).pop()!.trim();
  const bound = /^(?:(?:const|let|var) )?(\w+) ?:?= ?(?:\w+\()?$/.exec(statement)?.[1];
  if (!bound) return false;
  const next = text.slice(end, end + 600);
  const test = new RegExp(`\\bif\\s*\\(?\\s*${alsoOr}${absent(bound)}${noAnd}[{:]?\\s*${FAIL}`);
  return test.test(next);
}

// `Number(process.env.PORT) || 3000`: the fallback follows the conversion call
function jsFallback(text: string, end: number, start: number): string | null {
  // `if (process.env.A || process.env.B)`: inside a condition `||` joins two switches; neither is the
  // other's value
  if (inCondition(text, start)) return null;
  const direct = orElse(text, end);
  // `X || Y !== undefined`, `X || Y === '0'`, `X || !Y`: the operands are tests and the `||` joins
  // conditions (`if (process.env.NO_COLOR || process.env.FORCE_COLOR === '0')`); no value stands in for X
  if (direct !== null && fallbackOperands(direct).some(isTest)) return null;
  if (direct !== null) return direct;
  if (
    !/\b(?:Number|parseInt|parseFloat|String|Boolean)\(\s*$/.test(text.slice(Math.max(0, start - 30), start))
  )
    return null;
  return after(text, end, /^\s*\)\s*(?:\?\?|\|\|)\s*/);
}

/** Whether the text at `start` sits inside the parentheses of an `if (…)` or `while (…)` on its line. */
function inCondition(text: string, start: number): boolean {
  const line = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
  const at = line.search(/\b(?:if|while)\s*\(/);
  if (at < 0) return false;
  let depth = 0;
  for (const c of line.slice(at)) {
    if (c === '(') depth++;
    else if (c === ')') depth--;
  }
  return depth > 0;
}

/** An operand that is a comparison or a negation: a condition, not a value. */
function isTest(operand: string): boolean {
  const code = operand.replace(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g, "''").trim();
  return /^!(?!=)/.test(code) || /[!=]==?|\s[<>]=?\s/.test(code);
}

// `.unwrap_or(d)`, `.unwrap_or_else(|_| d)`, `.unwrap_or_default()` later in the same statement
function rustFallback(text: string, end: number, start = end): string | null {
  const rest = text.slice(end, end + 200);
  const stmt = rest.slice(0, rest.search(/;|$/));
  const m = /\.unwrap_or(_else|_default)?\(/.exec(stmt);
  if (!m) return ifLetElse(text, end, start);
  if (m[1] === '_default') return 'Default::default()';
  // `unwrap_or_else(|| f())` falls back to what the closure returns
  return exprAt(text, end + m.index + m[0].length)?.replace(/^\|[^|]{0,40}\|\s*/, '') ?? null;
}

/**
 * `if let Some(dir) = env::var_os("X").map(PathBuf::from) { dir } else { default_dir() }`: the
 * else block's value is what the program uses when the variable is unset.
 */
function ifLetElse(text: string, end: number, start: number): string | null {
  if (
    !/\bif\s+let\s+(?:Some|Ok)\s*\([^()]*\)\s*=\s*(?:std::)?$/.test(
      text.slice(Math.max(0, start - 80), start),
    )
  )
    return null;
  const open = text.indexOf('{', end);
  if (open < 0 || open - end > 200 || text.slice(end, open).includes(';')) return null;
  const closeOf = (from: number): number => {
    let depth = 0;
    for (let i = from; i < text.length && i < from + 2000; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}' && --depth === 0) return i;
    }
    return -1;
  };
  const close = closeOf(open);
  if (close < 0) return null;
  const other = /^\s*else\s*\{/.exec(text.slice(close + 1, close + 40));
  if (!other) return null;
  const from = close + other[0].length;
  const last = closeOf(from);
  const value = last < 0 ? '' : text.slice(from + 1, last).trim();
  // one expression, the block's value: not statements that compute it
  return value && !value.includes(';') && value.length <= 120 ? value.replace(/\s+/g, ' ') : null;
}

// `cmp.Or(os.Getenv("X"), d)`, or `v := os.Getenv("X")` followed by `if v == "" { v = d }`
function goFallback(text: string, end: number, start: number): string | null {
  const before = text.slice(Math.max(0, start - 40), start);
  if (/\bcmp\.Or\(\s*$/.test(before)) return after(text, end, /^\s*,\s*/);
  const v = /\b(\w+)\s*:?=\s*$/.exec(before)?.[1];
  if (!v) return null;
  const test = new RegExp(`^[ \\t]*(?:;|\\n\\s*if\\b)\\s*${v}\\s*==\\s*""\\s*\\{\\s*${v}\\s*=\\s*`);
  const m = test.exec(text.slice(end, end + 160));
  if (m) return exprAt(text, end + m[0].length);
  return returnedWhenEmpty(text, end, v);
}

/**
 * `if port := os.Getenv("PORT"); port != "" { … return … }` then `return ":8080"` a few lines on: the
 * value the function returns when the variable is empty is its default.
 */
function returnedWhenEmpty(text: string, end: number, v: string): string | null {
  const open = new RegExp(`^[ \\t]*;[ \\t]*${v}[ \\t]*!=[ \\t]*""[ \\t]*\\{`).exec(text.slice(end, end + 80));
  if (!open) return null;
  let depth = 0;
  let close = -1;
  const from = end + open[0].length - 1;
  for (let i = from; i < text.length && i < from + 2000; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0 || !/\breturn\b/.test(text.slice(from, close))) return null;
  // the statements after the block, up to the end of the enclosing one: a log line may come first
  for (const line of text
    .slice(close + 1, close + 400)
    .split('\n')
    .slice(1, 5)) {
    if (/^\s*\}/.test(line)) return null;
    const r = /^\s*return\s+(\S.*)$/.exec(line);
    const value = r?.[1]!.trimEnd();
    if (value) return value.includes(',') ? null : value;
  }
  return null;
}

// `${NAME}`, `${NAME:-d}`, `${NAME-d}`, `${NAME:=d}`; `${NAME:?error}` is required, `${NAME:+x}` no default
function braceFallback(text: string, end: number): string | null {
  const op = /^(:?[-=])/.exec(text.slice(end, end + 2));
  if (!op) return null;
  let depth = 0;
  const from = end + op[0].length;
  const limit = Math.min(text.length, from + 200);
  for (let i = from; i < limit; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && depth-- === 0) return text.slice(from, i);
    else if (text[i] === '\n') return null;
  }
  return null;
}

// Spring: `${NAME:default}`
function springFallback(text: string, end: number): string | null {
  const m = /^:([^}\n]{0,200})\}/.exec(text.slice(end, end + 210));
  return m ? m[1]! : null;
}

// clap: the attribute's own `default_value = "x"` / `default_value_t = x` is the variable's default too
function clapDefault(text: string, end: number, start: number): string | null {
  const close = text.indexOf(')]', end);
  const attribute = text.slice(start, close < 0 ? end : close);
  const m = /\bdefault_value(?:_t|_os)?\s*=\s*/.exec(attribute);
  const expr = m ? exprAt(attribute, m.index + m[0].length) : null;
  if (expr !== null) return constantValue(text, expr) ?? expr;
  return (
    documentedFallback(text, /"([A-Za-z_]\w*)"[^"]*$/.exec(text.slice(start, end))?.[1]) ??
    (close < 0 ? null : clapImplied(attribute, text.slice(close + 2, close + 300)))
  );
}

// what clap itself gives a field left unset, from its action or its type: a counted flag (`-vvv`)
// starts at 0, a `bool` switch is false; an `Option` is None, which is no value to show
function clapImplied(attribute: string, after: string): string | null {
  if (/\bArgAction::Count\b/.test(attribute)) return '0';
  if (/\bArgAction::SetTrue\b/.test(attribute)) return 'false';
  if (/\bArgAction::SetFalse\b/.test(attribute)) return 'true';
  const type = /^\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?\w+\s*:\s*([\w:<>]+)\s*,/.exec(after)?.[1];
  // a value parser of its own (`FalseyValueParser`) reads the text: false is still what unset gives;
  // one half of a `--x` / `--no-x` pair (`overrides_with`) leaves the outcome to the code that reads
  // both, so its false says nothing of what unset does
  return type === 'bool' && !/\baction\s*=|\boverrides_with\b/.test(attribute) ? 'false' : null;
}

// a fallback the program's own help text gives for a variable ("defaults to the value of
// $JUST_CHOOSER, falling back to `fzf`") is its default, though no code line sets it beside the read
function documentedFallback(text: string, name: string | undefined): string | null {
  if (!name) return null;
  const said = new RegExp(`\\$${name}\\b[^\\n\`"]{0,40}\\bfalling back to \`([^\`\\n]{1,80})\``).exec(text);
  return said ? said[1]! : null;
}

// `Self::DEFAULT_X` or `Type::DEFAULT_X` names a constant: when the same file sets it to a literal
// (`const DEFAULT_X: &str = "x";`), the literal is the default a user sees, not the constant's name
function constantValue(text: string, expr: string): string | null {
  const name = /^(?:\w{1,80}::)?([A-Z][A-Z0-9_]{0,80})$/.exec(expr.trim())?.[1];
  if (!name) return null;
  const decl = new RegExp(`\\bconst\\s+${name}\\s*:[^=;\\n]{1,80}=\\s*`).exec(text);
  if (!decl) return null;
  const value = exprAt(text, decl.index + decl[0].length);
  return value !== null && /^(?:"[^"\n]{0,200}"|-?\d[\d_.]{0,40}|true|false)$/.test(value.trim())
    ? value.trim()
    : null;
}

// clap prints `[env: X=]` beside the option in `--help` unless the attribute or builder hides it
function clapInHelp(text: string, end: number, start: number): boolean {
  const attribute = text.startsWith('#[', start);
  const rest = attribute
    ? text.slice(start, closeOf(text, start))
    : text.slice(start, nextArgStart(text, end));
  return !/\bhide_env\b(?!\s*=\s*false)|\.hide_env\(\s*true\s*\)|\bhide\s*=\s*true|\.hide\(\s*true\s*\)/.test(
    rest,
  );
}
/** The end of the attribute starting at `start` (`)]`), or the end of the text. */
const closeOf = (text: string, start: number) => {
  const i = text.indexOf(')]', start);
  return i < 0 ? text.length : i;
};
/** Where the next builder argument starts (`Arg::new(`), or 600 characters on. */
const nextArgStart = (text: string, from: number) => {
  const i = text.slice(from, from + 600).search(/\bArg::(?:new|with_name)\(/);
  return i < 0 ? Math.min(text.length, from + 600) : from + i;
};

// TypeScript's non-null assertion `process.env.X!` says the code counts on it being set
/**
 * A Python subscript read `os.environ["X"]` fails when X is unset, unless it runs only once the code
 * has seen X set: its own line tests it (`os.environ["X"] if "X" in os.environ else d`) or the header
 * of a block it sits in does (`if trust_env and os.environ.get("X"):`, `elif "X" in os.environ:`).
 */
function pyGuarded(text: string, end: number): boolean {
  const start = text.lastIndexOf('os.environ[', end);
  const name = /^os\.environ\[\s*['"](\w+)/.exec(text.slice(start, end))?.[1];
  if (!name) return false;
  const tests = (line: string) =>
    line.includes(name) &&
    (new RegExp(`(?<!\\bnot\\s{1,4})\\bos\\.(?:environ\\.get|getenv)\\(\\s*['"]${name}['"]`).test(line) ||
      new RegExp(`['"]${name}['"]\\s+in\\s+os\\.environ\\b`).test(line));
  const lineStart = text.lastIndexOf('\n', start) + 1;
  const lineEnd = text.indexOf('\n', end);
  const ownLine = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  if (tests(ownLine.slice(0, start - lineStart) + ownLine.slice(end - lineStart))) return true;
  // the headers of the blocks the read sits in, each less indented than the last, read line by line
  // backwards from the read (never the whole text split again for each read)
  let indent = /^\s*/.exec(ownLine)![0].length;
  for (let to = lineStart - 1; to > 0 && indent > 0;) {
    const from = text.lastIndexOf('\n', to - 1) + 1;
    const line = text.slice(from, to);
    to = from - 1;
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const depth = /^\s*/.exec(line)![0].length;
    if (depth >= indent) continue;
    indent = depth;
    const head = line.trimStart();
    if (/^(?:def|class|async\s+def)\b/.test(head)) return false;
    if (/^(?:if|elif|while)\b/.test(head) && tests(head)) return true;
  }
  return false;
}

const nonNull = (text: string, end: number) => /^!(?!=)/.test(text.slice(end, end + 2));
// `${X:?message}` stops the shell or compose when X is unset or empty
const braceRequired = (text: string, end: number) => /^:?\?/.test(text.slice(end, end + 2));
// Spring fails to start on a `${X}` placeholder with no `:default`
const noColon = (text: string, end: number) => text[end] === '}';

const READERS: Record<string, Reader[]> = {
  js: [
    {
      re: /\bprocess\??\.env\??\.([A-Za-z_][A-Za-z0-9_]*)/g,
      fallback: jsFallbackOrTernary,
      required: nonNull,
    },
    // `process.env['X']`, `import.meta.env['X']`, `process.env?.['X']`
    {
      re: /\b(?:process\??|import\.meta|Bun)\.env(?:\?\.)?\[\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*\]/g,
      fallback: jsFallbackOrTernary,
      required: nonNull,
    },
    // Vite's `import.meta.env.X`, also optional where the code may run without it: `import.meta.env?.MODE`
    {
      re: /\b(?:import\.meta|Bun)\.env\??\.([A-Za-z_][A-Za-z0-9_]*)/g,
      fallback: jsFallbackOrTernary,
      required: nonNull,
    },
    {
      re: /\bDeno\.env\.get\(\s*['"]([A-Za-z_]\w*)['"]\s*\)/g,
      fallback: jsFallbackOrTernary,
      required: nonNull,
    },
    // `'NO_COLOR' in process.env`: a presence test is a read too
    { re: /['"]([A-Za-z_]\w*)['"]\s+in\s+(?:process\??|import\.meta|Bun)\.env\b/g, presence: true },
  ],
  py: [
    // `os.environ["X"] = v` sets the variable for a child process: not a read
    {
      re: /\bos\.environ\[\s*['"]([A-Za-z_]\w*)['"]\s*\](?!\s*=[^=])/g,
      required: (t, e) => !pyGuarded(t, e),
    },
    {
      re: /\bos\.(?:environ\.get|getenv)\(\s*['"]([A-Za-z_]\w*)['"]/g,
      fallback: (t, e) => nextArg(t, e) ?? pyOr(t, e),
    },
    // `from os import getenv, environ`: the bare names read the same way
    {
      re: /(?<![\w.])(?:getenv|environ\.get)\(\s*['"]([A-Za-z_]\w*)['"]/g,
      fallback: (t, e) => nextArg(t, e) ?? pyOr(t, e),
      hint: 'from os import',
    },
    {
      re: /(?<![\w.])environ\[\s*['"]([A-Za-z_]\w*)['"]\s*\](?!\s*=[^=])/g,
      required: (t, e) => !pyGuarded(t, e),
      hint: 'from os import',
    },
    // `os.environ.setdefault("DJANGO_SETTINGS_MODULE", "app.settings")`: the program sets it for the
    // framework it starts, unless the environment already does
    {
      re: /\bos\.environ\.setdefault\(\s*['"]([A-Za-z_]\w*)['"]/g,
      fallback: (t, e) => nextArg(t, e),
      setsDefault: true,
    },
    // `"NO_COLOR" in os.environ`: only the variable's presence counts
    { re: /['"]([A-Za-z_]\w*)['"]\s+(?:not\s+)?in\s+os\.environ\b(?!\.)/g, presence: true },
    // urllib's proxy lookup reads every `<scheme>_proxy` and `no_proxy`, in either case
    { re: /\b(?:urllib\.request\.)?getproxies(?:_environment)?\(\)/g, names: ['<SCHEME>_proxy', 'no_proxy'] },
    // click: `@click.option(…, envvar="X")` (a list names several)
    { re: /\benvvar\s*=\s*(?:\[\s*)?['"]([A-Za-z_]\w*)['"]/g, hint: 'envvar' },
  ],
  go: [
    { re: /\bos\.(?:Getenv|LookupEnv)\(\s*"([A-Za-z_]\w*)"\s*\)/g, fallback: goFallback },
    // net/http's proxy lookup
    { re: /\bhttp\.ProxyFromEnvironment\b/g, names: ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY'] },
  ],
  rust: [
    {
      re: /\benv::var(?:_os)?\(\s*"([A-Za-z_]\w*)"\s*\)/g,
      fallback: rustFallback,
      // `?`, `.unwrap()` or `.expect(…)` on the lookup turns unset into an error
      required: (t, e) => /^\s*(?:\?|\.unwrap\(\)|\.expect\()/.test(t.slice(e, e + 30)),
    },
    // `option_env!("BAT_SYSTEM_CONFIG_PREFIX")` is read by the compiler, not by the running program
    { re: /\b(?:option_)?env!\(\s*"([A-Za-z_]\w*)"\s*\)/g, fallback: rustFallback, compileTime: true },
    // clap: `#[arg(long, env = "X")]` (brackets such as `conflicts_with_all(&["a"])` may come first),
    // `Arg::new("x").env("X")`
    {
      re: /#\[(?:arg|clap)\((?:[^\][]|\[[^\]]*\])*?\benv\s*=\s*"([A-Za-z_]\w*)"/g,
      fallback: clapDefault,
      inHelp: clapInHelp,
      option: true,
    },
    { re: /\.env\(\s*"([A-Z_][A-Z0-9_]*)"\s*\)/g, inHelp: clapInHelp, option: true },
    // library calls that read fixed variables for the program: the lscolors crate reads LS_COLORS,
    // clap_complete's `Shell::from_env` the user's SHELL, env_logger and tracing's filter RUST_LOG
    { re: /\bLsColors::from_env\(\)/g, names: ['LS_COLORS'], fallback: rustFallback },
    { re: /\bShell::from_env\(\)/g, names: ['SHELL'] },
    {
      re: /\benv_logger::(?:init|try_init|Builder::from_default_env)\(\)|\bEnvFilter::from_default_env\(\)/g,
      names: ['RUST_LOG'],
    },
  ],
  java: [
    {
      re: /\bSystem\.getenv\(\s*"([A-Za-z_]\w*)"\s*\)/g,
      fallback: (t, e) => after(t, e, /^\s*\)\s*\.orElse\(\s*/),
    },
    { re: /\bSystem\.getenv\(\s*\)\s*\.getOrDefault\(\s*"([A-Za-z_]\w*)"/g, fallback: nextArg },
    { re: /\$\{([A-Z_][A-Z0-9_]*)(?=[:}])/g, fallback: springFallback, verbatim: true, required: noColon },
  ],
  ruby: [
    {
      // `ENV['RACK_ENV'] = val` sets the variable: no read
      re: /\bENV\[\s*['"]([A-Za-z_]\w*)['"]\s*\](?!\s*=[^=~])/g,
      // `ENV['PORT'] && !ENV['PORT'].empty? ? ENV['PORT'] : 4567`: a predicate's `?` (`empty?`) opens no
      // ternary; the text keeps its length so the offsets hold
      fallback: (t, e, s) => orElse(t, e) ?? ternaryFallback(t.replace(/(?<=\w)\?/g, '_'), e, s),
    },
    {
      re: /\bENV\.fetch\(\s*['"]([A-Za-z_]\w*)['"]/g,
      fallback: (t, e) => nextArg(t, e) ?? after(t, e, /^\s*\)\s*\{\s*(?:\|\w*\|\s*)?/),
      required: () => true,
    },
  ],
  php: [
    { re: /\bgetenv\(\s*['"]([A-Za-z_]\w*)['"]\s*\)/g, fallback: orElse },
    { re: /\$_(?:ENV|SERVER)\[\s*['"]([A-Z_][A-Z0-9_]*)['"]\s*\]/g, fallback: orElse },
    { re: /\benv\(\s*['"]([A-Z_][A-Z0-9_]*)['"]/g, fallback: nextArg },
  ],
  cs: [{ re: /\bEnvironment\.GetEnvironmentVariable\(\s*"([A-Za-z_]\w*)"\s*\)/g, fallback: orElse }],
  c: [{ re: /\bgetenv\(\s*"([A-Za-z_]\w*)"\s*\)/g }],
  shell: [
    {
      re: /\$\{([A-Z_][A-Z0-9_]*)(?=[:}?=+-])/g,
      fallback: braceFallback,
      verbatim: true,
      required: braceRequired,
    },
  ],
  // compose files also interpolate a bare `$NAME` (`$$` escapes a dollar)
  compose: [
    {
      re: /\$\{([A-Za-z_]\w*)(?=[:}?=+-])/g,
      fallback: braceFallback,
      verbatim: true,
      required: braceRequired,
    },
    { re: /(?<!\$)\$([A-Z_][A-Z0-9_]*)\b/g },
  ],
  spring: [
    { re: /\$\{([A-Z_][A-Z0-9_]*)(?=[:}])/g, fallback: springFallback, verbatim: true, required: noColon },
  ],
};

const BY_LANGUAGE: Record<string, keyof typeof READERS> = {
  TypeScript: 'js',
  JavaScript: 'js',
  JSX: 'js',
  'Vuejs Component': 'js',
  Svelte: 'js',
  Python: 'py',
  Go: 'go',
  Rust: 'rust',
  Java: 'java',
  Kotlin: 'java',
  Scala: 'java',
  Ruby: 'ruby',
  PHP: 'php',
  'C#': 'cs',
  C: 'c',
  'C++': 'c',
  Dockerfile: 'shell',
  YAML: 'shell',
  'Bourne Shell': 'shell',
  'Bourne Again Shell': 'shell',
};

/** Names that usually hold credentials: their example values are not repeated in the analysis. */
export const SECRET_NAME =
  /SECRET|TOKEN|PASSWORD|PASSWD|PRIVATE|API_?KEY|CREDENTIAL|AUTH|(^|_)(KEY|PASS)($|_)|._PWD$/i;
// limits, durations, switches and public addresses about a secret are not the secret itself
const NOT_A_SECRET =
  /(_TTL(_M?S)?|_S|_MS|_SECONDS|_MINUTES|_HOURS|_DAYS|_LIMIT\w*|_MAX|_MIN|_COUNT|_SIZE|_BYTES|_LENGTH|_ENABLED|_DISABLED|_AUTOCONFIRM|_URL|_URI|_BASE|_HOST|_PORT|_PATH|_FILE|_DIR|_ISSUER|_AUDIENCE|_ALGORITHM|_PREFIX|_HEADER|_NAME|_IPS?)$|(^|_)(MAX|MIN|RATE_LIMIT|LIMIT|ALLOW|ENABLE|DISABLE|USE)_|_PER_/i;
// values the framework ships to the browser (NEXT_PUBLIC_, VITE_…) or publishable keys are public by design
const PUBLIC_NAME = /^(NEXT_PUBLIC|VITE|PUBLIC|REACT_APP|EXPO_PUBLIC|NUXT_PUBLIC|GATSBY)_|PUBLISHABLE/i;

/** True for a variable the framework hands to the browser, or a publishable key: public by design. */
export function isPublicName(name: string): boolean {
  return PUBLIC_NAME.test(name);
}

// proxy settings (`https_proxy`, `<SCHEME>_proxy`, ALL_PROXY) may carry `user:password@`; NO_PROXY is a host list
const PROXY_NAME = /(^|_)PROXY$/i;
const NO_PROXY = /^NO_PROXY$/i;

/** True for a variable that likely holds a credential (JWT_SECRET, AI_API_KEY, a proxy URL), not its settings. */
export function isSecretName(name: string): boolean {
  if (PROXY_NAME.test(name) && !NO_PROXY.test(name)) return true;
  return SECRET_NAME.test(name) && !NOT_A_SECRET.test(name) && !PUBLIC_NAME.test(name);
}

// a key, token or secret (public or not) or the address of a service: a client has no use for an empty one
const ENDPOINT_NAME = /(_URL|_URI|_ENDPOINT|_DSN|_HOST)$/i;

/** True for a variable a client needs a real value of: a credential, a public key, or an endpoint. */
export function needsValue(name: string): boolean {
  return (SECRET_NAME.test(name) && !NOT_A_SECRET.test(name)) || ENDPOINT_NAME.test(name);
}

export function isEnvExample(p: string): boolean {
  return /^\.env(\.[\w-]+){0,3}$/.test(baseName(p)) || /^(example|sample)\.env$/.test(baseName(p));
}

// the whole environment handed to a validator: `Schema.parse(process.env)`, `env = process.env`, cleanEnv(process.env, …)
const WHOLE_ENV = /\bprocess\.env\b(?!\s*(?:\.|\[|\?\.))/;
// a key of that validator's schema: `PORT: z.coerce.number().default(3000)`, `DATABASE_URL: str()`, `HOST: optionalUrl`
const SCHEMA_KEY = /^[ \t]*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)\s*:\s*([A-Za-z_$][\w$]*)(?=[\s.(,]|$)([^\n]*)/gm;

// a schema-like value; `FOO: 'bar'` or `FOO: 1` is a plain object, not a schema
const SCHEMA_VALUE =
  /^(z|zod|v|t|Joi|yup|s|str|num|bool|port|url|host|email|json|optional\w*|required\w*|\w*(Schema|Url|Bool|Int|Number|String))$/;
const SCHEMA_DEFAULT = /\.default\(\s*|\bdefault\s*:\s*/;

/**
 * Variables declared as the keys of a schema that validates the whole environment (zod, envalid,
 * env-schema…): the code reads them without ever writing `process.env.NAME`.
 */
function schemaReads(text: string): Read[] {
  if (!WHOLE_ENV.test(text)) return [];
  const out: Read[] = [];
  for (const m of text.matchAll(SCHEMA_KEY)) {
    if (!SCHEMA_VALUE.test(m[2]!)) continue;
    const rest = m[3]!;
    const def = SCHEMA_DEFAULT.exec(rest);
    const fallback = def ? exprAt(rest, def.index + def[0].length) : null;
    out.push({
      name: m[1]!,
      index: m.index + m[0].indexOf(m[1]!),
      ...(fallback !== null ? { fallback } : {}),
    });
  }
  return out;
}

// a shell variable the script assigns itself (`DIR=…`, `local x=…`, `for x in`, `read x`) is not read
// from the environment, unless the assignment falls back on the environment's value (`X=${X:-d}`)
const SHELL_ASSIGN =
  /^[ \t]*(?:(?:export|local|readonly|declare(?:[ \t]+-\w+)?)[ \t]+)?([A-Za-z_]\w*)=(.*)$|\b(?:for|read(?:[ \t]+-\w+)*)[ \t]+([A-Za-z_]\w*)\b/gm;

function shellLocals(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(SHELL_ASSIGN)) {
    const name = m[1] ?? m[3]!;
    if (m[2] === undefined || !m[2].includes('${' + name)) out.add(name);
  }
  return out;
}

/** Which readers apply to a file: by language, and by path for compose and Spring property files. */
function familyOf(f: FileInfo): keyof typeof READERS | undefined {
  const b = baseName(f.path);
  if (/^(docker-)?compose(\.[\w-]+)?\.ya?ml$/.test(b)) return 'compose';
  if (/^(application|bootstrap)(-[\w-]+)?\.(properties|ya?ml)$/.test(b)) return 'spring';
  const family = f.language ? BY_LANGUAGE[f.language] : undefined;
  // CI files use ${VAR}; other YAML rarely means the environment
  if (family === 'shell' && f.language === 'YAML' && !/\.github\/workflows|gitlab-ci/.test(f.path))
    return undefined;
  return family;
}

// a bundler's config: rollup, Vite, webpack, esbuild, tsup… (`rollup.config.mjs`, `webpack.config.prod.js`)
const BUNDLER_CONFIG =
  /^(rollup|rolldown|vite|vitest|webpack|rspack|esbuild|tsup|tsdown)\.config(\.[\w-]+)?\.[cm]?[jt]s$/;

/**
 * True when `at` sits inside a string literal of its line (a template literal's `${…}` is code).
 * In a bundler's config such a string is code the bundler writes into the product, the key or value
 * of a `replace`/`define` map (`'import.meta.env?.MODE': 'process.env.NODE_ENV'`): no read by the build.
 */
function inString(text: string, at: number): boolean {
  const quotes: string[] = [];
  for (let i = text.lastIndexOf('\n', at - 1) + 1; i < at; i++) {
    const c = text[i]!;
    const quote = quotes[quotes.length - 1];
    if (quote && quote !== '}') {
      if (c === '\\') i++;
      else if (c === quote) quotes.pop();
      else if (quote === '`' && c === '$' && text[i + 1] === '{') {
        quotes.push('}');
        i++;
      }
    } else if (c === '"' || c === "'" || c === '`') quotes.push(c);
    else if (c === '}' && quote === '}') quotes.pop();
  }
  return quotes.length > 0 && quotes[quotes.length - 1] !== '}';
}

/** The reads of one file by its family's readers; `quotedIsCode` skips reads written inside a string. */
function directReads(
  text: string,
  family: keyof typeof READERS,
  isScript: boolean,
  quotedIsCode = false,
): Read[] {
  const locals = isScript ? shellLocals(text) : null;
  const out: Read[] = [];
  const lineOf = lineFinder(text);
  for (const {
    re,
    fallback,
    verbatim,
    required,
    names,
    presence,
    inHelp,
    option,
    setsDefault,
    compileTime,
    hint,
  } of READERS[family]!) {
    if (hint && !text.includes(hint)) continue;
    for (const m of text.matchAll(re)) {
      if (names) {
        const fb = fallback?.(text, m.index + m[0].length, m.index) ?? null;
        // the call that reads them: `getproxies()`, `LsColors::from_env()`
        const readBy = m[0];
        for (const name of names)
          out.push({ name, index: m.index, readBy, ...(fb !== null ? { fallback: fb } : {}) });
        continue;
      }
      const name = m[1]!;
      if (locals?.has(name) || (quotedIsCode && inString(text, m.index))) continue;
      const end = m.index + m[0].length;
      const fb = fallback?.(text, end, m.index) ?? null;
      const index = m.index + m[0].indexOf(name);
      const fails = fb === null && (required?.(text, end) || failsWhenUnset(text, end, m.index));
      const branch = fb === null && !fails && family === 'py' ? pyBranch(text, end, m.index) : null;
      out.push({
        name,
        index,
        ...(fb !== null ? { fallback: fb } : {}),
        ...(fb !== null && isArgument(text, m.index) ? { argument: true } : {}),
        ...(verbatim ? { verbatim } : {}),
        ...(fails ? { required: true } : {}),
        ...(presence ? { presence } : {}),
        ...(branch ? { branch: true } : {}),
        ...(branch?.at !== undefined ? { branchAt: lineOf(branch.at) } : {}),
        ...(branch?.values ? { branchValues: branch.values } : {}),
        ...(inHelp?.(text, end, m.index) ? { inHelp: true } : {}),
        ...(option ? { option } : {}),
        ...(setsDefault ? { setsDefault } : {}),
        ...(compileTime ? { compileTime } : {}),
      });
    }
  }
  return out;
}

// an operand of a fallback chain that may stand before the read: `process.env.A ??`, `os.getenv("A") or`
const CHAIN_OPERATOR = /(?:\?\?|\|\||\bor)$/;
const CHAIN_OPERAND = /[\w$.?]{1,80}(?:\(['"]\w{1,80}['"]\))?!?$/;

/**
 * True when the read (with any chain before it) is an argument of a call: `createClient(process.env.URL || '', …)`,
 * `new Stripe(process.env.A ?? process.env.B ?? '')`. An empty fallback there reaches the consumer as is.
 */
function isArgument(text: string, start: number): boolean {
  let before = text.slice(Math.max(0, start - 300), start).trimEnd();
  for (let i = 0; i < 6; i++) {
    const op = CHAIN_OPERATOR.exec(before);
    if (!op) break;
    before = before.slice(0, op.index).trimEnd();
    const operand = CHAIN_OPERAND.exec(before);
    if (!operand) return false;
    before = before.slice(0, operand.index).trimEnd();
  }
  return /[(,]$/.test(before);
}

// `const { PORT = 3000, HOST } = process.env`
const DESTRUCTURED = /\{([^{}]{1,400})\}\s*=\s*process\.env\b/g;

function destructuredReads(text: string): Read[] {
  const out: Read[] = [];
  for (const m of text.includes('process.env') ? text.matchAll(DESTRUCTURED) : []) {
    let offset = m.index + 1;
    for (const part of m[1]!.split(',')) {
      const p = /^([A-Za-z_]\w*)(?:\s*:\s*[\w$]+)?(?:\s*=\s*(\S[^]*))?$/.exec(part.trim());
      if (p)
        out.push({ name: p[1]!, index: offset + part.indexOf(p[1]!), ...(p[2] ? { fallback: p[2] } : {}) });
      offset += part.length + 1;
    }
  }
  return out;
}

/** Raw fallback values of sensitive variables, kept out of the analysis but handed to the secrets pass. */
const hiddenDefaults = new WeakMap<EnvVar, string>();

/** The literal value a sensitive variable falls back to in the code, if any (a hard-coded secret). */
export function hiddenDefaultOf(v: EnvVar): string | undefined {
  return hiddenDefaults.get(v);
}

// any environment read, in the languages the readers know: used to tell a fallback to another variable
const ANY_READ =
  /^(?:process\??\.env\??\.(\w+)|(?:process\??|import\.meta|Bun)\.env(?:\?\.)?\[\s*['"](\w+)['"]\s*\]|(?:import\.meta|Bun)\.env\??\.(\w+)|os\.(?:environ\.get|getenv)\(\s*['"](\w+)['"]\s*\)|os\.environ\[\s*['"](\w+)['"]\s*\]|os\.Getenv\(\s*"(\w+)"\s*\)|(?:std::)?env::var(?:_os)?\(\s*"(\w+)"\s*\)(?:\.ok\(\))?|System\.getenv\(\s*"(\w+)"\s*\)|ENV\[\s*['"](\w+)['"]\s*\]|getenv\(\s*['"](\w+)['"]\s*\))$/;

const readOf = (operand: string) => {
  const m = ANY_READ.exec(operand.replace(/!$/, '').trim());
  return m ? m.slice(1).find(Boolean) : undefined;
};

/**
 * What a fallback expression comes down to: the other variables it reads first, in order, and the
 * value it ends on (undefined when it ends on another variable: no value in the code).
 */
function resolveFallback(name: string, fallback: string): { vars: string[]; last?: string } {
  const operands = fallbackOperands(fallback);
  // a ternary's condition is a test, not a value: `c ? A : d` falls back through A then d
  const values =
    operands.length > 1 && /\?/.test(fallback) && !/\?\?/.test(fallback) ? operands.slice(1) : operands;
  const vars = [...new Set(values.map(readOf).filter((n): n is string => !!n && n !== name))];
  if (!vars.length) return { vars, last: fallback };
  const last = values[values.length - 1]!;
  return readOf(last) ? { vars } : { vars, last };
}

/** An env var from a read: its default (hidden for a credential), whether it is sensitive, its class. */
function toEnvVar(
  file: string,
  line: number,
  {
    name,
    fallback: raw,
    verbatim,
    required,
    branch,
    branchAt,
    branchValues,
    presence,
    argument,
    inHelp,
    option,
    readBy,
    setsDefault,
    compileTime,
    fallsBackTo,
    overriddenBy,
    filledBy,
  }: Omit<Read, 'index'>,
): EnvVar {
  const sensitive = isSecretName(name);
  // a variable the program sets itself for the framework it starts is the program's plumbing, not a
  // setting its user chooses
  const v: EnvVar = {
    name,
    file,
    line,
    class: setsDefault ? 'platform' : compileTime ? 'build' : envClass(name, file),
  };
  if (setsDefault) v.setByProgram = true;
  if (inHelp) v.inHelp = true;
  if (option) v.option = true;
  if (readBy) v.readBy = readBy;
  if (sensitive) v.sensitive = true;
  if (required) v.required = true;
  if (presence) v.presence = true;
  if (branch) v.hasDefault = true;
  if (branchAt !== undefined && branchAt !== line) v.defaultLine = branchAt;
  if (branchValues?.length && !sensitive) v.defaultValues = branchValues;
  if (fallsBackTo) v.fallbackVars = [fallsBackTo];
  if (overriddenBy) v.overriddenBy = overriddenBy;
  if (filledBy) v.filledBy = filledBy;
  if (raw === undefined) return v;
  const { vars, last: fallback } = verbatim ? { vars: [], last: raw } : resolveFallback(name, raw);
  if (vars.length) v.fallbackVars = vars;
  if (fallback === undefined) return v;
  const literal = verbatim ? fallback : literalOf(fallback);
  // an empty credential (`process.env.API_KEY || ''`) is no credential: not a default, and not hidden;
  // handed straight to a client as its key or endpoint, the empty value fails there: it must be set
  if (literal === '' && argument && needsValue(name)) {
    v.emptyFallback = true;
    v.unusableEmpty = true;
    return v;
  }
  if (sensitive && literal === '') {
    v.emptyFallback = true;
    return v;
  }
  v.hasDefault = true;
  if (sensitive) {
    if (literal) hiddenDefaults.set(v, literal);
  } else if (fallback.length <= 200) v.defaultValue = literal ?? fallback;
  return v;
}

export function envVarsPass(src: Sources, files: FileInfo[]): EnvVar[] {
  const out: EnvVar[] = [];
  const seen = new Set<string>();
  const add = (v: EnvVar) => {
    const key = `${v.name}\u0000${v.file}\u0000${v.line}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(v);
  };
  const texts = new Map<string, { text: string; family: keyof typeof READERS }>();
  for (const f of files) {
    if (isEnvExample(f.path)) {
      for (const v of envFileVars(src, f.path)) add(v);
      continue;
    }
    const family = familyOf(f);
    if (!family) continue;
    // a variable named in a comment or docstring is documentation, not a read
    const text = codeText(src, f.path, f.language);
    if (text == null) continue;
    texts.set(f.path, { text, family });
    const isScript = family === 'shell' && /Shell/.test(f.language ?? '');
    const reads = directReads(
      text,
      family,
      isScript,
      family === 'js' && BUNDLER_CONFIG.test(baseName(f.path)),
    );
    if (family === 'js') reads.push(...destructuredReads(text), ...schemaReads(text));
    if (family === 'py') reads.push(...settingsReads(text));
    const lineOf = lineFinder(text);
    for (const r of reads) add(toEnvVar(f.path, lineOf(r.index), r));
  }
  // a function of the project that reads the variable its parameter names is a reader too
  const lines = new Map<string, (index: number) => number>();
  for (const [file, r] of [
    ...wrapperReads(texts),
    ...constantReads(texts),
    ...computedReads(texts),
    ...loopReads(texts),
  ]) {
    if (!lines.has(file)) lines.set(file, lineFinder(texts.get(file)!.text));
    add(toEnvVar(file, lines.get(file)!(r.index), r));
  }
  optionFallbacks(out, texts);
  handledErrors(out, texts);
  rustSecondReads(out, texts);
  toolChoices(out);
  buildScriptVars(out, src, files);
  return out;
}

/**
 * A variable the crate's build script sets for the compiler (`println!("cargo:rustc-env=NAME={}", …)`)
 * is read by `env!` at compile time: the build sets it, no user of the product does.
 */
function buildScriptVars(vars: EnvVar[], src: Sources, files: FileInfo[]): void {
  const set = new Set<string>();
  for (const f of files) {
    if (f.language !== 'Rust') continue;
    const text = src.text(f.path) ?? '';
    if (!text.includes('rustc-env=')) continue;
    for (const m of text.matchAll(/\bcargo::?rustc-env=([A-Za-z_]\w*)=/g)) set.add(m[1]!);
  }
  for (const v of vars) if (set.has(v.name) && v.file.endsWith('.rs')) v.class = 'build';
}

// `env::var_os("VISUAL").or_else(|| env::var_os("EDITOR"))`: the second name is read when the first is unset
const RUST_SECOND_READ =
  /^\s*\.or(?:_else)?\(\s*(?:\|\|\s*)?(?:std::)?env::var(?:_os)?\(\s*"([A-Za-z_]\w*)"\s*\)/;

/** A Rust read whose `Option` or `Result` falls back on reading another variable names that variable first. */
function rustSecondReads(vars: EnvVar[], texts: Map<string, { text: string; family: string }>): void {
  for (const v of vars) {
    if (v.fallbackVars?.length) continue;
    const own = texts.get(v.file);
    if (own?.family !== 'rust') continue;
    const line = own.text.split('\n')[v.line - 1] ?? '';
    const read = new RegExp(`env::var(?:_os)?\\(\\s*"${v.name}"\\s*\\)`).exec(line);
    if (!read) continue;
    const start =
      own.text
        .split('\n')
        .slice(0, v.line - 1)
        .join('\n').length + (v.line > 1 ? 1 : 0);
    const second = RUST_SECOND_READ.exec(own.text.slice(start + read.index + read[0].length, start + 400));
    if (second && second[1] !== v.name) v.fallbackVars = [second[1]!];
  }
}

// the user's choice of a tool for every program alike: the editor, the pager, the browser
const TOOL_CHOICE = /^(EDITOR|VISUAL|PAGER|BROWSER)$/;

/**
 * A product feature that launches the user's editor, pager or browser, with a tool of its own when
 * none is set (`VISUAL`, else `EDITOR`, else `vim` for `just --edit`), is configured by that choice:
 * the variables are the product's configuration, not the host's. Read without a fallback of the
 * product's own, they stay the host's.
 */
function toolChoices(vars: EnvVar[]): void {
  for (const v of vars)
    if (v.class === 'platform' && !v.setByProgram && TOOL_CHOICE.test(v.name) && v.defaultValue)
      v.class = 'config';
}

// what a caller does with a `Result` to go on without it: `.ok()`, `.unwrap_or…`, `.is_ok()`, `if let Ok(`
const RESULT_HANDLED = /^\s*\.(?:ok\(\)|unwrap_or(?:_default|_else)?\(|is_ok\(\)|is_err\(\))/;

/**
 * A Rust variable read with `?` turns "unset" into an error of the function that reads it; when every
 * call of that function goes on without its result (`LessOpenPreprocessor::new().ok()`), the program
 * runs without the variable: it is optional, not required.
 */
function handledErrors(vars: EnvVar[], texts: Map<string, { text: string; family: string }>): void {
  const rust = [...texts].filter(([, t]) => t.family === 'rust');
  for (const v of vars) {
    if (!v.required) continue;
    const own = texts.get(v.file);
    if (own?.family !== 'rust') continue;
    const lines = own.text.split('\n');
    const read = lines[v.line - 1] ?? '';
    // only a read whose error is passed up: `.unwrap()` and `.expect()` stop the program there
    if (!/env::var(?:_os)?\([^)]*\)\s*\?/.test(read)) continue;
    // the function the read is in, and the type whose `impl` holds it: `LessOpenPreprocessor::new`
    let at = -1;
    let fn: string | undefined;
    for (let i = v.line - 1; i >= 0 && !fn; i--) {
      fn = /\bfn\s+(\w+)/.exec(lines[i]!)?.[1];
      at = i;
    }
    if (!fn || fn === 'main') continue;
    let owner: string | undefined;
    for (let i = at; i >= 0 && !owner; i--) {
      if (/^\S/.test(lines[i]!) && !/^(?:impl|#|\/\/|\})/.test(lines[i]!)) break;
      owner = /^impl(?:<[^>]*>)?\s+(?:[\w:]+\s+for\s+)?(\w+)/.exec(lines[i]!)?.[1];
    }
    const call = new RegExp(owner ? `\\b${owner}::${fn}\\(` : `(?<![\\w.:])${fn}\\(`, 'g');
    const uses = rust.flatMap(([, t]) =>
      [...t.text.matchAll(call)].map((m) => ({ t: t.text, at: m.index + m[0].length - 1 })),
    );
    const handled = (t: string, at: number) => {
      // `closing` gives the offset just past the `)`, string literals skipped
      const close = closing(t, at, true) - 1;
      const lineStart = t.lastIndexOf('\n', at) + 1;
      return (
        (close >= 0 && RESULT_HANDLED.test(t.slice(close + 1, close + 40))) ||
        /\bif\s+let\s+Ok\s*\(/.test(t.slice(lineStart, at))
      );
    };
    if (uses.length && uses.every(({ t, at }) => handled(t, at))) delete v.required;
  }
}

/**
 * A Rust command-line option (clap `env`) with no default of its own, whose field the program reads
 * elsewhere with one: that fallback is the variable's default. The fallback ends a method chain on the
 * field (`config.jobs.unwrap_or(NonZeroU64::MAX)`, `config.names.as_ref().and_then(…).unwrap_or(NAME)`,
 * `config.indentation.or(…).unwrap_or_default()`) or is the `else` of `if let Some(x) = &config.names`;
 * a constant is shown by its value, and a type's `Default` by what its `default()` builds.
 */
function optionFallbacks(vars: EnvVar[], texts: Map<string, { text: string; family: string }>): void {
  const rust = [...texts.values()].filter((t) => t.family === 'rust').map((t) => t.text);
  for (const v of vars) {
    if (!v.option || v.defaultValue !== undefined || v.hasDefault) continue;
    const own = texts.get(v.file);
    if (own?.family !== 'rust') continue;
    // the field the attribute is on: the first `name: Type` line after the attribute closes
    const lines = own.text.split('\n');
    let field: { name: string; type: string } | undefined;
    for (let i = v.line - 1; i < Math.min(lines.length, v.line + 20) && !field; i++)
      if (/\)\]\s*$/.test(lines[i]!)) {
        const m = /^\s*(?:pub(?:\([^)]*\))?\s+)?([a-z_]\w*)\s*:\s*([^,]+)/.exec(lines[i + 1] ?? '');
        if (m) field = { name: m[1]!, type: m[2]!.trim() };
      }
    if (!field) continue;
    const found = rust.flatMap((t) => (t.includes(`.${field.name}`) ? fieldFallbacks(t, field.name) : []));
    const values = new Map(
      found.map((f) => fallbackValue(f, field.type, rust)).map((x) => [JSON.stringify(x), x]),
    );
    // two fallbacks in two places: which one applies depends on the path, so neither is told
    // where the code handles the option's absence other than with one value: another source tried
    // first (`.or(ast.indentation())`), or a branch that works one out
    const handled = [...texts]
      .filter(([p, t]) => t.family === 'rust' && p !== v.file && t.text.includes(`.${field.name}`))
      .flatMap(([p, t]) => absenceHandled(t.text, field.name).map((h) => ({ ...h, path: p })));
    // the sources chained before the value the code ends on (`.or(ast.indentation())`)
    const first = [...new Set(handled.flatMap((h) => (h.first && !h.branch && !h.only ? [h.first] : [])))];
    const value = values.size === 1 ? [...values.values()][0] : null;
    // the same other source may be reached two ways in two places (a parsed setting, the AST's)
    if (value && first.length && first.length <= 2) v.fallsBackTo = first;
    if (!value) {
      // a branch that works a value out (after another source, where it names one); or only another
      // source, with nothing of the code's own after it (`settings.dotenv_command`)
      const branch = handled.find((h) => h.branch || !h.first) ?? handled.find((h) => h.only);
      if (branch) {
        if (!branch.only) v.hasDefault = true;
        v.defaultAt = { path: branch.path, line: branch.line };
        const sources = [
          ...new Set(handled.flatMap((h) => (h.first && (h.branch || h.only) ? [h.first] : []))),
        ];
        if (sources.length && sources.length <= 2) v.fallsBackTo = sources;
      }
      continue;
    }
    if (Array.isArray(value)) v.defaultValues = value;
    else v.defaultValue = value;
  }
}

/**
 * Where the code handles an option field's absence other than with one constant: `.or(x)` before the
 * fallback (another source tried first), `if let Some(…) = &config.field { … } else { … }` whose
 * `else` works a value out, or a local bound to the field that a `match` then takes apart.
 */
function absenceHandled(
  text: string,
  field: string,
): { line: number; first?: string; branch?: boolean; only?: boolean }[] {
  const out: { line: number; first?: string; branch?: boolean; only?: boolean }[] = [];
  const lineAt = (i: number) => text.slice(0, i).split('\n').length;
  for (const m of text.matchAll(new RegExp(`\\.${field}\\b`, 'g'))) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 200);
    const or =
      /^(?:\s*\.(?:as_ref|as_deref|clone|cloned|copied)\(\))*\s*\.or(?:_else)?\(([^()|]{1,60}(?:\(\))?)\)/.exec(
        after,
      );
    if (or) {
      out.push({ line: lineAt(m.index), first: or[1]!.trim() });
      continue;
    }
    const start = text.lastIndexOf('\n', m.index) + 1;
    const end = text.indexOf('\n', m.index);
    const line = text.slice(start, end < 0 ? undefined : end);
    if (/\bif let Some\(\w+\) = /.test(line) && /\{\s*$/.test(line)) {
      const open = start + line.lastIndexOf('{');
      const close = closing(text, open, true);
      const other = close >= 0 ? /^\s*else\s*\{\s*/.exec(text.slice(close, close + 40)) : null;
      if (!other) continue;
      // the `else` that first looks at another source (`match &self.module.settings.tempdir {`)
      const next = text.slice(close + other[0].length, close + other[0].length + 200);
      const source = /^(?:match\s+&?|if let Some\(\w+\) = &?)([\w.]+)\s*\{/.exec(next)?.[1];
      out.push({
        line: lineAt(m.index),
        ...(source && source !== /=\s*&?([\w.]+)\s*\{\s*$/.exec(line)?.[1]
          ? { first: source, branch: true }
          : { branch: true }),
      });
      continue;
    }
    // `if config.field.is_empty() … { settings.field.elements() } else { &config.field }`: what the
    // code takes instead when the option is left out
    if (/\bif\b/.test(line) && new RegExp(`\\.${field}\\.is_empty\\(\\)`).test(line) && /\{\s*$/.test(line)) {
      const open = start + line.lastIndexOf('{');
      const close = closing(text, open, true);
      const body = close >= 0 ? text.slice(open + 1, close - 1).trim() : '';
      const source = /^&?([\w.]+?)(?:\.\w+\(\))?$/.exec(body)?.[1];
      const own = new RegExp(`([\\w.]*\\.${field})\\.is_empty`).exec(line)?.[1];
      if (source && source !== own) out.push({ line: lineAt(m.index), first: source, only: true });
      continue;
    }
    const bound = /^\s*let\s+(\w+)\s*=\s*[\w.]+\.(\w+)(?:\.clone\(\))?;\s*$/.exec(line);
    if (bound && bound[2] === field && end >= 0) {
      const rest = text
        .slice(end + 1, end + 3000)
        .split('\n')
        .slice(0, 20);
      const at = rest.findIndex((l) => new RegExp(`\\bmatch\\b[^{]*\\b${bound[1]}\\b`).test(l));
      if (at >= 0) out.push({ line: lineAt(end) + 1 + at });
    }
  }
  return out;
}

/** Calls on an `Option` that keep its value as it is: what they return still falls back to the field's default. */
const PASS_THROUGH = new Set(['as_ref', 'as_deref', 'as_mut', 'clone', 'cloned', 'copied', 'or', 'or_else']);

/** The fallbacks the code gives a field where it reads it: a constant or path, or `default` for the type's. */
function fieldFallbacks(text: string, field: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(`\\.${field}\\b`, 'g'))) {
    // the method chain on the field, call by call
    let at = m.index + m[0].length;
    let changed = false;
    for (let calls = 0; calls < 8; calls++) {
      const call = /^\s*\.(\w+)\s*(?=\()/.exec(text.slice(at, at + 200));
      if (!call) break;
      const open = at + call[0].length;
      const close = closing(text, open, true);
      if (close < 0) break;
      const args = text.slice(open + 1, close - 1).trim();
      // the type's default is the field's only while no call has turned the value into another one
      if (call[1] === 'unwrap_or_default' && !args && !changed) out.push('default');
      else if (call[1] === 'unwrap_or' && /^[\w:]{1,80}$/.test(args)) out.push(args);
      if (/^unwrap_or/.test(call[1]!)) break;
      changed ||= !PASS_THROUGH.has(call[1]!);
      at = close;
    }
  }
  // `if let Some(names) = &config.names { … } else { CONSTANT… }`
  for (const m of text.matchAll(
    new RegExp(`\\bif let Some\\(\\w+\\) = &?(?:\\w+\\.){1,4}${field}\\s*\\{`, 'g'),
  )) {
    const open = m.index + m[0].length - 1;
    const close = closing(text, open, true);
    if (close < 0) continue;
    const other = /^\s*else\s*\{/.exec(text.slice(close, close + 40));
    if (!other) continue;
    const start = close + other[0].length - 1;
    const end = closing(text, start, true);
    if (end < 0) continue;
    // the `else` is one expression, not a further choice (`match`, a nested `if`) that ends elsewhere
    const body = text.slice(start + 1, end - 1).trim();
    if (/[{};]|\b(?:if|match)\b/.test(body)) continue;
    const names = [...new Set(body.match(/\b[A-Z][A-Z0-9_]{2,}\b/g) ?? [])];
    if (names.length === 1) out.push(names[0]!);
  }
  return out;
}

/**
 * What a fallback is: a constant's string value or values (`DEFAULT_NAME = NAMES[0]` is one of the
 * list `NAMES`, so it and `NAMES` agree on the list), the `default()` a product type builds, or the
 * path as written (`NonZeroU64::MAX`); null for a standard type's empty default.
 */
function fallbackValue(fallback: string, type: string, rust: string[]): string | string[] | null {
  if (fallback === 'default') return typeDefault(type, rust);
  if (!/^[A-Z][A-Z0-9_]{2,}$/.test(fallback)) return fallback;
  const value = rustConstant(fallback, rust);
  if (value === null) return fallback;
  // one element of a list constant: the list is what the code falls back to
  const element = /^([A-Z][A-Z0-9_]{2,})\[\d+\]$/.exec(value);
  if (element) return constantList(element[1]!, rust) ?? fallback;
  const list = constantList(fallback, rust);
  if (list) return list;
  const literal = /^"([^"\\]{0,80})"$/.exec(value);
  return literal ? literal[1]! : fallback;
}

/** The expression a Rust `const` or `static` is set to. */
function rustConstant(name: string, rust: string[]): string | null {
  const re = new RegExp(
    `^\\s*(?:pub(?:\\([^)]*\\))?\\s+)?(?:const|static)\\s+${name}\\s*:[^=\\n]{1,80}=\\s*([^;\\n]{1,200});`,
    'm',
  );
  for (const t of rust) {
    const m = re.exec(t);
    if (m) return m[1]!.trim();
  }
  return null;
}

/** The strings of a constant array (`["justfile", ".justfile"]`). */
function constantList(name: string, rust: string[]): string[] | null {
  const value = rustConstant(name, rust);
  const inner = value && /^\[(.*)\]$/.exec(value)?.[1];
  if (!inner) return null;
  const items = inner.split(',').map((x) => x.trim());
  return items.every((x) => /^"[^"\\]*"$/.test(x)) ? items.map((x) => x.slice(1, -1)) : null;
}

/**
 * What `unwrap_or_default()` falls back to for an `Option<T>` field: for a product type whose
 * `Default` builds a short struct literal, that literal (`Indentation { character: ' ', count: 4 }`);
 * otherwise `T::default()`. A standard type's default (false, 0, empty) is the option's absence.
 */
function typeDefault(type: string, rust: string[]): string | null {
  const t = /^Option<\s*(\w+)\s*>$/.exec(type)?.[1];
  if (
    !t ||
    !/^[A-Z]/.test(t) ||
    /^(String|PathBuf|OsString|Vec|HashMap|HashSet|BTreeMap|BTreeSet|Duration)$/.test(t)
  )
    return null;
  const impl = new RegExp(`impl\\s+Default\\s+for\\s+${t}\\s*\\{`);
  for (const text of rust) {
    const m = impl.exec(text);
    if (!m) continue;
    const open = m.index + m[0].length - 1;
    const body = text.slice(open, closing(text, open, true));
    const built = /\bfn\s+default\s*\(\s*\)\s*->\s*\w+\s*\{\s*(?:Self|\w+)\s*\{([^{}]{1,120})\}\s*\}/.exec(
      body,
    );
    if (!built) return `${t}::default()`;
    const fields = built[1]!
      .split(',')
      .map((x) => x.trim().replace(/\s+/g, ' '))
      .filter(Boolean);
    return `${t} { ${fields.join(', ')} }`;
  }
  return null;
}

/** The keys of an env file, with their values as the default (hidden for a credential). */
function envFileVars(src: Sources, file: string): EnvVar[] {
  const text = src.text(file);
  if (text == null) return [];
  const out: EnvVar[] = [];
  for (const { m, line } of matchesWithLines(
    text,
    // an empty value ends at its line: `KEY=` is never followed by the next line's name
    /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*=([^\n]*)$/gm,
  )) {
    const raw = m[2]!;
    const hash = raw.search(/\s#/);
    const value = (hash < 0 ? raw : raw.slice(0, hash)).trim().replace(/^(['"])(.*)\1$/, '$2');
    const v: EnvVar = { name: m[1]!, file, line, class: envClass(m[1]!, file) };
    if (isSecretName(m[1]!)) v.sensitive = true;
    else if (value && value.length <= 200) v.defaultValue = value;
    out.push(v);
  }
  return out;
}
