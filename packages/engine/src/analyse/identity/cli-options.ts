// A command-line tool's options and subcommands, read in full from its parser definition: clap
// (derive attributes and builder calls), cobra and Go's flag package, click and argparse. Each item
// says whether it is hidden from --help, its short form and the value it takes, so a chapter can
// count every option and still pick visible ones as examples.

import { LineIndex } from '../sources.ts';
import type { PublicApiItem } from '../types.ts';

/**
 * An option (`kind: 'flag'`) or a subcommand, as the public API lists it: `name` is `--long`, or `-s`
 * for an option with a short form only, or the subcommand's name.
 */
export interface CliItem extends PublicApiItem {
  kind: 'flag' | 'subcommand';
}

const kebab = (s: string) => s.replace(/_/g, '-');

/**
 * The offset just past the bracket that closes the one at `open`, skipping string and character
 * literals (a help text may hold a parenthesis), or -1 when it never closes.
 */
export function closing(text: string, open: number, rust = false): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === '`') {
      i = stringEnd(text, i);
      if (i < 0) return -1;
    } else if (c === "'") {
      // a character literal ('x', '\''), or a Python string
      const char = /^'(\\.|[^\\'])'/.exec(text.slice(i, i + 4));
      if (char) i += char[0].length - 1;
      else if (rust)
        continue; // a lifetime ('a)
      else {
        i = stringEnd(text, i);
        if (i < 0) return -1;
      }
    } else if (pairs[c]) stack.push(pairs[c]);
    else if (c === ')' || c === ']' || c === '}') {
      if (stack.pop() !== c) return -1;
      if (!stack.length) return i + 1;
    }
  }
  return -1;
}

/** The index of the quote that ends the string starting at `at` (escapes honoured, raw backticks not). */
function stringEnd(text: string, at: number): number {
  const q = text[at]!;
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\' && q !== '`') i++;
    else if (text[i] === q) return i;
  }
  return -1;
}

/** The top-level comma-separated parts of an argument list (without its brackets). */
export function splitArgs(list: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if ('([{'.includes(c)) {
      const end = closing(list, i);
      if (end < 0) break;
      i = end - 1;
    } else if (c === '"' || c === '`' || c === "'") {
      const char = c === "'" ? /^'(\\.|[^\\'])'/.exec(list.slice(i, i + 4)) : null;
      i = char ? i + char[0].length - 1 : stringEnd(list, i);
      if (i < 0) break;
    } else if (c === ',') {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = list.slice(start).trim();
  if (last) out.push(last);
  return out;
}

/** A string literal's content (`"x"`, `'x'`, `` `x` ``, `r"x"`), or undefined for anything else. */
const literal = (arg: string | undefined) =>
  /^[rbu]?(["'`])((?:\\.|(?!\1).)*)\1$/s.exec(arg?.trim() ?? '')?.[2];

/** `key = value` (Rust attribute, Python keyword) or `key(value)` inside an argument list. */
function setting(args: string[], key: string): string | undefined {
  for (const a of args) {
    const m = new RegExp(`^${key}\\s*(?:=\\s*([\\s\\S]+)|\\(([\\s\\S]*)\\))$`).exec(a);
    if (m) return (m[1] ?? m[2] ?? '').trim();
  }
  return undefined;
}

const bare = (args: string[], key: string) => args.includes(key);
const isTrue = (v: string | undefined) => v !== undefined && /^(true|True)$/.test(v);

// ---------------------------------------------------------------------------------------------
// Rust: clap

/** What follows an attribute: more attributes and doc comments, then the field or variant it decorates. */
function nextItem(
  text: string,
  from: number,
): { attrs: string[]; ident?: string; type?: string; end: number } {
  const attrs: string[] = [];
  let i = from;
  for (;;) {
    const ws = /^\s*/.exec(text.slice(i))![0].length;
    i += ws;
    if (text.startsWith('//', i)) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl + 1;
    } else if (text.startsWith('#[', i)) {
      const end = closing(text, i + 1, true);
      if (end < 0) return { attrs, end: i };
      attrs.push(text.slice(i + 2, end - 1));
      i = end;
    } else break;
  }
  const field = /^(?:pub(?:\s*\([^)]*\))?\s+)?(?:r#)?([A-Za-z_]\w*)\s*([:,({])\s*([^,\n}]*)/.exec(
    text.slice(i, i + 200),
  );
  return { attrs, ident: field?.[1], type: field?.[2] === ':' ? field[3]!.trim() : undefined, end: i };
}

/** The name of the nearest `struct`/`enum` declared before an offset. */
function enclosingOf(text: string): (at: number) => string | undefined {
  const decls = [...text.matchAll(/\b(?:struct|enum)\s+([A-Za-z_]\w*)/g)];
  return (at) => decls.filter((d) => d.index < at).pop()?.[1];
}

/**
 * The method calls chained on an expression that ends at `from` (`.long("x").hide(true)`), each with
 * its argument text and offset; comments between them are skipped.
 */
function chainCalls(text: string, from: number): { name: string; args: string; at: number }[] {
  const out: { name: string; args: string; at: number }[] = [];
  let i = from;
  for (;;) {
    const call = /^(?:\s|\/\/[^\n]*\n)*\.\s*(\w+)\s*(?:::<[^>]*>\s*)?\(/.exec(text.slice(i, i + 400));
    if (!call) return out;
    const open = i + call[0].length - 1;
    const end = closing(text, open, true);
    if (end < 0) return out;
    out.push({ name: call[1]!, args: text.slice(open + 1, end - 1).trim(), at: open - call[1]!.length });
    i = end;
  }
}

/**
 * The subcommands a builder adds (`.subcommand(Command::new("cache").hide(true).arg(…))`): each
 * named, with the span of its call (the options declared inside are its own) and whether it is hidden.
 */
function builderSubcommands(text: string): { name: string; start: number; end: number; hidden: boolean }[] {
  const out: { name: string; start: number; end: number; hidden: boolean }[] = [];
  for (const m of text.matchAll(
    /\.subcommand\(\s*(?:Command::new|SubCommand::with_name|App::new)\(\s*"([^"]+)"\s*\)/g,
  )) {
    const end = closing(text, m.index + '.subcommand'.length, true);
    const calls = chainCalls(text, m.index + m[0].length);
    const hidden =
      calls.some((c) => c.name === 'hide' && isTrue(c.args)) ||
      calls.some((c) => c.name === 'setting' && /AppSettings::Hidden\b/.test(c.args));
    out.push({ name: m[1]!, start: m.index, end: end < 0 ? text.length : end, hidden });
  }
  return out;
}

/** Rust's clap: derive fields (`#[arg(long…)]`, `#[clap(…)]`), builder calls and subcommands. */
export function rustCliItems(path: string, text: string): CliItem[] {
  const out: CliItem[] = [];
  const index = new LineIndex(text);
  const enclosing = enclosingOf(text);
  const add = (item: CliItem) => {
    if (!out.some((o) => o.name === item.name && o.kind === item.kind && o.subcommand === item.subcommand))
      out.push(item);
  };
  // derive: every `#[arg(…)]` on a field; one without long or short is a positional argument
  for (const m of text.matchAll(/#\[(?:arg|clap)\(/g)) {
    const end = closing(text, m.index + m[0].length - 1, true);
    if (end < 0) continue;
    const args = splitArgs(text.slice(m.index + m[0].length, end - 1));
    const next = nextItem(text, end + 1);
    if (!next.ident) continue;
    // the other `#[arg]`s on the same field (rare) add to this one
    const more = next.attrs
      .filter((a) => /^(arg|clap)\(/.test(a))
      .flatMap((a) => splitArgs(a.slice(a.indexOf('(') + 1, -1)));
    const all = [...args, ...more];
    const long = literal(setting(all, 'long')) ?? (bare(all, 'long') ? kebab(next.ident) : undefined);
    const shortSet = setting(all, 'short');
    const short = shortSet ? literal(shortSet) : bare(all, 'short') ? next.ident[0] : undefined;
    if (!long && !short) continue;
    const valueNames = setting(all, 'value_names');
    // clap names an unnamed value after the field, and a switch (bool, counted, set) takes none
    const takesNone =
      /^(bool|\(\))$/.test(next.type ?? '') ||
      /ArgAction::(Set(True|False)|Count|Help|Version)/.test(all.join(','));
    const value =
      literal(setting(all, 'value_name')) ??
      (valueNames ? [...valueNames.matchAll(/"([^"]+)"/g)].map((v) => v[1]).join(' ') : undefined) ??
      (takesNone || !next.type ? undefined : next.ident.toUpperCase());
    const env = literal(setting(all, 'env')) ?? (bare(all, 'env') ? next.ident.toUpperCase() : undefined);
    const group = enclosing(m.index);
    add({
      name: long ? `--${long}` : `-${short}`,
      kind: 'flag',
      path,
      line: index.lineOf(m.index),
      ...(long && short ? { short: `-${short}` } : {}),
      ...(value ? { value } : {}),
      ...(bare(all, 'hide') || isTrue(setting(all, 'hide')) ? { hidden: true } : {}),
      ...(group ? { group } : {}),
      ...(env ? { env } : {}),
    });
  }
  // builder: each `Arg::new("…")` and the calls chained on it, no further (the next call may belong
  // to the command it is added to: `.arg(Arg::new("version")…)` then `.subcommand(….hide(true))`)
  const subs = builderSubcommands(text);
  // clap 4 gives an option a value unless its action is a switch's; clap 2 and 3 (`with_name`,
  // `takes_value`) gave none unless told
  const valueByDefault = !/\bArg::with_name\(|\.takes_value\(/.test(text);
  for (const s of text.matchAll(/\bArg::(?:new|with_name)\(\s*"([^"]+)"\s*\)/g)) {
    const calls = chainCalls(text, s.index + s[0].length);
    const arg = (name: string) => calls.find((c) => c.name === name)?.args;
    const long = literal(arg('long'));
    const short = literal(arg('short'));
    if (!long && !short) continue;
    const action = /ArgAction::(\w+)/.exec(arg('action') ?? '')?.[1];
    const numArgs = arg('num_args') ?? arg('number_of_values');
    const takesNone =
      /^(SetTrue|SetFalse|Count|Help|HelpShort|HelpLong|Version)$/.test(action ?? '') ||
      numArgs === '0' ||
      arg('takes_value') === 'false';
    const takes =
      !takesNone &&
      (valueByDefault || !!action || !!numArgs || arg('takes_value') === 'true' || !!arg('value_name'));
    // clap names an unnamed value after the argument's id: `--language <language>`
    const value = takes ? (literal(arg('value_name')) ?? s[1]!) : undefined;
    const env = literal(arg('env'));
    // an option of a subcommand (`.subcommand(Command::new("cache").arg(…))`) is that subcommand's
    const within = subs.filter((c) => c.start < s.index && s.index < c.end).map((c) => c.name);
    const at = calls.find((c) => c.name === 'long')?.at ?? s.index;
    add({
      name: long ? `--${long}` : `-${short}`,
      kind: 'flag',
      path,
      line: index.lineOf(at),
      ...(long && short ? { short: `-${short}` } : {}),
      ...(value ? { value } : {}),
      ...(isTrue(arg('hide')) ? { hidden: true } : {}),
      ...(env ? { env } : {}),
      ...(within.length ? { subcommand: within.join(' ') } : {}),
    });
  }
  for (const c of subs)
    add({
      name: c.name,
      kind: 'subcommand',
      path,
      line: index.lineOf(c.start),
      ...(c.hidden ? { hidden: true } : {}),
    });
  for (const item of subcommandVariants(text, index, path)) add(item);
  return out;
}

/** The variants of a `#[derive(Subcommand)]` enum, each named as clap names it (kebab case, or `name = "…"`). */
function subcommandVariants(text: string, index: LineIndex, path: string): CliItem[] {
  const out: CliItem[] = [];
  for (const m of text.matchAll(
    /#\[derive\([^)]*\bSubcommand\b[^)]*\)\][\s\S]{0,400}?\benum\s+(\w+)(?:<[^>{]*>)?\s*\{/g,
  )) {
    const open = m.index + m[0].length - 1;
    const end = closing(text, open, true);
    if (end < 0) continue;
    let i = open + 1;
    while (i < end - 1) {
      const next = nextItem(text, i);
      if (!next.ident) break;
      const opts = next.attrs
        .filter((a) => /^(command|clap)\(/.test(a))
        .flatMap((a) => splitArgs(a.slice(a.indexOf('(') + 1, -1)));
      // a variant flattened from another enum adds that enum's subcommands, not a name of its own
      if (!bare(opts, 'flatten') && !bare(opts, 'external_subcommand')) {
        const name =
          literal(setting(opts, 'name')) ?? next.ident.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
        out.push({
          name,
          kind: 'subcommand',
          path,
          line: index.lineOf(next.end),
          group: m[1]!,
          ...(bare(opts, 'hide') || isTrue(setting(opts, 'hide')) ? { hidden: true } : {}),
        });
      }
      // past the variant's fields (`{…}` or `(…)`) and its comma
      let j = next.end + /^(?:pub\s+)?(?:r#)?\w+\s*/.exec(text.slice(next.end))![0].length;
      if (text[j] === '{' || text[j] === '(') j = closing(text, j, true);
      if (j < 0) break;
      const comma = text.indexOf(',', j);
      i = comma < 0 || comma > end ? end : comma + 1;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Go: cobra (pflag) and the standard flag package

/** pflag's and flag's definers: `String`, `StringP`, `StringVar`, `StringVarP`, `Var`, `BoolFunc`… */
const GO_DEFINER =
  /^(Bool|String|Int(?:8|16|32|64)?|Uint(?:8|16|32|64)?|Float(?:32|64)?|Duration|Count|IP|IPMask|IPNet|Var|Func|BoolFunc|TextVar|BytesHex|BytesBase64|(?:String|Int(?:32|64)?|Uint|Float(?:32|64)?|Bool|Duration|IP)(?:Slice|Array)|StringToString|StringToInt(?:64)?)(Var)?(P)?$/;

/** Cobra's `cmd.Flags().StringP("name", "n", …)` and `PersistentFlags()`, and `flag.String("name", …)`. */
export function goCliItems(path: string, text: string, added?: Set<string>): CliItem[] {
  const out: CliItem[] = [];
  const index = new LineIndex(text);
  const consts = goStringConsts(text);
  const str = (arg: string | undefined) => literal(arg) ?? (arg ? consts.get(arg.trim()) : undefined);
  const hidden = new Set(
    [...text.matchAll(/\.MarkHidden\(\s*("[^"]+"|\w+)\s*\)/g)].flatMap((m) => str(m[1]) ?? []),
  );
  const usesCobra = /"github\.com\/spf13\/(cobra|pflag)"/.test(text);
  const stdFlag = /^[ \t]*"flag"[ \t]*$/m.test(text) || /import[ \t]+"flag"/.test(text);
  const calls = [
    ...(usesCobra ? text.matchAll(/\b(\w+)\.(Persistent)?Flags\(\)\.(\w+)\(/g) : []),
    ...(stdFlag ? [...text.matchAll(/\b(flag)\.()(\w+)\(/g)] : []),
  ];
  for (const m of calls) {
    const definer = GO_DEFINER.exec(m[3]!);
    if (!definer) continue;
    const end = closing(text, m.index + m[0].length - 1);
    if (end < 0) continue;
    const args = splitArgs(text.slice(m.index + m[0].length, end - 1));
    // `…Var(&x, "name", …)` and `Var(value, "name", …)` take the destination first
    const at = definer[2] || definer[1] === 'Var' || definer[1] === 'TextVar' ? 1 : 0;
    const name = str(args[at]);
    if (!name) continue;
    const short = definer[3] ? str(args[at + 1]) : undefined;
    // the standard package's flags take one dash; pflag's long names two
    const dash = m[1] === 'flag' ? '-' : '--';
    if (out.some((o) => o.name === `${dash}${name}`)) continue;
    out.push({
      name: `${dash}${name}`,
      kind: 'flag',
      path,
      line: index.lineOf(m.index),
      ...(short ? { short: `-${short}` } : {}),
      ...(hidden.has(name) ? { hidden: true } : {}),
      ...(m[2] ? { group: 'persistent' } : {}),
    });
  }
  if (usesCobra) out.push(...cobraSubcommands(path, text, index, added));
  return out;
}

/** `const name = "value"` declarations of a Go file (single and grouped). */
function goStringConsts(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(
    /^[ \t]*(?:const[ \t]+)?([A-Za-z_]\w*)(?:[ \t]+string)?[ \t]*=[ \t]*"([^"\n]*)"/gm,
  ))
    out.set(m[1]!, m[2]!);
  return out;
}

/** What a file passes to `AddCommand`: variables (`serveCmd`) and constructor calls (`newInitCmd()`). */
export function cobraAdded(text: string): string[] {
  const added: string[] = [];
  for (const m of text.matchAll(/\.AddCommand\(/g)) {
    const end = closing(text, m.index + m[0].length - 1);
    if (end < 0) continue;
    for (const arg of splitArgs(text.slice(m.index + m[0].length, end - 1)))
      added.push(/^&?(\w+)(?:\([^)]*\))?$/.exec(arg.replace(/^.*\./, ''))?.[1] ?? arg);
  }
  return added;
}

/**
 * The cobra commands added to another with `AddCommand` (in this file, or in any file of `added`): those bound to a variable passed to it, or
 * returned by a function whose call is passed to it. Each is named by the first word of its `Use`.
 */
function cobraSubcommands(
  path: string,
  text: string,
  index: LineIndex,
  added: Set<string> = new Set(cobraAdded(text)),
): CliItem[] {
  if (!added.size) return [];
  const out: CliItem[] = [];
  for (const m of text.matchAll(/&cobra\.Command\{/g)) {
    const body = text.slice(m.index, closing(text, m.index + m[0].length - 1));
    const use = /\bUse:\s*"([^"\s]+)/.exec(body)?.[1];
    if (!use) continue;
    const before = text.slice(Math.max(0, m.index - 300), m.index);
    const bound = /(?<!\w)(\w+)[ \t]*:?=[ \t]*$/.exec(before)?.[1];
    const fn = [...before.matchAll(/\bfunc\s+(\w+)\s*\(/g)].pop()?.[1];
    if ((bound && added.has(bound)) || (fn && /\breturn\s*$/.test(before) && added.has(fn)))
      out.push({
        name: use,
        kind: 'subcommand',
        path,
        line: index.lineOf(m.index),
        ...(/\bHidden:\s*true/.test(body) ? { hidden: true } : {}),
      });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Python: click and argparse

/** Click's `@….option("--name", "-n", …)` and `@….command()`, argparse's `add_argument` and `add_parser`. */
export function pythonCliItems(path: string, text: string): CliItem[] {
  const out: CliItem[] = [];
  const index = new LineIndex(text);
  const add = (item: CliItem) => {
    if (!out.some((o) => o.name === item.name && o.kind === item.kind)) out.push(item);
  };
  const calls = [...text.matchAll(/@(?:\w+\.)?option\(/g), ...text.matchAll(/\.add_argument\(/g)];
  for (const m of calls) {
    const end = closing(text, m.index + m[0].length - 1);
    if (end < 0) continue;
    const args = splitArgs(text.slice(m.index + m[0].length, end - 1));
    // click's "--shout/--no-shout" declares a pair; each is an option
    const names = args
      .flatMap((a) => literal(a) ?? [])
      .flatMap((n) => n.split('/'))
      .map((n) => n.trim())
      .filter((n) => /^-/.test(n));
    const long = names.find((n) => n.startsWith('--'));
    const short = names.find((n) => !n.startsWith('--'));
    if (!long && !short) continue;
    const value = literal(setting(args, 'metavar'));
    const env = literal(setting(args, 'envvar'));
    const hidden = isTrue(setting(args, 'hidden')) || /SUPPRESS$/.test(setting(args, 'help') ?? '');
    const line = index.lineOf(m.index);
    for (const n of names.filter((x) => x.startsWith('--')).length
      ? names.filter((x) => x.startsWith('--'))
      : [short!])
      add({
        name: n,
        kind: 'flag',
        path,
        line,
        ...(short && n !== short && n === long ? { short } : {}),
        ...(value ? { value } : {}),
        ...(hidden ? { hidden: true } : {}),
        ...(env ? { env } : {}),
      });
  }
  // click: a command or group declared on another group is a subcommand, named as click names it
  for (const m of text.matchAll(
    /@(\w+)\.(command|group)\(([^)\n]*)\)[ \t]*\n(?:[ \t]*@[^\n]*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)/g,
  )) {
    if (m[1] === 'click') continue;
    const args = splitArgs(m[3]!);
    const name =
      literal(args[0]) ?? literal(setting(args, 'name')) ?? kebab(m[4]!).replace(/-(command|cmd|group)$/, '');
    add({
      name,
      kind: 'subcommand',
      path,
      line: index.lineOf(m.index),
      ...(isTrue(setting(args, 'hidden')) ? { hidden: true } : {}),
    });
  }
  for (const m of text.matchAll(/\.add_parser\(\s*["']([^"']+)["']/g))
    add({ name: m[1]!, kind: 'subcommand', path, line: index.lineOf(m.index) });
  return out;
}

/** The options and subcommands a file declares, by its language; none for a file that parses no command line. */
export function cliItems(path: string, text: string, cobraAddedNames?: Set<string>): CliItem[] {
  if (path.endsWith('.rs'))
    return /\bclap\b|#\[(arg|clap|command)\(|Arg::new/.test(text) ? rustCliItems(path, text) : [];
  if (path.endsWith('.go')) return goCliItems(path, text, cobraAddedNames);
  if (path.endsWith('.py'))
    return /\bimport\s+(click|argparse)\b|\bfrom\s+(click|argparse)\s+import\b/.test(text)
      ? pythonCliItems(path, text)
      : [];
  return [];
}
