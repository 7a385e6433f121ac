// Environment reads that go through a layer: a function of the project that reads the variable its
// parameter names (`envbool("DEBUG", "True")`), settings classes (pydantic BaseSettings) and
// settings libraries (django-environ, environs, python-decouple).

import { argsAt } from './env-expr.ts';

/** One read found in a file's text: the variable, where its name stands, what the code falls back to. */
export interface Read {
  name: string;
  index: number;
  fallback?: string;
  /** The fallback is the value itself (`${X:-value}`), not code that computes it. */
  verbatim?: boolean;
  /** The read fails when the variable is unset. */
  required?: boolean;
  /** Unset, the code takes another branch that sets the value itself (`if v := getenv(…): … else: …`). */
  branch?: boolean;
  /** Where that other branch sets the value (text index), and the values it resolves to. */
  branchAt?: number;
  branchValues?: string[];
  /** Only the variable's presence is tested (`'X' in os.environ`). */
  presence?: boolean;
  /** An empty fallback handed straight to a call as its argument (`new Client(process.env.X ?? '')`). */
  argument?: boolean;
  /** The program's `--help` names the variable beside its option. */
  inHelp?: boolean;
  /** It sets a command-line option (clap `env`): what unset means is the option's handling, not the lookup's. */
  option?: boolean;
  /** A library call that reads the variable itself (`getproxies()`), rather than the product's own read. */
  readBy?: string;
  /** The program sets the variable itself unless it is set (`os.environ.setdefault`). */
  setsDefault?: boolean;
  /** Read when the program is compiled (Rust `option_env!`): the build sets it, not the user. */
  compileTime?: boolean;
  /** For a name built at run time, the code each `<PART>` comes from (`<NAME>` ← `cmd.Root().Name()`). */
  filledBy?: Record<string, string>;
  /** Another variable the code reads in its place when this one is empty or unset. */
  fallsBackTo?: string;
  /** Another variable that, set to this value, makes the code ignore this one (`COBRA_ACTIVE_HELP=0`). */
  overriddenBy?: { name: string; value: string };
}

interface Wrapper {
  name: string;
  /** Which parameter names the variable, and which (if any) is the fallback. */
  nameArg: number;
  defaultArg?: number;
  /** The body reads the upper-case form of the name too (`os.environ.get(key.upper())`). */
  upper?: boolean;
  defaultParam?: string;
}

// where a function starts, per language: group 1 its name, group 2 its parameters
const DEFINITIONS: Record<string, RegExp[]> = {
  py: [/^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(([^)]{0,300})\)[^:\n]{0,100}:/gm],
  js: [
    /\bfunction[ \t]+([\w$]+)[ \t]*\(([^)]{0,300})\)/g,
    /\b(?:const|let|var)[ \t]+([\w$]+)[ \t]*=[ \t]*(?:async[ \t]*)?\(([^)]{0,300})\)[^=\n]{0,100}=>/g,
  ],
  go: [/\bfunc[ \t]+(\w+)[ \t]*\(([^)]{0,300})\)[^{\n]{0,100}\{/g],
  rust: [/\bfn[ \t]+(\w+)[ \t]*(?:<[^>\n]{0,100}>)?\(([^)]{0,300})\)[^{\n]{0,100}\{/g],
};

// a read inside a function body whose name is an identifier: group 1 the identifier, group 3 a
// suffix added to it (`name + "_FILE"` is another variable, not a cited one), group 4 the fallback
const INNER_READS: Record<string, RegExp> = {
  py: /\bos\.(?:getenv|environ\.get|environ\[)\(?\s*(\w+)\s*(?:\+\s*(['"])(\w{1,40})\2\s*)?(?:,\s*(?:default\s*=\s*)?(\w+))?/g,
  js: /\bprocess\.env\[\s*([\w$]+)\s*()()()\]/g,
  go: /\bos\.(?:Getenv|LookupEnv)\(\s*(\w+)\s*()()()\)/g,
  rust: /\benv::var(?:_os)?\(\s*(\w+)\s*()()()\)/g,
};

/** The parameter names of a parameter list: `s: str, default: str | None = None` → [s, default]. */
function paramNames(list: string, language: string): string[] {
  return list
    .split(',')
    .map((p) => /^\s*(?:\*{1,2}|&|mut\s+)?([A-Za-z_$][\w$]*)/.exec(p)?.[1] ?? '')
    .filter((p) => p && !(language === 'py' && (p === 'self' || p === 'cls')));
}

/**
 * The body of a function: its indented block deeper than `outer` (Python; the rest of the line for a
 * one-line `def f(): ...`) or its braces, at most 3000 characters.
 */
function bodyAt(text: string, from: number, language: string, outer = -1): string {
  const end = Math.min(text.length, from + 3000);
  if (language === 'py') {
    const lines = text.slice(from, end).split('\n');
    const indent = (l: string) => /^[ \t]*/.exec(l)![0].length;
    const first = lines.findIndex((l, i) => i > 0 && l.trim());
    if (lines[0]!.trim() || first < 0 || indent(lines[first]!) <= outer) return lines[0]!;
    const base = indent(lines[first]!);
    let last = first;
    for (let i = first; i < lines.length; i++) {
      if (!lines[i]!.trim()) continue;
      if (indent(lines[i]!) < base) break;
      last = i;
    }
    return lines.slice(0, last + 1).join('\n');
  }
  const open = text.indexOf('{', from);
  // an arrow function without braces is its one expression
  if (open < 0 || open > from + 200) {
    const nl = text.indexOf('\n', from);
    return text.slice(from, nl < 0 ? end : nl);
  }
  let depth = 0;
  for (let i = open; i < end; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(from, i + 1);
  }
  return text.slice(from, end);
}

/** The function defined at `m` as a wrapper, when its body reads the variable a parameter names. */
function wrapperOf(m: RegExpMatchArray, text: string, language: string): Wrapper | null {
  const params = paramNames(m[2]!, language);
  if (params.length === 0 || m[1]!.length < 3) return null;
  // a definition matched up to its `{` starts the body at that brace
  const from = m.index! + m[0].length - (m[0].endsWith('{') ? 1 : 0);
  const body = bodyAt(text, from, language, /^[ \t]*/.exec(m[0])![0].length);
  let w: Wrapper | null = null;
  for (const r of body.matchAll(INNER_READS[language]!)) {
    const nameArg = params.indexOf(r[1]!);
    if (nameArg < 0 || r[3]) continue;
    w ??= { name: m[1]!, nameArg };
    if (r[4] && params.includes(r[4])) w.defaultParam = r[4];
  }
  if (!w) return null;
  const param = params[w.nameArg]!.replace(/\$/g, '\\$');
  // a helper that sets the variable (and reads it only to restore it) is not a setting's reader
  if (
    new RegExp(
      `\\benviron\\[\\s*${param}\\s*\\]\\s*=[^=]|process\\.env\\[\\s*${param}\\s*\\]\\s*=[^=]|Setenv\\(\\s*${param}\\b`,
    ).test(body)
  )
    return null;
  if (new RegExp(`${param}\\.(?:upper|toUpperCase)\\(\\)|ToUpper\\(\\s*${param}\\s*\\)`).test(body))
    w.upper = true;
  // `return fallback`, `?? fallback`, `or fallback`, `unwrap_or(fallback)`: the fallback parameter
  w.defaultParam ??= params.find(
    (p, i) =>
      i !== w.nameArg &&
      new RegExp(`(?:\\breturn|\\?\\?|\\|\\||\\bor|unwrap_or\\()\\s*${p.replace(/\$/g, '\\$')}\\b`).test(
        body,
      ),
  );
  if (w.defaultParam) w.defaultArg = params.indexOf(w.defaultParam);
  return w;
}

/** The value passed for the wrapper's fallback at a call: by keyword (`default=`) or by position. */
function callFallback(args: string[], w: Wrapper): string | undefined {
  if (w.defaultParam) {
    const kw = new RegExp(`^${w.defaultParam}\\s*=(?!=)\\s*`);
    const named = args.find((a) => kw.test(a));
    if (named) return named.replace(kw, '');
  }
  if (w.defaultArg === undefined) return undefined;
  const a = args[w.defaultArg];
  return a && !/^\w+\s*=(?!=)/.test(a) ? a : undefined;
}

// proxies are read under lower-case names (`http_proxy`, `no_proxy`) as well as upper-case ones
const ENV_NAME = /^(['"])([A-Z][A-Z0-9_]*|[a-z][a-z0-9]*_[a-z0-9_]+)\1$/;

/** The reads made through each wrapper's calls in one file. */
function callsOf(text: string, wrappers: Wrapper[]): Read[] {
  const out: Read[] = [];
  for (const w of wrappers) {
    const call = new RegExp(`(?<![\\w$])${w.name.replace(/\$/g, '\\$')}\\(`, 'g');
    for (const m of text.matchAll(call)) {
      const args = argsAt(text, m.index + m[0].length);
      const lit = ENV_NAME.exec(args[w.nameArg] ?? '');
      if (!lit) continue;
      const index = text.indexOf(lit[2]!, m.index);
      const fallback = callFallback(args, w);
      out.push({ name: lit[2]!, index, ...(fallback !== undefined ? { fallback } : {}) });
      if (w.upper && lit[2] !== lit[2]!.toUpperCase()) out.push({ name: lit[2]!.toUpperCase(), index });
    }
  }
  return out;
}

/**
 * Reads through the project's own wrapper functions: a function whose body reads the variable one
 * of its parameters names is called with the variable's name, and often its fallback.
 */
export function wrapperReads(texts: Map<string, { text: string; family: string }>): [string, Read][] {
  const byLanguage = new Map<string, Wrapper[]>();
  for (const { text, family } of texts.values()) {
    // a file that reads no variable defines no wrapper
    if (!INNER_READS[family] || text.search(INNER_READS[family]) < 0) continue;
    for (const re of DEFINITIONS[family] ?? []) {
      for (const m of text.matchAll(re)) {
        const w = wrapperOf(m, text, family);
        if (w) byLanguage.set(family, [...(byLanguage.get(family) ?? []), w]);
      }
    }
  }
  const out: [string, Read][] = [];
  for (const [file, { text, family }] of texts) {
    const wrappers = byLanguage.get(family);
    if (wrappers) for (const r of callsOf(text, wrappers)) out.push([file, r]);
  }
  return out;
}

// django-environ, environs and python-decouple: `env("X")`, `env.bool("X", default=False)`, `config("X", default=…)`
const SETTINGS_LIBRARY =
  /^[ \t]*(?:import\s+(?:environ|environs|decouple)\b|from\s+(?:environ|environs|decouple)\s+import\b)/m;
const SETTINGS_CALL =
  /\b(?:env|config)(?:\.(?:bool|int|str|float|list|tuple|dict|json|url|db_url|db|cache_url|cache|email_url|email|path|decimal|datetime|date|timedelta|search_url))?\(\s*['"]([A-Z][A-Z0-9_]*)['"]/g;

// pydantic settings: `class Settings(BaseSettings):` with fields `name: type = default`
const SETTINGS_CLASS = /^([ \t]*)class[ \t]+\w+[ \t]*\([^)\n]{0,200}\bBaseSettings\b[^)\n]{0,200}\)[ \t]*:/gm;
const FIELD =
  /^[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*:[ \t]*([^=\s][^=\n]{0,199})(?:=[ \t]*(\S[^\n]{0,299}))?$/;

/** The reads of settings libraries and pydantic settings classes in a Python file. */
export function settingsReads(text: string): Read[] {
  const out: Read[] = [];
  if (SETTINGS_LIBRARY.test(text)) {
    for (const m of text.matchAll(SETTINGS_CALL)) {
      const args = argsAt(text, text.indexOf('(', m.index) + 1);
      const def = args.map(namedDefault).find((d) => d !== undefined);
      out.push({
        name: m[1]!,
        index: m.index + m[0].indexOf(m[1]!),
        ...(def !== undefined ? { fallback: def } : {}),
      });
    }
  }
  for (const m of text.matchAll(SETTINGS_CLASS)) out.push(...settingsFields(text, m));
  return out;
}

/** The fields of one BaseSettings class as variables: `env_prefix` + the field name, upper case. */
function settingsFields(text: string, m: RegExpMatchArray): Read[] {
  const start = m.index! + m[0].length;
  const body = bodyAt(text, start, 'py', m[1]!.length);
  const prefix = /\benv_prefix\s*=\s*['"]([\w]*)['"]/.exec(body)?.[1] ?? '';
  const lines = body.split('\n');
  const indent = /^[ \t]*/.exec(lines.find((l, i) => i > 0 && l.trim()) ?? '')![0];
  const out: Read[] = [];
  let offset = start;
  for (const line of lines) {
    const f = line.startsWith(indent) && !/^[ \t]/.test(line.slice(indent.length)) ? FIELD.exec(line) : null;
    if (f && f[1] !== 'model_config' && !/ClassVar/.test(f[2]!)) {
      const value = f[3]?.trim();
      const alias = value && /\b(?:validation_alias|alias|env)\s*=\s*['"](\w+)['"]/.exec(value)?.[1];
      const fallback = value && fieldDefault(value);
      // a field with no default and a type that does not take None fails validation when unset
      const required =
        !fallback && !/\bNone\b|\bOptional\[/.test(f[2]!) && !/\bdefault_factory\s*=/.test(value ?? '');
      out.push({
        name: alias || (prefix + f[1]!).toUpperCase(),
        index: offset + line.indexOf(f[1]!),
        ...(fallback ? { fallback } : {}),
        ...(required ? { required } : {}),
      });
    }
    offset += line.length + 1;
  }
  return out;
}

/** A field's default: the value itself, or `Field(default=…)` / `Field(value, …)`; none for `...` or `None`. */
function fieldDefault(value: string): string | undefined {
  const call = /^Field\(/.exec(value);
  // `SMTP_PASSWORD: str | None = None`: unset, the setting holds nothing
  if (!call) return value === 'None' ? undefined : value;
  const args = argsAt(value, call[0].length);
  const named = args.map(namedDefault).find((d) => d !== undefined);
  const first = args[0] && !/^\w+\s*=/.test(args[0]) ? args[0] : undefined;
  const d = named ?? first;
  return d && d !== '...' && d !== 'None' ? d : undefined;
}

// a string constant: Go `const X = "A"` / `X = "A"` inside a const block, Python and JS module constants;
// one joined from others (`Prefix + "_" + Suffix`) is resolved when every part is known
const CONSTANT = /^[ \t]*(?:(?:export )?(?:const|let|var) +)?([A-Za-z_]\w*)(?: string)? *= *([^\n;]+)/gm;
// the same for languages whose constants are named in capitals: a line naming anything else is passed over at once
const CAPS_CONSTANT =
  /^[ \t]*(?:(?:export )?(?:const|let|var) +)?([A-Z][A-Z0-9_]*)(?: string)? *= *([^\n;]+)/gm;
const CONSTANT_PART = /^(?:"[^"\n]*"|'[^'\n]*'|[A-Za-z_]\w*)$/;

// a read whose argument is one identifier: `os.Getenv(activeHelpGlobalEnvVar)`, `os.getenv(KEY)`
const IDENT_READS: Record<string, RegExp> = {
  go: /\bos\.(?:Getenv|LookupEnv)\(\s*([A-Za-z_]\w*)\s*\)/g,
  py: /\bos\.(?:getenv|environ\.get)\(\s*([A-Za-z_]\w*)\s*[,)]/g,
  js: /\bprocess\.env\[\s*([A-Za-z_$][\w$]*)\s*\]/g,
  rust: /\benv::var(?:_os)?\(\s*([A-Z_][A-Z0-9_]*)\s*\)/g,
};

// a Go constant is seen by its whole package (folder); elsewhere only an UPPER_CASE name is a
// constant, and a folder of tests does not lend its `key = "x"` to the product's `getenv(key)`
const scopeOf = (file: string, family: string) =>
  `${family}\u0000${file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : ''}`;

/** The string constants of each language's files by folder, joined ones resolved. */
function constantsOf(texts: Map<string, { text: string; family: string }>): Map<string, Map<string, string>> {
  const raw = new Map<string, Map<string, string>>();
  for (const [file, { text, family }] of texts) {
    if (!IDENT_READS[family]) continue;
    const scope = scopeOf(file, family);
    const m = raw.get(scope) ?? new Map<string, string>();
    for (const c of text.matchAll(family === 'go' ? CONSTANT : CAPS_CONSTANT)) {
      const parts = c[2]!.split('+').map((p) => p.trim());
      if (parts.every((p) => CONSTANT_PART.test(p))) m.set(c[1]!, parts.join('\u0000'));
    }
    raw.set(scope, m);
  }
  const out = new Map<string, Map<string, string>>();
  for (const [scope, exprs] of raw) {
    const values = new Map<string, string>();
    const resolve = (name: string, depth: number): string | undefined => {
      if (values.has(name)) return values.get(name);
      const expr = exprs.get(name);
      if (expr === undefined || depth > 4) return undefined;
      let value = '';
      for (const part of expr.split('\u0000')) {
        const lit = /^(["'])(.*)\1$/.exec(part);
        const v = lit ? lit[2] : resolve(part, depth + 1);
        if (v === undefined) return undefined;
        value += v;
      }
      values.set(name, value);
      return value;
    };
    for (const name of exprs.keys()) resolve(name, 0);
    out.set(scope, values);
  }
  return out;
}

/** Reads whose variable name is a constant of the project: `os.Getenv(activeHelpGlobalEnvVar)`. */
export function constantReads(texts: Map<string, { text: string; family: string }>): [string, Read][] {
  const constants = constantsOf(texts);
  const out: [string, Read][] = [];
  for (const [file, { text, family }] of texts) {
    const values = constants.get(scopeOf(file, family));
    const re = IDENT_READS[family];
    if (!values || !re) continue;
    for (const m of text.matchAll(re)) {
      const value = values.get(m[1]!);
      if (value && /^[A-Za-z_]\w*$/.test(value))
        out.push([file, { name: value, index: m.index + m[0].indexOf(m[1]!) }]);
    }
  }
  return out;
}

// reads whose name is built at run time: `os.Getenv(activeHelpEnvVar(name))`, `os.environ.get(f"{p}_X")`,
// `os.environ.get(envvar)` after `envvar = f"…"`; group 1 is the argument's start
/**
 * A second lookup the code makes after a first, in Go: `v := os.Getenv(A)` then `if v == "" { v =
 * os.Getenv(B) }` (B is A's fallback), or `if v != "0" { v = os.Getenv(B) }` (A set to "0" overrides
 * B). Where the second lookup starts, and the value of A that skips it.
 */
export function secondLookup(
  text: string,
  at: number,
  length: number,
): { second: number; value?: string; constant?: string } | null {
  const v = /\b(\w+)[ \t]*:?=[ \t]*$/.exec(text.slice(Math.max(0, at - 60), at))?.[1];
  if (!v) return null;
  const rest = text.slice(at + length, at + length + 300);
  const m = new RegExp(
    `^[^\\n]*\\n[ \\t]*if[ \\t]+${v}[ \\t]*(==|!=)[ \\t]*(?:"([^"\\n]*)"|([A-Za-z_]\\w*))[ \\t]*\\{\\s*${v}[ \\t]*=[ \\t]*(?=os\\.Getenv\\()`,
  ).exec(rest);
  if (!m) return null;
  const second = at + length + m[0].length;
  if (m[1] === '==') return m[2] === '' ? { second } : null;
  // compared with a constant (`!= activeHelpGlobalDisable`): its value is looked up by the caller
  return m[3] ? { second, constant: m[3] } : { second, value: m[2]! };
}

const COMPUTED_READS: Record<string, RegExp> = {
  go: /\bos\.(?:Getenv|LookupEnv)\(/g,
  py: /\bos\.(?:getenv|environ\.get)\(/g,
  js: /\bprocess\.env\[/g,
};

interface Definition {
  params: string[];
  body: string;
}

/** A placeholder for a part of the name known only at run time, named after what supplies it. */
// while one read's name is built: the code each run-time part comes from (`<NAME>` ← `cmd.Root().Name()`)
let filledBy: Map<string, string> | null = null;

function placeholder(expr: string): string {
  const names = expr.match(/[A-Za-z_]\w*/g) ?? [];
  const last = names
    .filter((n) => !/^(upper|lower|ToUpper|ToLower|toUpperCase|toLowerCase|self|this|ctx|cmd)$/.test(n))
    .pop();
  const part = `<${(last ?? 'VALUE').replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}>`;
  // a bare parameter name says no more than the placeholder; an expression says where the value comes from
  if (filledBy && !/^[A-Za-z_]\w*$/.test(expr.trim()) && expr.length <= 60 && !filledBy.has(part))
    filledBy.set(part, expr.trim());
  return part;
}

/** The reads `build` adds, each with the code its run-time parts come from. */
function withSources(out: [string, Read][], build: () => void): void {
  const mark = out.length;
  filledBy = new Map();
  try {
    build();
  } finally {
    const found = filledBy;
    filledBy = null;
    for (const [, r] of out.slice(mark)) {
      const parts = (r.name.match(/<[^<>]+>/g) ?? []).filter((p) => found.has(p));
      if (parts.length) r.filledBy = Object.fromEntries(parts.map((p) => [p, found.get(p)!]));
    }
  }
}

/**
 * The name an expression builds, with `<PART>` for what is known only at run time: literals,
 * constants, `+`, Python f-strings, JS template literals, `fmt.Sprintf`, upper-casing, and calls of
 * the project's own functions (their `return`, or the value they first assign to what they return).
 */
function nameOf(
  expr: string,
  env: Map<string, string>,
  constants: Map<string, string> | undefined,
  defs: Map<string, Definition>,
  depth = 0,
): string {
  const e = expr.trim();
  if (depth > 4) return placeholder(e);
  const lit = /^(["'`])([\w-]*)\1$/.exec(e);
  if (lit) return lit[2]!;
  const fString = /^f(["'])(.*)\1$/.exec(e) ?? /^`(.*)`$/.exec(e);
  if (fString) {
    const body = fString[2] ?? fString[1]!;
    return body.replace(/(?<![{$])\$?\{([^{}]+)\}/g, (_, x: string) =>
      nameOf(x, env, constants, defs, depth + 1),
    );
  }
  const upper = /^(?:strings\.ToUpper\((.*)\)|(.*)\.(?:upper|toUpperCase)\(\))$/.exec(e);
  if (upper) return nameOf(upper[1] ?? upper[2]!, env, constants, defs, depth + 1).toUpperCase();
  const sprintf = /^fmt\.Sprintf\(/.exec(e);
  if (sprintf) {
    const [format, ...args] = argsAt(e, sprintf[0].length);
    const f = /^"(.*)"$/.exec(format ?? '')?.[1];
    if (f !== undefined) {
      let i = 0;
      return f.replace(/%[sv]/g, () =>
        args[i] ? nameOf(args[i++]!, env, constants, defs, depth + 1) : '<…>',
      );
    }
  }
  if (/^[A-Za-z_]\w*$/.test(e)) return env.get(e) ?? constants?.get(e) ?? placeholder(e);
  const call = /^([A-Za-z_]\w*)\(/.exec(e);
  const def = call && defs.get(call[1]!);
  if (call && def && e.endsWith(')')) {
    const args = argsAt(e, call[0].length);
    const inner = new Map(
      def.params.map((p, i) => [
        p,
        args[i] ? nameOf(args[i]!, env, constants, defs, depth + 1) : placeholder(p),
      ]),
    );
    // a one-line body ends with its closing brace
    const ret = /\breturn\s+([^\n;]+)/
      .exec(def.body)?.[1]
      ?.trimEnd()
      .replace(/(?<![\s}])[\s}]+$/, '');
    if (!ret) return placeholder(e);
    // `v := f(…)` … `return v`: the name is what v was first given
    const assigned = /^[A-Za-z_]\w*$/.test(ret)
      ? new RegExp(`\\b${ret}\\s*:?=\\s*([^\\n;]+)`).exec(def.body)?.[1]
      : undefined;
    return nameOf(assigned ?? ret, inner, constants, defs, depth + 1);
  }
  const plus = e.split('+').map((p) => p.trim());
  if (plus.length > 1) return plus.map((p) => nameOf(p, env, constants, defs, depth + 1)).join('');
  return placeholder(e);
}

/** A function's definition with where it stands in its file. */
interface Span extends Definition {
  name: string;
  start: number;
  end: number;
}

/** A built name (`<NAME>_ACTIVE_HELP`) that says something: only the characters of a variable, with a fixed part. */
const usableName = (name: string) =>
  /^[A-Za-z0-9_<>…]+$/.test(name) && /</.test(name) && !/^<[^<>]*>$/.test(name) && informative(name);

/**
 * The names `expr`, read inside `def`, comes to at each call of `def` whose arguments fix its
 * parameters: `getEnvConfig(cmd, configEnvVarSuffixDescriptions)` reads
 * `<NAME>_COMPLETION_DESCRIPTIONS`. A fully known name counts as well as a pattern.
 */
function callNames(
  texts: Map<string, { text: string; family: string }>,
  family: string,
  def: Span,
  expr: string,
  scopeAt: (file: string, family: string) => Map<string, string> | undefined,
  defs: Map<string, Definition>,
  defConstants: Map<string, string> | undefined,
): [string, Read][] {
  const out: [string, Read][] = [];
  const call = new RegExp(`(?<![\\w$.])${def.name}\\(`, 'g');
  for (const [file, t] of texts) {
    if (t.family !== family) continue;
    for (const c of t.text.matchAll(call)) {
      // the definition itself is no call
      if (
        /\b(?:func|def|function|fn)\s*(?:\([^)]*\)\s*)?$/.test(
          t.text.slice(Math.max(0, c.index - 60), c.index),
        )
      )
        continue;
      const args = argsAt(t.text, c.index + c[0].length);
      const env = new Map(
        def.params.map((p, i) => [
          p,
          args[i] ? nameOf(args[i]!, new Map(), scopeAt(file, t.family), defs) : placeholder(p),
        ]),
      );
      const name = nameOf(expr, env, defConstants, defs);
      if (/^[A-Za-z_]\w*$/.test(name) || usableName(name)) out.push([file, { name, index: c.index }]);
    }
  }
  return out;
}

const GENERIC_PART = /^<(NAME|VALUE|KEY|SUFFIX|PREFIX|VAR|ENV|S|V|K|X|…)>$/;

/** A pattern with a fixed part of 3 or more characters, or whose run-time parts say what they are. */
function informative(pattern: string): boolean {
  if (/[A-Za-z0-9]{3}/.test(pattern.replace(/<[^<>]*>/g, '_'))) return true;
  const parts = pattern.match(/<[^<>]*>/g) ?? [];
  return parts.length > 0 && parts.some((p) => !GENERIC_PART.test(p));
}

/** Reads whose variable name is computed at run time, as a pattern: `<NAME>_ACTIVE_HELP`. */
export function computedReads(texts: Map<string, { text: string; family: string }>): [string, Read][] {
  const constants = constantsOf(texts);
  // the functions of each language and where each file's lie, read only when a computed read needs them
  const defs = new Map<string, Map<string, Definition>>();
  const spans = new Map<string, Span[]>();
  const defsOf = (language: string): Map<string, Definition> => {
    let byName = defs.get(language);
    if (byName) return byName;
    defs.set(language, (byName = new Map()));
    for (const [file, { text, family }] of texts) {
      if (family !== language) continue;
      const here: Span[] = [];
      for (const re of DEFINITIONS[family] ?? [])
        for (const m of text.matchAll(re)) {
          const from = m.index + m[0].length - (m[0].endsWith('{') ? 1 : 0);
          const body = bodyAt(text, from, family, /^[ \t]*/.exec(m[0])![0].length);
          const def = { params: paramNames(m[2]!, family), body };
          byName.set(m[1]!, def);
          here.push({ ...def, name: m[1]!, start: m.index, end: from + body.length });
        }
      spans.set(file, here);
    }
    return byName;
  };
  const scopeAt = (file: string, family: string) =>
    constants.get(`${family}\u0000${file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : ''}`);
  const out: [string, Read][] = [];
  for (const [file, { text, family }] of texts) {
    const re = COMPUTED_READS[family];
    if (!re) continue;
    const fixedName = (arg: string | undefined): string | undefined => {
      if (!arg) return undefined;
      const literal = /^"(\w+)"$/.exec(arg)?.[1];
      return literal ?? (/^\w+$/.test(arg) ? scopeAt(file, family)?.get(arg) : undefined);
    };
    const computedRead = (m: RegExpExecArray): void => {
      const start = m.index + m[0].length;
      const arg = argsAt(text, start)[0];
      if (!arg || /^["']/.test(arg)) return;
      let expr = arg;
      // a local name: only when the code just gave it a value (`envvar = f"…"`), never a parameter
      if (/^[A-Za-z_]\w*$/.test(arg)) {
        if (
          constants
            .get(`${family}\u0000${file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : ''}`)
            ?.has(arg)
        )
          return;
        const before = text.slice(Math.max(0, m.index - 400), m.index);
        const bound = [...before.matchAll(new RegExp(`\\b${arg}\\s*:?=\\s*([^\\n;]+)`, 'g'))].pop()?.[1];
        if (!bound) return;
        expr = bound;
      } else if (/^[A-Za-z_]\w*\.\w*env_?var\w*$/i.test(arg)) {
        // `os.environ.get(self.envvar)`: the variable a setting of the caller's names
        out.push([file, { name: `<${arg.split('.').pop()!.toUpperCase()}>`, index: start }]);
        return;
      } else if (!/^(?:f["']|`|[A-Za-z_][\w.]*\()/.test(arg)) return;
      // a choice between names: `"APPDATA" if roaming else "LOCALAPPDATA"`, `c ? 'A' : 'B'`
      const choice =
        /^(["'])(\w+)\1 if [^'"]+ else (["'])(\w+)\3$|^[^'"?]+\? ?(["'])(\w+)\5 ?: ?(["'])(\w+)\7$/.exec(
          expr.trim().replace(/\s+/g, ' '),
        );
      if (choice) {
        for (const n of [choice[2] ?? choice[6], choice[4] ?? choice[8]])
          out.push([file, { name: n!, index: start }]);
        return;
      }
      const scope = `${family}\u0000${file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : ''}`;
      // a name built from a parameter of the function it is read in (`getEnvConfig(cmd, suffix)`)
      // is the one each call passes: resolved there, cited at the call
      const familyDefs = defsOf(family);
      const within = (spans.get(file) ?? []).find((d) => d.start <= m.index && m.index < d.end);
      const param = within?.params.find((p) => new RegExp(`(?<![\\w.])${p}(?![\\w.(])`).test(expr));
      if (within && param) {
        const calls = callNames(texts, family, within, expr, scopeAt, familyDefs, constants.get(scope));
        if (calls.length) {
          out.push(...calls);
          return;
        }
      }
      const name = nameOf(expr, new Map(), constants.get(scope), familyDefs);
      // a pattern says something only with a fixed part (`<NAME>_ACTIVE_HELP`, `COBRA_<SUFFIX>`) or
      // with parts named for what supplies them (`<AUTO_ENVVAR_PREFIX>_<NAME>`), never `<NAME>_<SUFFIX>`
      if (
        !/^[A-Za-z0-9_<>…]+$/.test(name) ||
        !/</.test(name) ||
        /^<[^<>]*>$/.test(name) ||
        !informative(name)
      )
        return;
      out.push([file, { name, index: start }]);
    };
    // the reads each lookup gave, by where the lookup starts: a second lookup the code makes when the
    // first comes back empty is paired with it afterwards
    const byLookup = new Map<number, [string, Read][]>();
    const links: { first: number; length: number; second: number; value?: string }[] = [];
    for (const m of text.matchAll(re)) {
      const next = family === 'go' ? secondLookup(text, m.index, m[0].length) : null;
      if (next) {
        const { second, constant } = next;
        const value = constant ? scopeAt(file, family)?.get(constant) : next.value;
        // an unknown constant leaves the value unknown: no override is said
        if (!constant || value !== undefined)
          links.push({ first: m.index, length: m[0].length, second, value });
      }
      const mark = out.length;
      withSources(out, () => computedRead(m));
      byLookup.set(m.index, out.slice(mark));
    }
    for (const { first, length, second, value } of links) {
      const a = byLookup.get(first) ?? [];
      const b = byLookup.get(second) ?? [];
      // a first lookup of a fixed name (`os.Getenv(globalVar)`) is read elsewhere; it stands for every call
      const fixed = a.length ? undefined : fixedName(argsAt(text, first + length)[0]);
      if (fixed && value !== undefined)
        for (const [, rb] of b) if (rb.name !== fixed) rb.overriddenBy = { name: fixed, value };
      // one call of a wrapper gives one name to each lookup: pair them call by call
      for (const [fa, ra] of a) {
        const rb = b.find(([fb, r]) => fb === fa && r.index === ra.index)?.[1];
        if (!rb || rb.name === ra.name) continue;
        if (value === undefined) ra.fallsBackTo = rb.name;
        else rb.overriddenBy = { name: ra.name, value };
      }
    }
  }
  return out;
}

// a loop over literal names whose body reads the loop variable: `for key in "VISUAL", "EDITOR":`,
// `for (const k of ["A", "B"])`, `for _, k := range []string{"A", "B"}`; group 1 the variable,
// group 2 the list
const LOOPS: Record<string, RegExp> = {
  py: /^[ \t]*for[ \t]+(\w+)[ \t]+in[ \t]+(?:[([][ \t]*)?((?:(["'])\w+\3[ \t]*,[ \t]*)+(["'])\w+\4)[ \t]*(?:,[ \t]*)?(?:[)\]][ \t]*)?:/gm,
  js: /\bfor[ \t]*\([ \t]*(?:const|let|var)[ \t]+([\w$]+)[ \t]+of[ \t]+\[([^\]\n]+)\][ \t]*\)/g,
  go: /\bfor[ \t]+_[ \t]*,[ \t]*(\w+)[ \t]*:=[ \t]*range[ \t]+\[\]string[ \t]*\{([^}\n]+)\}/g,
};

/** Reads of each name a loop goes over, cited at the name in the list. */
export function loopReads(texts: Map<string, { text: string; family: string }>): [string, Read][] {
  const out: [string, Read][] = [];
  for (const [file, { text, family }] of texts) {
    const re = LOOPS[family];
    if (!re) continue;
    for (const m of text.matchAll(re)) {
      const from = m.index + m[0].length;
      const body = bodyAt(text, from, family, family === 'py' ? /^[ \t]*/.exec(m[0])![0].length : -1);
      const reads = [...body.matchAll(INNER_READS[family]!)].some((r) => r[1] === m[1] && !r[3]);
      if (!reads) continue;
      const listAt = m.index + m[0].indexOf(m[2]!);
      for (const lit of m[2]!.matchAll(/(["'])([A-Za-z_]\w*)\1/g))
        out.push([file, { name: lit[2]!, index: listAt + lit.index + 1 }]);
    }
  }
  return out;
}

/** The value of a `default=…` argument, or nothing when the argument is another. */
function namedDefault(arg: string): string | undefined {
  const m = /^default\s*=/.exec(arg);
  return m ? arg.slice(m[0].length).trimStart() : undefined;
}
