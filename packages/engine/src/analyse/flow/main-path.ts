// The main path: the unit of work a project exists for, traced from where it enters the product. A
// request from its listener (`ServeHTTP`, a `fetch(request)` handler, the function handed to
// `http.createServer`, WSGI `__call__`) or from the route handler most of an application's routes
// lead to; one invocation of a program from `main`; the main call of a library from its driving
// function. From there each step follows the calls its body makes, resolved by import, receiver
// type and field type (see docs/decisions/028-main-path-traced-from-the-entry.md); a call that
// cannot be resolved is not guessed, and the path leaves the product at a named package only where
// the library call carries the work on (set-up beside it, such as a signal handler or a log line, is no step).

import type { MainPathStep, Route } from '../types.ts';
import { fallbackLoop } from './fallback.ts';
import { readmeCode } from '../identity/surface.ts';
import {
  callsIn,
  callsNone,
  familyOf,
  jsxElementsIn,
  nameWords,
  type Call,
  type Def,
  type FileModel,
  type Target,
} from './definitions.ts';

const MAX_STEPS = 20;
/** Methods of a language's copy, comparison, hashing and printing protocols. */
const PROTOCOL_METHOD =
  /^(?:clone|clone_from|fmt|eq|ne|partial_cmp|cmp|hash|drop|__repr__|__str__|__eq__|__ne__|__hash__|__lt__|__copy__|__deepcopy__|toString|equals|hashCode|compareTo|String|GoString)$/;
/** A name that asks a question (`shouldRunCompletion`, `is_ready`): tested in a condition, it only chooses the way. */
const PREDICATE = /^(?:should|is|has|can|needs?)(?:[A-Z_]|$)/;
/** Lines below which a call its author documents as returning or checking something is an accessor. */
const ACCESSOR_LINES = 40;
// a definition whose author says it returns, checks or validates something answers the caller, which
// goes on with the work: it is named, never entered (ValidateFlagGroups' own helpers are no step)
const ACCESSOR =
  /^(?:returns?|gets?|checks?|validates?|verif(?:y|ies)|ensures?|tells?|whether|determines?\s+(?:if|whether)|reports?\s+whether)\b/i;
// what a function that does the work says it returns: the outcome, a failure or an exit status
const OUTCOME = /^(?:(?:an?|the)\s+)?`?(?:Err|Ok|Result|errors?|exit)\b/i;
const MAX_DEPTH = 7;
/** Lines up to which a definition named beside the path may be a wrapper of one call (see `wrapped`). */
const WRAPPER_LINES = 20;
/** Lines of code a call must lead to, itself and what it calls, to be a stage of a pipeline. */
const STAGE_LINES = 30;
/** The conventional names of a method that runs what users built: a command's `Execute`, a handler's `__call__`. */
const DRIVER_NAME =
  /^(?:main|run|execute|listen|serve|start|handle|dispatch|servehttp|process|invoke|__call__)$/i;
// a definition whose author says it creates, records or sends something changes state the work is for
const RECORDS =
  /^(?:creates?|records?|saves?|stores?|persists?|inserts?|sends?|notif(?:y|ies)|enqueues?|publish(?:es)?)\b/i;
const REACH_DEPTH = 12;
const REACH_NODES = 3000;
/** Calls followed from one step: the heaviest, kept in the order the body makes them. */
const FOLLOW = 3;
// names of calls that run code users registered: hooks, plugins, middleware, event handlers, with the
// moment they run at between the verb and the noun (`dispatch_hook`, `#runBeforeRequestHooks`)
const RUNS_VERB = /^(?:dispatch|run|call|fire|trigger|emit|invoke|apply|exec|execute)$/;
const USER_CODE_NOUN = /^(?:hooks?|events?|plugins?|middlewares?|callbacks?|signals?|handlers?|listeners?)$/;
const extensionPoint = (name: string): boolean => {
  const words = name
    .replace(/^[_#]+/, '')
    .split(/_+|(?<=[a-z0-9])(?=[A-Z])/)
    .map((w) => w.toLowerCase());
  if (words.length === 1) return /^(?:dispatch|emit|trigger)$/.test(words[0]!);
  return words.length <= 5 && RUNS_VERB.test(words[0]!) && USER_CODE_NOUN.test(words[words.length - 1]!);
};
/** Standard modules that serve requests: where a listener hands each one over. */
const LISTENER = /^(node:)?(http|https|http2|net)$|^net\/http$|^(http\.server|socketserver|wsgiref)$/;
const SELF = new Set(['this', 'self', 'Self', 'cls', 'super']);
/** A field declared type first, as Java writes it: `private final OwnerRepository owners;`. */
const JVM_FIELD =
  /^\s+(?:(?:private|public|protected|final|static|transient|volatile|readonly)\s+)*([A-Z]\w*)(?:<[^<>]*>)?\s+([a-z_]\w*)\s*[;=]/;

export interface MainPathInput {
  models: FileModel[];
  types: Map<string, Target[]>;
  fns: Map<string, Target[]>;
  /** The flow pass's resolver: imports, module paths and names defined once. */
  resolve: (call: Call, file: FileModel, from: Def) => Target | { module: string } | null;
  /** Whether a module is one the product declares as a dependency (or a notable standard one). */
  notable: (module: string) => boolean;
  /** Whether a module is one of the product's declared dependencies. */
  dependency: (module: string) => boolean;
  /** Product file → PageRank position (0 is the most central). */
  rank: Map<string, number>;
  kind: string;
  /** `call`: how the README's example calls it (`viper.ReadInConfig()`), for a library's own starts. */
  entryPoints: { path: string; line: number; how: string; call?: string }[];
  publicApi: {
    name: string;
    kind: string;
    path: string;
    line: number;
    definedAt?: { path: string; line: number };
  }[];
  routes: Route[];
  /** The product's own crate or package names, by which its code may call itself (`just::run`). */
  selfNames: Set<string>;
  /** A file's text as written (comments kept): where a step's documentation is read. */
  raw?: (path: string) => string | null;
  /** The project's README: its examples show which of the product's types users make. */
  readme?: string;
}

/** A line that keeps or returns what it calls: `x = f()`, `x := f()`, `return f()`, `=> f()`. */
const USED =
  /^\s*(?:return|yield|await)\b|[^=!<>]=[^=]|:=|=>|\bif\s+let\b|\?\s*(?:;\s*)?$|\bas\s+\w+\s*:\s*$/;

/**
 * Whether a line keeps or returns what it calls. A keyword argument inside the call's brackets
 * (`echo(style(message, fg="red"), err=True)`) assigns nothing: brackets are read empty first.
 */
function keeps(line: string): boolean {
  let flat = line;
  for (let i = 0; i < 8 && /\([^()]*\)/.test(flat); i++) flat = flat.replace(/\([^()]*\)/g, '');
  return USED.test(flat) || /=>/.test(line);
}

interface ProductCall {
  call: Call;
  target: Target;
  /** The result is kept or returned (or the call is where the type dispatches the work). */
  used: boolean;
  /** Where the call runs in the order of execution (see `runsAt`). */
  at: number;
  /** The call it waits on, when it runs once a promise resolves. */
  after?: MainPathStep['after'];
  /** What the field it is reached through holds (`mx.handler`, the chain built at registration). */
  via?: NonNullable<MainPathStep['via']>;
  /** A component the caller renders (`<Pricing …/>`) rather than a function it calls. */
  rendered?: boolean;
  /** Made in the condition of an `if` or a loop: its outcome chooses what runs next. */
  tested?: boolean;
}

/** A position in a definition's text as one number: the line, then the column as a fraction. */
const position = (line: number, column: number) => line + Math.min(column, 999) / 1000;

/** A function literal bound to a local: `const done = () => respond(ctx)`, `done := func(…) {`, a nested `def`. */
const BOUND_LITERAL =
  /^\s*(?:(?:const|let|var)\s+([\w$]+)\s*=\s*(?:async\s+)?(?:\([^)]*\)|[\w$]+)\s*=>|([\w$]+)\s*:=\s*func\s*\(|(?:async\s+)?(?:def|function)\s+([\w$]+)\s*\()/;

/**
 * Where a call runs in the order of execution. A call written inside a function literal bound to a
 * local runs where that local is next called or handed on: `const handleResponse = () => respond(ctx)`
 * runs at `fnMiddleware(ctx).then(handleResponse)`, after the call it waits on, which is named.
 */
function runsAt(t: Target, call: Call): { at: number; after?: { call: string; path: string; line: number } } {
  const text = t.file.bare[call.line - 1] ?? '';
  const own = {
    at: position(call.line, closingColumn(text, text.indexOf(`${call.name}(`), call.name.length)),
  };
  const headers = [call.line, ...enclosing(t, call.line)];
  // Go runs a deferred call (`defer f()`, `defer func() { … }()`) as the function returns: after the
  // calls written below it
  if (t.file.language === 'Go' && headers.some((h) => /^\s*defer\b/.test(t.file.bare[h - 1] ?? '')))
    return { at: position(t.def.end, 0) + own.at / 1e6 };
  for (const h of headers) {
    const m = BOUND_LITERAL.exec(t.file.bare[h - 1] ?? '');
    if (!m || h === t.def.line) continue;
    const name = m[1] ?? m[2] ?? m[3]!;
    // a literal on one line ends there; a longer one where its indentation closes
    let end = h;
    if (h !== call.line)
      while (
        end < t.def.end &&
        (!t.file.bare[end]!.trim() || indentOf(t.file.bare[end]!) > indentOf(t.file.bare[h - 1]!))
      )
        end++;
    for (let i = end + 1; i <= Math.min(t.def.end, t.file.bare.length); i++) {
      const line = t.file.bare[i - 1]!;
      const ref = new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, '\\$')}\\b(?!\\s*=[^=>])`).exec(line);
      if (!ref) continue;
      const col = ref.index + ref[1]!.length;
      // handed to `.then(…)`: it runs once the call before it resolves
      const waits = /(?<![\w$.#])([\w$.#]+\s*\([^()]*\))\s*\.then\s*\(\s*$/.exec(line.slice(0, col));
      return {
        at: position(i, col),
        ...(waits ? { after: { call: waits[1]!.replace(/\s+/g, ''), path: t.file.path, line: i } } : {}),
      };
    }
    return own;
  }
  return own;
}

/**
 * The column a call runs at: where its argument list closes, when that is on the line it opens on, so
 * that a call written in another's arguments runs first (`http.createServer(this.callback())` runs
 * `callback()`, then `createServer`); else where its name is written.
 */
function closingColumn(text: string, at: number, nameLength: number): number {
  if (at < 0) return 0;
  let depth = 0;
  for (let c = at + nameLength; c < text.length; c++) {
    if (text[c] === '(') depth++;
    else if (text[c] === ')' && --depth === 0) return c;
  }
  return at;
}

/** A Rust call whose error the caller passes on (`Self::run_dependencies(…)?;`) is part of the work. */
function propagates(t: Target, call: Call): boolean {
  if (t.file.language !== 'Rust') return false;
  const first = t.file.bare[call.line - 1] ?? '';
  const at = first.indexOf(`${call.name}(`);
  if (at < 0) return false;
  let depth = 0;
  for (let i = call.line - 1; i < Math.min(t.file.bare.length, call.line + 30); i++) {
    const line = t.file.bare[i]!;
    for (let c = i === call.line - 1 ? at : 0; c < line.length; c++) {
      if (line[c] === '(') depth++;
      else if (line[c] === ')' && --depth === 0) return /^\s*\?/.test(line.slice(c + 1));
    }
  }
  return false;
}

/** A call repeated for each item (`for invocation in invocations {`) is the work the loop does. */
function inLoop(t: Target, line: number): boolean {
  const indent = (s: string) => s.length - s.trimStart().length;
  let at = indent(t.file.bare[line - 1] ?? '');
  for (let i = line - 1; i > t.def.line; i--) {
    const text = t.file.bare[i - 1]!;
    if (!text.trim() || indent(text) >= at) continue;
    if (/^\s*(?:for|while|loop)\b|\.(?:forEach|map|for_each|each)\s*\(/.test(text)) return true;
    at = indent(text);
  }
  return false;
}

/** The header line of the innermost `for`, `while` or `loop` around a line, if any. */
function loopOf(t: Target, line: number): number | undefined {
  return enclosing(t, line).find((h) => /^\s*(?:\}\s*)?(?:for|while|loop)\b/.test(t.file.bare[h - 1]!));
}

/** Whether the condition of the arm a line sits in tests a local itself for nothing (`if not x:`, `x == nil`). */
function testsMissing(t: Target, line: number, local: string): boolean {
  const arm = armOf(t, line);
  const head = arm === undefined ? '' : (t.file.bare[conditionStart(t, arm) - 1] ?? '');
  const name = local.replace(/\$/g, '\\$');
  return new RegExp(
    `(?:!|\\bnot\\s+)${name}\\b(?!\\s*(?:\\.|\\(|\\[))|\\b${name}\\s*(?:[!=]==?|\\bis\\b(?:\\s+not\\b)?)\\s*(?:null|undefined|nil|None)\\b`,
  ).test(head);
}

/**
 * A value made only when an option allows and otherwise nothing (`cache = None if no_cache else
 * Cache.read(mode)`, `const c = off ? null : load()`): the work goes on without it, so the call is an
 * aid beside the work (a cache, a progress bar), not a step of it.
 */
function optional(t: Target, call: Call): boolean {
  const text = t.file.bare[call.line - 1] ?? '';
  const at = text.indexOf(`${call.name}(`);
  const eq = text.search(/[^=!<>]=[^=]/);
  if (at < 0 || eq < 0 || eq > at) return false;
  const value = text.slice(eq + 2);
  const none = '(?:None|null|undefined|nil)';
  return (
    new RegExp(`^\\s*${none}\\s+if\\b[^\\n]*\\belse\\b|\\bif\\b[^\\n]*\\belse\\s+${none}\\s*$`).test(value) ||
    new RegExp(`\\?\\s*${none}\\s*:|:\\s*${none}\\s*(?:;\\s*)?$`).test(value)
  );
}

/** A local named for an error (`err`, `exc`, `error`): returning it early is a failure, not the outcome. */
const ERROR_LOCAL = /^(?:err|exc|e|ex)$|error|exception/i;

/**
 * A call a loop makes after it has returned its outcome early: a loop whose body returns a call's
 * result when a condition holds (`response = send(…)` … `if not response.has_redirect_location:
 * return response`) goes on past that return only to run again (follow the redirect, try the next
 * candidate), so the calls below it are the repeat case, not the next steps of the work. A guard that
 * returns an error or something missing (`if err != nil { return err }`) is no outcome.
 */
function repeatCase(t: Target, line: number): boolean {
  const loop = loopOf(t, line);
  if (loop === undefined) return false;
  // a block that ends by going round again (`continue`) is the repeat case too: a fallback that looks
  // one directory up and runs once more
  for (const arm of enclosing(t, line).filter((a) => a > loop)) {
    const indent = indentOf(t.file.bare[arm - 1]!);
    let last = '';
    for (let i = arm + 1; i <= Math.min(t.def.end, t.file.bare.length); i++) {
      const text = t.file.bare[i - 1]!;
      if (!text.trim()) continue;
      if (indentOf(text) <= indent) break;
      last = text;
    }
    if (/^continue;?$/.test(last.trim())) return true;
  }
  for (let i = line - 1; i > loop; i--) {
    const returned = /^return\s+([A-Za-z_$][\w$]*)(?:\s*;)?$/.exec((t.file.bare[i - 1] ?? '').trim())?.[1];
    if (!returned || ERROR_LOCAL.test(returned) || NOT_DATA.has(returned)) continue;
    if (loopOf(t, i) !== loop || armOf(t, i) === undefined || testsMissing(t, i, returned)) continue;
    // the local holds what a call in the same pass of the loop returned
    const kept = new RegExp(
      `^\\s*(?:(?:let|const|var)\\s+(?:mut\\s+)?)?${returned.replace(/\$/g, '\\$')}\\s*(?::[^=]*)?(?::=|=)(?!=)\\s*(?:await\\s+)?[\\w$.:]+\\s*\\(`,
    );
    for (let j = i - 1; j > loop; j--) if (kept.test(t.file.bare[j - 1] ?? '')) return true;
  }
  return false;
}

/**
 * The local a statement assigns, for a call on any of its lines: `let regexps = patterns` … `.map(|p|
 * build_regex(p))` assigns `regexps`. The statement starts at the nearest line above that assigns,
 * unless a line ending the statement before it comes first.
 */
function assignedAt(t: Target, line: number): string | undefined {
  for (let i = line; i > t.def.line && i > line - 8; i--) {
    const text = t.file.bare[i - 1] ?? '';
    const m =
      /^\s*(?:(?:let|const|var|val)\s+(?:mut\s+)?)?([A-Za-z_$][\w$]*)\s*(?::[^=]*)?(?::=|=)(?!=)/.exec(text);
    if (m) return m[1];
    // the statement goes on above only when this line continues it: a method chain (`.map(…)`) or
    // a line above left open (`(`, `,`, `=`)
    const above = t.file.bare[i - 2] ?? '';
    if (!/^\s*\./.test(text) && !/[([,=]\s*$/.test(above)) return undefined;
  }
  return undefined;
}

/** A condition on the platform the program runs on: `os.name == "nt"`, `runtime.GOOS`, `cfg!(windows)`. */
const PLATFORM =
  /\bos\.name\b|\bsys\.platform\b|\bplatform\.system\b|\bruntime\.GOOS\b|\bprocess\.platform\b|\bcfg!?\s*\(\s*(?:windows|unix|target_os)/;

/** A call made only on some platforms (a Windows-only argument expansion): not the way the work runs by default. */
function platformOnly(t: Target, line: number): boolean {
  return armsOf(t, line).some((h) => PLATFORM.test(t.file.bare[conditionStart(t, h) - 1] ?? ''));
}

/** A line's indentation as the definitions measure it (a tab is four columns). */
const indentOf = (s: string) => /^\s*/.exec(s)![0].replace(/\t/g, '    ').length;

/** The headers of the blocks around a line, innermost first: each line above it at a smaller indentation. */
function enclosing(t: Target, line: number): number[] {
  const out: number[] = [];
  let at = indentOf(t.file.bare[line - 1] ?? '');
  for (let i = line - 1; i > t.def.line && at > 0; i--) {
    const text = t.file.bare[i - 1]!;
    if (!text.trim() || indentOf(text) >= at) continue;
    out.push(i);
    at = indentOf(text);
  }
  return out;
}

/** A definition named for a failure (`NotFoundHandler`, `#handleError`, `print_error`): off the success path. */
const FAILURE = /not_?found|not_?allowed|error|fail|abort|panic|reject|fallback/i;
/**
 * A definition named for a failure, unless the failure is what it does the work with
 * (`run_with_error_handler`, `parseWithFallback`): the work comes first in its name.
 */
const failureNamed = (name: string) => FAILURE.test(name.replace(/(?:_with_|With(?=[A-Z_])).*/, ''));

/**
 * A call made when the work has failed: in a `catch`, `except` or `rescue` block, under Go's
 * `if err != nil` (or `if err := f(); err != nil`), or handed to a promise's `.catch(…)` on its line.
 */
function onFailure(t: Target, call: Call): boolean {
  const text = t.file.bare[call.line - 1] ?? '';
  const at = text.indexOf(`${call.name}(`);
  if (at > 0 && /\.catch\s*\(|\bcatch\b|\bexcept\b|\brescue\b/.test(text.slice(0, at))) return true;
  return enclosing(t, call.line).some((i) =>
    /^\s*(?:\}\s*)?(?:catch|except|rescue)\b|^\s*if\s+(?:[^;{\s][^;{]*;\s*)?err\s*!=\s*nil\b/.test(
      t.file.bare[i - 1]!,
    ),
  );
}

/** A channel a definition makes: the names of its ends, the call that makes it and its line. */
interface Channel {
  /** Rust's `(tx, rx)` pair, sending end first; a Go channel has one name for both. */
  ends: string[];
  made: string;
  line: number;
}

/**
 * The channels a definition makes (`let (tx, rx) = bounded(n)`, `mpsc::channel()`, `sync_channel`),
 * or the one name of a Go channel (`ch := make(chan T)`).
 */
function channelsOf(t: Target): Channel[] {
  const out: Channel[] = [];
  for (let i = t.def.line; i <= Math.min(t.def.end, t.file.bare.length); i++) {
    const line = t.file.bare[i - 1]!;
    const pair =
      /\blet (?:mut )?\((?:mut )?(\w+), ?(?:mut )?(\w+)\) ?= ?(?:\w+::)*(bounded|unbounded|channel|sync_channel)(?:::<[^>]*>)?\(/.exec(
        line.replace(/\s+/g, ' '),
      );
    if (pair) out.push({ ends: [pair[1]!, pair[2]!], made: pair[3]!, line: i });
    const go = /\b(\w+)\s*:?=\s*make\s*\(\s*chan\b/.exec(line);
    if (go) out.push({ ends: [go[1]!], made: 'make(chan)', line: i });
  }
  return out;
}

/** The names a definition gives the ends of the channels it makes. */
const channelEnds = (t: Target): Set<string> => new Set(channelsOf(t).flatMap((c) => c.ends));

/** Which end of a channel the step made here is handed, if any: Rust's pair is `(sending, receiving)`. */
function channelEnd(
  t: Target,
  args: string[],
): { end: 'sending' | 'receiving' | 'both'; made: string; path: string; line: number } | undefined {
  for (const c of channelsOf(t)) {
    const at = c.ends.findIndex((e) => args.includes(e));
    if (at < 0) continue;
    const end = c.ends.length === 1 ? 'both' : at === 0 ? 'sending' : 'receiving';
    return { end, made: c.made, path: t.file.path, line: c.line };
  }
  return undefined;
}

/** The arm a choice takes when no condition or pattern before it holds: `_ =>`, `default:`, a bare `else` (tested trimmed). */
const DEFAULT_ARM = /^(?:\}\s*)?(?:else(?:\s*[{:])?$|default\s*:|_\s*=>)/;
/** An arm named for the work itself (tested trimmed): `Run { .. } =>`, `Choose { .. } | Run { .. } =>`, `case execute:`. */
const WORK_ARM = /^(?:[^|]*\|\s*)?(?:case\s+)?(?:\w+::)?(?:run|execute)\b/i;
/** A line that opens an arm of a choice: `if`, `else`, `elif`, `case`, `default:`. */
const ARM = /^\s*(?:\}\s*)?(?:if|else|elif|case|default)\b/;
/** A line that continues a chain of arms at the arms' indentation: the next arm, or a closing bracket. */
const ARM_CHAIN = /^\s*(?:\}\s*)?(?:else|elif|case|default)\b|^\s*[}\])]+[,;]?\s*$/;
/** An arm of a Rust or Scala `match` (`Run { arguments } =>`); elsewhere `=>` makes a function. */
// (a string pattern is read as `""`: `Some(("cache", m)) =>`)
const MATCH_ARM = /^\s*[\w:{}.,|()&'"][\w:{}.,|()&'" ]*=>/;
const matchArms = (t: Target) => /^(Rust|Scala)$/.test(t.file.language);
const isArm = (t: Target, line: number) =>
  ARM.test(t.file.bare[line - 1]!) ||
  (matchArms(t) && MATCH_ARM.test(t.file.bare[line - 1]!)) ||
  ARM.test(t.file.bare[conditionStart(t, line) - 1] ?? '');

/** The line that opens a condition written over several lines, for the line that closes it (`if (` … `):`). */
function conditionStart(t: Target, line: number): number {
  const text = t.file.bare[line - 1] ?? '';
  if (!/^\s*\)\s*(?::|\{)\s*$/.test(text)) return line;
  for (let i = line - 1; i > 0 && i >= line - 20; i--) {
    const above = t.file.bare[i - 1]!;
    if (above.trim() && indentOf(above) <= indentOf(text)) return i;
  }
  return line;
}
const chains = (t: Target, line: number) =>
  ARM_CHAIN.test(t.file.bare[line - 1]!) ||
  (matchArms(t) && (MATCH_ARM.test(t.file.bare[line - 1]!) || patternHead(t, line)));

/** A line opening a `match` pattern written over several lines (`Command {` … `} => {`). */
const PATTERN_OPEN = /^\s*[\w:]+\s*[{(]\s*$/;
const PATTERN_CLOSE = /^\s*[})]\s*(?:if\b.*)?=>/;
function patternHead(t: Target, line: number): boolean {
  const text = t.file.bare[line - 1] ?? '';
  if (!PATTERN_OPEN.test(text)) return false;
  const indent = indentOf(text);
  for (let i = line + 1; i <= Math.min(line + 12, t.file.bare.length); i++) {
    const below = t.file.bare[i - 1]!;
    if (!below.trim() || indentOf(below) > indent) continue;
    return indentOf(below) === indent && PATTERN_CLOSE.test(below);
  }
  return false;
}

/** The arms of choices a call sits in, innermost first: each arm's first line, or the call's own line for `X => f(…)`. */
function armsOf(t: Target, line: number): number[] {
  const own = matchArms(t) && MATCH_ARM.test(t.file.bare[line - 1] ?? '') ? [line] : [];
  return [...own, ...enclosing(t, line).filter((h) => isArm(t, h))];
}

/** The innermost arm of a choice a call sits in, if any. */
const armOf = (t: Target, line: number): number | undefined => armsOf(t, line)[0];

/** Whether a call runs only when a setting is on: in an `if` on the program's settings or options (`if settings.emails_enabled:`). */
function toggled(t: Target, line: number): boolean {
  const arm = armOf(t, line);
  return (
    arm !== undefined &&
    /^\s*(?:\}\s*)?(?:el)?if\b[^\n]*\b(?:settings|config|conf|options|opts)\.\w/i.test(
      t.file.bare[arm - 1] ?? '',
    )
  );
}

/** Two first lines of arms of one choice: at one indentation, chained by `else`, `case` or `X =>` only. */
function siblingArms(t: Target, a: number, b: number): boolean {
  if (a === b) return false;
  const [first, second] = a < b ? [a, b] : [b, a];
  const indent = indentOf(t.file.bare[first - 1]!);
  if (indentOf(t.file.bare[second - 1]!) !== indent || !chains(t, second)) return false;
  // every line between them at the arms' indentation carries the chain on (no statement ends it)
  for (let i = first + 1; i < second; i++) {
    const text = t.file.bare[i - 1]!;
    if (!text.trim() || indentOf(text) > indent) continue;
    if (indentOf(text) < indent || !chains(t, i)) return false;
  }
  return true;
}

/**
 * Two calls in different arms of one choice, however deep inside them (`if batch {batch(…)} else
 * {…job(…)…}`, the arms of a `match`): only one of them runs, so they are not two steps in a row.
 */
function alternatives(t: Target, x: number, y: number): boolean {
  const ys = armsOf(t, y);
  return armsOf(t, x).some((a) => ys.some((b) => siblingArms(t, a, b)));
}

/** A call that returns from inside a conditional arm, before the line the work goes on at. */
function earlyExit(t: Target, line: number, onwards: number): boolean {
  // `Init => return Self::init(config),`: an arm of a `match` that returns is one too
  const returns = /^\s*return\b|=>\s*return\b/.test(t.file.bare[line - 1] ?? '');
  return line < onwards && returns && armOf(t, line) !== undefined;
}

/**
 * How often a call runs when a counter test guards it (`if self.n_pings % 100 == 0:` above
 * `self.prune()`): the N of "every Nth time", from the nearest enclosing `if` up to the definition.
 */
export function everyNth(bare: string[], from: number, line: number): number | undefined {
  const indent = (text: string) => text.length - text.trimStart().length;
  let depth = indent(bare[line - 1] ?? '');
  for (let i = line; i > from; i--) {
    const text = bare[i - 1] ?? '';
    if (!text.trim() || (i < line && indent(text) >= depth)) continue;
    const m = /^\s*(?:\}\s*)?(?:else\s+)?(?:el)?if\b[^%\n]*%\s*(\d+)\s*={2,3}\s*0\b/.exec(text);
    if (m) return Number(m[1]);
    depth = indent(text);
  }
  return undefined;
}

/** 100 → "100th", 2 → "2nd". */
const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens > 10 && tens < 14 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/**
 * A call in a guard: an arm of a choice whose block returns (`if rctx != nil { mx.handler.ServeHTTP(w, r);
 * return }`), a mode that leaves early rather than the way the work normally goes.
 */
function guarded(t: Target, line: number): boolean {
  const arm = armOf(t, line);
  if (arm === undefined) return false;
  const indent = indentOf(t.file.bare[arm - 1]!);
  for (let i = arm + 1; i <= Math.min(t.def.end, t.file.bare.length); i++) {
    const text = t.file.bare[i - 1]!;
    if (!text.trim()) continue;
    if (indentOf(text) <= indent) return false;
    // the arm itself returns, not a choice nested deeper inside it
    if (/^\s*return\b/.test(text) && armOf(t, i) === arm) return true;
  }
  return false;
}

/** A `return` inside an arm whose condition tests for something missing: `if (!user)`, `if x is None`. */
function missingGuard(t: Target, line: number): boolean {
  if (!/^\s*return\b/.test(t.file.bare[line - 1] ?? '')) return false;
  const arm = armOf(t, line);
  if (arm === undefined) return false;
  const head = t.file.bare[conditionStart(t, arm) - 1] ?? '';
  return /\bif\s*(?:\(\s*)?!(?!=)|\bif\s+not\b|\bunless\b|[!=]==?\s*(?:null|undefined|nil|None)\b|\bis\s+None\b/.test(
    head,
  );
}

/** A condition that a value is there: `if value.handlers != nil {`, `if (route !== undefined)`, `if m is not None:`. */
const PRESENT =
  /^\s*(?:\}\s*)?(?:else\s+)?(?:el)?if(?:\s*\(\s*|\s+)([A-Za-z_$][\w$]*)(?:\.[\w$]+)*\s*(?:!==?\s*(?:nil|null|undefined|None)\b|is\s+not\s+None\b)/;

/**
 * The arm a call sits in when that arm tests that what the body looked up just before is there
 * (`value := root.getValue(…)` … `if value.handlers != nil {`): the lookup found its work, and the
 * arm does it. Its first line and last line, or undefined.
 */
export function foundArm(
  bare: string[],
  from: number,
  line: number,
): { head: number; end: number } | undefined {
  const indent = (text: string) => text.replace(/\t/g, '    ').length - text.trimStart().length;
  let depth = indent(bare[line - 1] ?? '');
  for (let i = line - 1; i > from; i--) {
    const text = bare[i - 1] ?? '';
    if (!text.trim() || indent(text) >= depth) continue;
    depth = indent(text);
    const m = PRESENT.exec(text);
    if (!m) continue;
    const local = m[1]!.replace(/\$/g, '\\$');
    const looked = new RegExp(`(?:^|[\\s,(])${local}\\s*(?::=|=)(?!=)\\s*(?:await\\s+)?[\\w$.]+\\s*\\(`);
    if (!bare.slice(from, i - 1).some((above) => looked.test(above))) return undefined;
    let end = i;
    while (end < bare.length && (!bare[end]!.trim() || indent(bare[end]!) > depth)) end++;
    return { head: i, end };
  }
  return undefined;
}

/** Languages whose fields hold values of any type, whatever their default. */
const DYNAMIC = /^(?:Python|JavaScript|Ruby|PHP)$/;

/** A line that opens a condition: `if (…)`, `} else if …`, `elif …:`, `while …`, `unless …`. */
const CONDITION = /^\s*(?:\}\s*)?(?:else\s+)?(?:el)?if\b|^\s*(?:while|unless)\b/;

/**
 * A call inside an `if` that puts its result back in a value it was handed (`if engine.RemoveExtraSlash
 * { rPath = cleanPath(rPath) }`): it reshapes the input when an option asks, and the work goes on
 * after the arm the same way with or without it.
 */
export function reshapes(t: Target, line: number): boolean {
  const text = t.file.bare[line - 1] ?? '';
  const m =
    /^\s*(?:(?:let|const|var)\s+)?([A-Za-z_$][\w$.]*)\s*(?::=|=)(?!=)\s*(?:await\s+)?[\w$.]+\s*\((.*)\);?$/.exec(
      text.trimEnd(),
    );
  if (!m || !identifiers(m[2]!).includes(m[1]!)) return false;
  const arm = armOf(t, line);
  return arm !== undefined && CONDITION.test(t.file.bare[arm - 1] ?? '');
}

/**
 * Where a body makes a call it makes more than once (the line reader keeps the first): a site on its
 * way (`direct`), else the first (`mx.handler.ServeHTTP` at the end of `ServeHTTP`, not in the guard
 * for a nested router above it); of those on the way, the first in the default arms.
 */
function normalSite(t: Target, call: Call): Call {
  const last = Math.min(t.def.end, t.file.bare.length);
  // the same call written again below: only lines naming it are tried (most calls are made once)
  const later: number[] = [];
  for (let i = call.line + 1; i <= last; i++) if (t.file.bare[i - 1]!.includes(call.name)) later.push(i);
  if (!later.length) return call;
  const written = [call.root, call.qualifier !== call.root ? call.qualifier : undefined, call.name]
    .filter(Boolean)
    .map((w) => w!.replace(/[$]/g, '\\$'))
    .join('\\s*(?:\\?\\.|\\.|::|->)\\s*');
  const again = new RegExp(`(?:^|[^\\w$.])${written}\\s*\\(`);
  // a site in a literal only stored or registered runs later, from elsewhere (`runsLater`)
  const sites = [call.line, ...later.filter((i) => again.test(t.file.bare[i - 1]!))].filter(
    (i) => !runsLater(t, { ...call, line: i }),
  );
  const at = (line: number | undefined) =>
    line === undefined || line === call.line ? call : { ...call, line };
  // one site is the call as found, whether it is on the way or not
  if (sites.length <= 1) return at(sites[0]);
  const ways = sites.filter((i) => direct(t, i));
  if (!ways.length) return at(sites[0]);
  // of the sites on the way, the one in the arms a run takes unless told otherwise (`_ =>`, the last
  // `else`, `Run { .. } =>`) rather than one for a named mode (`Some(("cache", …)) =>`)
  const modes = (i: number) =>
    armsOf(t, i).filter(
      (a) =>
        !DEFAULT_ARM.test((t.file.bare[a - 1] ?? '').trim()) &&
        !WORK_ARM.test((t.file.bare[a - 1] ?? '').trim()),
    ).length;
  const best = ways.reduce((b, i) => (modes(i) < modes(b) ? i : b));
  return best === call.line ? call : { ...call, line: best };
}

/**
 * A call the body makes itself on its way, neither in a guard that returns early nor inside a function
 * literal handed to another call (`store.run(ctx, async () => …)`).
 */
function direct(t: Target, line: number): boolean {
  if (guarded(t, line)) return false;
  // the `=>` of a `match` arm opens a branch, not a function
  const literal = (h: number) =>
    FUNCTION_LITERAL.test(t.file.bare[h - 1]!) && !(matchArms(t) && MATCH_ARM.test(t.file.bare[h - 1]!));
  return !enclosing(t, line).some((h) => h !== t.def.line && literal(h));
}

/** A function literal stored in a variable or field: `h = func(code int, text string) error {`, `this.onerror = (err) => …`. */
const STORED_LITERAL =
  /^\s*(?:(?:const|let|var)\s+)?([\w$#]+(?:\s*\.\s*[\w$#]+|\[[^\]]*\])*)\s*:?=\s*(?:async\s+)?(?:func\s*\(|function\b|\([^()]*\)[^=;,(]*=>|[\w$]+\s*=>)/;
/** A function literal handed to an event registration: `stream.on('close', function () {`, `addEventListener('load', () =>`. */
const EVENT_HANDLER =
  /\.(?:on|once|addListener|addEventListener|prependListener|prependOnceListener)\s*\(\s*(?:''|""|``|'[^']*'|"[^"]*"|[\w$.]+)\s*,\s*(?:async\s+)?(?:function\b|\([^()]*\)[^=;,(]*=>|[\w$]+\s*=>)/;

/** A named function handed to an event registration: `stream.on('close', onClose)`. */
const EVENT_HANDLER_OF = (name: string) =>
  new RegExp(
    `\\.(?:on|once|addListener|addEventListener|prependListener|prependOnceListener)\\s*\\(\\s*(?:''|""|\`\`|'[^']*'|"[^"]*"|[\\w$.]+)\\s*,\\s*${name.replace(/[$.[\]]/g, '\\$&')}\\s*\\)`,
  );

/**
 * A call written in a function literal the definition only stores or registers: it runs when
 * something else calls that function later, not as a step of this one. Go's
 * `h = func(…) error { … WriteControl(…) }` then `c.handleClose = h` runs when a close frame comes;
 * JavaScript's `stream.on('close', function () { onExit.unregister(stream) })` when the event fires.
 * A literal called, returned or handed to a call where it is made (`return http.HandlerFunc(fn)`,
 * `.then(handleResponse)`, `sort.Slice(x, func…)`) runs from here: its calls stay.
 */
function runsLater(t: Target, call: Call): boolean {
  const family = familyOf(t.file.language);
  if (family !== 'go' && family !== 'js') return false;
  const bare = t.file.bare;
  for (const h of [call.line, ...enclosing(t, call.line)]) {
    if (h <= t.def.line) break;
    const text = bare[h - 1] ?? '';
    // on the call's own line, the literal opens before the call
    const at = h === call.line ? text.indexOf(`${call.name}(`) : text.length;
    if (at < 0) continue;
    if (family === 'js' && EVENT_HANDLER.test(text.slice(0, at))) return true;
    const m = STORED_LITERAL.exec(text);
    if (!m || m[0].length > at) continue;
    // where the literal closes: on its line, or where its indentation closes
    let end = h;
    if (h !== call.line)
      while (end < t.def.end && (!bare[end]!.trim() || indentOf(bare[end]!) > indentOf(text))) end++;
    const closing = h === call.line ? text : (bare[end] ?? '');
    // called where it is made (`v := func() T { … }()`)
    if (/\}\)?\([^()]*\)[\s;]*$/.test(closing)) return false;
    const name = m[1]!.replace(/\s+/g, '');
    const quoted = name.replace(/[$.[\]]/g, '\\$&');
    const ref = new RegExp(`(^|[^\\w$.#])${quoted}(?![\\w$])`);
    const storedAs = new RegExp(`^\\s*[\\w$#.\\[\\]]+\\s*=\\s*${quoted}\\s*;?\\s*$`);
    for (let i = (h === call.line ? h : end) + 1; i <= Math.min(t.def.end, bare.length); i++) {
      const line = bare[i - 1]!;
      if (!ref.test(line)) continue;
      // kept in a field (`c.handleClose = h`), registered for an event, or assigned anew: not run here
      if (storedAs.test(line) || (family === 'js' && EVENT_HANDLER_OF(name).test(line))) continue;
      if (new RegExp(`^\\s*${quoted}\\s*:?=[^=]`).test(line)) continue;
      return false;
    }
    return true;
  }
  return false;
}

/**
 * The text of a statement from a column of a line to its end, across lines: while brackets are open,
 * or while it ends with (or the next line starts with) an operator that carries it on
 * (`this.router =` / `options.router ??` / `new SmartRouter({ … })`).
 */
function balancedStatement(t: Target, line: number, from = 0): string {
  let depth = 0;
  let out = '';
  const last = Math.min(t.file.bare.length, line + 12);
  for (let i = line - 1; i < last; i++) {
    const text = t.file.bare[i]!.slice(i === line - 1 ? from : 0);
    out += `${text}\n`;
    for (const ch of text) {
      if ('([{'.includes(ch)) depth++;
      else if (')]}'.includes(ch)) depth--;
    }
    const open = /(?:^|[=?:|&,(+\-*/])\s*$/.test(out.trim() ? out.trimEnd() : '=');
    const next = /^\s*(?:\?\?|\|\||&&|\?|:|\.)/.test(t.file.bare[i + 1] ?? '');
    if (depth <= 0 && !open && !next) break;
  }
  return out;
}

/** A module path an import names, resolved from the importing file, without its extension (`./hono-base`). */
function joinPath(fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const parts = fromFile.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/').replace(/\.[jt]sx?$/, '');
}

/** A call's arguments, split at the commas outside brackets. */
export function splitArguments(args: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let part = '';
  for (const ch of args) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      out.push(part);
      part = '';
    } else part += ch;
  }
  if (part.trim()) out.push(part);
  return out;
}

/** The names of a definition's parameters: `(ctx, fnMiddleware)`, `(onError?: H)`, `(String name)`. */
export function paramNames(t: Target): Set<string> {
  return new Set(parameters(t).map((p) => p.name));
}

/**
 * A definition's parameters, each marked optional when it has a default or a `?` (`timeout=None`,
 * `onError?: H`, `*args`): the required ones are the data a step is given, the optional ones tune it.
 */
function parameters(t: Target): { name: string; optional: boolean }[] {
  const head = t.file.bare.slice(t.def.line - 1, Math.min(t.def.end, t.def.line + 8)).join(' ');
  const open = head.indexOf('(', head.indexOf(t.def.name.replace(/^#/, '')));
  const out: { name: string; optional: boolean }[] = [];
  if (open < 0) return out;
  let depth = 0;
  let part = '';
  const parts: string[] = [];
  let before = '';
  for (const ch of head.slice(open + 1)) {
    // the `>` of an arrow (`(e) => void`) closes nothing
    if ('([{<'.includes(ch)) depth++;
    else if (')]}>'.includes(ch) && !(ch === '>' && before === '=') && depth-- === 0) break;
    before = ch;
    if (ch === ',' && depth === 0) {
      parts.push(part);
      part = '';
    } else part += ch;
  }
  parts.push(part);
  const typeFirst = /^(Java|Kotlin|C#|C|C\+\+)$/.test(t.file.language);
  for (const p of parts) {
    const words = p.split(/[:=]/)[0]!.match(/[A-Za-z_$][\w$]*/g) ?? [];
    const name = typeFirst && !p.includes(':') ? words[words.length - 1] : words.find((w) => w !== 'mut');
    const optional = /^\s*\*|\w\s*\?\s*:|=/.test(p.replace(/=>/g, ''));
    if (name && !SELF.has(name)) out.push({ name, optional });
  }
  return out;
}

/** A conventional name for the function that does a unit of work, when code hands it over (`Run`, `handle`). */
const HANDOVER = /^(run|handle|execute|serve|serveHTTP|invoke|call|callback|dispatch|process)$/i;

const FUNCTION_LITERAL = /=>|\bfunction\b|\bfunc\s*\(|\blambda\b|\|[\w\s,:&]*\|\s*\{/;

/**
 * A definition that makes a function and returns it (koa's `callback()` returns `handleRequest`): a
 * closure passed to a visitor inside a check (`flags.VisitAll(func(…) {…})`) is not one.
 */
function makesFunction(t: Target): boolean {
  const body = t.file.bare.slice(t.def.line, t.def.end);
  const named = new Set<string>();
  for (const l of body) {
    const m =
      /^\s*(?:(?:const|let|var)\s+(\w+)\s*=|(\w+)\s*:?=\s*func\b|(?:async\s+)?def\s+(\w+)|function\s+(\w+))/.exec(
        l,
      );
    const name = m && (m[1] ?? m[2] ?? m[3] ?? m[4]);
    if (name && (FUNCTION_LITERAL.test(l) || /\bdef\s/.test(l))) named.add(name);
  }
  return body.some((l) => {
    const ret = /^\s*return\b(.*)$/.exec(l);
    if (!ret) return false;
    const what = ret[1]!.trim().replace(/[;,]$/, '');
    return FUNCTION_LITERAL.test(what) || named.has(what);
  });
}

/**
 * The handover method a listener's server calls when it is handed the object itself
 * (`http.createServer(this)`): the `handle` (or `dispatch`, `callback`…) defined beside it, on the
 * same owner.
 */
export function selfServed(t: Target): { call: Call; target: Target } | undefined {
  for (let i = t.def.line; i <= Math.min(t.def.end, t.file.bare.length); i++) {
    if (!/\bcreateServer\s*\(\s*(?:this|self)\s*[,)]/.test(t.file.bare[i - 1]!)) continue;
    const handover = t.file.defs
      .filter((d) => d.kind !== 'type' && d !== t.def && d.owner === t.def.owner && HANDOVER.test(d.name))
      .sort(
        (x, y) => Number(!/^handle$/i.test(x.name)) - Number(!/^handle$/i.test(y.name)) || x.line - y.line,
      )[0];
    if (!handover) return undefined;
    return {
      call: { name: handover.name, line: i, creates: false },
      target: { file: t.file, def: handover },
    };
  }
  return undefined;
}

/**
 * The type a property defined on `this` makes when first read: `Object.defineProperty(this, 'router',
 * { get() { … router = new Router(…) … } })`, a value created lazily on first use. Undefined when the
 * file defines no such property or its getter makes no value with `new`.
 */
export function lazyProperty(lines: string[], field: string): string | undefined {
  const opens = new RegExp(`\\bdefineProperty\\(\\s*this\\s*,\\s*['"\`]${field.replace(/\$/g, '\\$')}['"\`]`);
  const at = lines.findIndex((l) => opens.test(l));
  if (at < 0) return undefined;
  // the descriptor runs to where the brackets opened on its first line close
  let depth = 0;
  for (let i = at; i < Math.min(lines.length, at + 30); i++) {
    const line = lines[i]!;
    const made = /\bnew\s+([A-Za-z_$][\w$]*)\s*\(/.exec(line);
    if (made && i > at) return made[1];
    for (const ch of line) depth += ch === '(' || ch === '{' ? 1 : ch === ')' || ch === '}' ? -1 : 0;
    if (depth <= 0) return undefined;
  }
  return undefined;
}

/** A line that ends a block without a semicolon gives the block its value (`config.run(x)` before `})`). */
function tailExpression(t: Target, line: number): boolean {
  const text = t.file.bare[line - 1]?.trim() ?? '';
  if (!text || /[;{,]$/.test(text)) return false;
  for (let i = line; i < Math.min(t.file.bare.length, line + 3); i++) {
    const next = t.file.bare[i]!.trim();
    // Ruby closes a block (`invoke do … route! end`) with `end`: its last expression is its value
    if (next) return /^[}\]]/.test(next) || (t.file.language === 'Ruby' && /^end\b/.test(next));
  }
  return false;
}

/** Calls made for their effect beside the work: logging and printing, installing or registering handlers. */
const SET_UP =
  /^(?:log|debug|info|warn|warning|trace|fatal|critical|exception|e?print(?:ln|f)?|install|register\w*|subscribe|once|on|add_?\w*(?:listener|handler|hook)s?|set_?\w*(?:handler|hook|listener)s?)$/i;
/** The product's own logging or tracing helper (`tracef(…)`, `debugf(…)`): it records the work, it is no step of it. */
const LOG_LINE = /^_?(?:log|debug|trace|warn)(?:f|ln)?$/i;
/** `onFinished(res, cb)`, `addEventListener(…)`: a call named for an event registers a handler for it. */
const ON_EVENT = /^on[A-Z_]|^addEventListener$/;
/** Libraries whose calls only record what the work does. */
const LOGGING =
  /(?:^|[/.:])(?:log|logging|logger|slog|tracing|zap|logrus|winston|pino|loguru|structlog|log4j|slf4j|env_logger)(?:[/.:]|$)/i;
const NOT_DATA = new Set(
  'true false True False None null nil undefined new move await async this self Self'.split(' '),
);

/** The identifiers a piece of code names (`request.body` names `request` and `body`). */
const identifiers = (code: string): string[] =>
  (code.match(/[A-Za-z_$][\w$]*/g) ?? []).filter((w) => !NOT_DATA.has(w));

/** The text from a line to where its brackets close: a whole statement or call, across lines. */
function balanced(t: Target, line: number, from = 0): string {
  let depth = 0;
  let out = '';
  for (let i = line - 1; i < Math.min(t.file.bare.length, line + 30); i++) {
    const text = t.file.bare[i]!.slice(i === line - 1 ? from : 0);
    out += `${text}\n`;
    for (const ch of text) {
      if ('([{'.includes(ch)) depth++;
      else if (')]}'.includes(ch)) depth--;
    }
    if (depth <= 0) break;
  }
  return out;
}

/** A call's argument list as written (`urlopen(method=request.method, …)`), or undefined if not found. */
export function argumentsOf(t: Target, call: Call): string | undefined {
  const text = t.file.bare[call.line - 1] ?? '';
  // `Type::new(…)` makes a `Type`: its arguments follow the constructor's name
  const m = new RegExp(`\\b${call.name.replace(/\$/g, '\\$')}\\s*(?:::<[^>]*>)?(?:::\\w+)?\\s*\\(`).exec(
    text,
  );
  if (!m) return undefined;
  const args = balanced(t, call.line, m.index + m[0].length - 1);
  return args.slice(1, args.lastIndexOf(')'));
}

/** A helper too small to be a step, or an accessor (`getLastName`, `isNew`): named by its caller's work. */
const trivial = (d: Def) => size(d) < 3 || (size(d) <= 5 && /^(?:get|set|is|has)[A-Z_]/.test(d.name));

const size = (d: Def) => (d.kind === 'type' ? 0 : d.end - d.line + 1);
const keys = new WeakMap<Def, string>();
/** A definition's identity, `path:line`, made once per definition (the tracing asks for it constantly). */
const key = (t: Target): string => {
  let k = keys.get(t.def);
  if (k === undefined) keys.set(t.def, (k = `${t.file.path}:${t.def.line}`));
  return k;
};

/** The associated functions a command-line parser derive writes (clap's `Parser`, structopt's `StructOpt`). */
const DERIVED_PARSE = /^(?:try_)?parse(?:_from)?$|^from_args$|^from_iter(?:_safe)?$/;
const PARSER_DERIVE = /^(?:Parser|StructOpt)$/;

/** The derive attribute above a type that names a macro `wanted` matches (`#[derive(Debug, Parser)]`). */
function deriveAbove(t: Target, wanted: RegExp): { name: string; line: number } | undefined {
  // attributes may span lines (`#[command(` … `)]`): the block above ends at a blank line or at a
  // line that starts at the type's indentation and opens no attribute
  for (let i = t.def.line - 1; i >= 1 && i >= t.def.line - 40; i--) {
    const line = t.file.bare[i - 1] ?? '';
    if (!line.trim()) break;
    if (indentOf(line) <= t.def.indent && !/^\s*(?:#\[|\)?\]|\/\/)/.test(line)) break;
    const m = /#\[derive\(([^)]*)\)/.exec(line);
    if (!m) continue;
    const name = m[1]!
      .split(',')
      .map((n) => n.trim().replace(/^.*::/, ''))
      .find((n) => wanted.test(n));
    if (name) return { name, line: i };
  }
  return undefined;
}

/** A type name as written in a signature or an assignment: `*Mux`, `&mut Config`, `Check | None`. */
const TYPE_NAME = /^[A-Z][\w]*$/;

export function traceMainPath(input: MainPathInput): MainPathStep[] {
  const { models, types, fns } = input;
  const typeNames = new Set(types.keys());
  const fieldCache = new Map<string, Map<string, string>>();

  /** The product types a type's fields hold: Go and Rust struct fields, TS class fields, Python `self.x = T()`. */
  const fieldsOf = (typeName: string): Map<string, string> => {
    let out = fieldCache.get(typeName);
    if (out) return out;
    out = new Map();
    fieldCache.set(typeName, out);
    for (const t of types.get(typeName) ?? []) {
      const lines = t.file.bare;
      // the type's body: to the first closing bracket at its indentation, or to its methods' end
      const methods = t.file.defs.filter((d) => d.owner === typeName);
      // a type with no methods still has its fields, to the bracket that closes it (a Go struct)
      let close = t.def.line;
      if (/[{(]\s*$/.test(lines[t.def.line - 1] ?? ''))
        while (close < Math.min(lines.length, t.def.line + 400) && !/^\s*[})]/.test(lines[close] ?? ''))
          close++;
      const last = Math.max(t.def.line, close, ...methods.map((m) => m.end));
      for (let i = t.def.line; i < Math.min(lines.length, last, t.def.line + 4000); i++) {
        const line = lines[i]!;
        const m =
          /^\s*(?:pub(?:\([^)]*\))?\s+|(?:private|public|protected|readonly)\s+)*#?(\w+)(?:\s*[?!])?(?:\s*:)?\s+[*&]?(?:mut\s+)?(?:\[\])?([A-Za-z_]\w*)\b/.exec(
            line,
          ) ?? /\b(?:self|this)\.#?(\w+)\s*(?::\s*\w+\s*)?=\s*(?:new\s+)?([A-Z]\w*)\s*\(/.exec(line);
        if (m && (typeNames.has(m[2]!) || itemOf(m[2]!)) && !out.has(m[1]!)) out.set(m[1]!, m[2]!);
        // a Java or C# field names its type first: `private final OwnerRepository owners;`
        const typed = JVM_FIELD.exec(line);
        if (typed && typeNames.has(typed[1]!) && !out.has(typed[2]!)) out.set(typed[2]!, typed[1]!);
      }
    }
    return out;
  };

  /** Go's named list types and the type of their items (`type methodTrees []methodTree`). */
  let listTypes: Map<string, string> | undefined;
  const itemOf = (typeName: string): string | undefined => {
    if (!listTypes) {
      listTypes = new Map();
      for (const m of models)
        if (m.language === 'Go')
          for (const line of m.bare) {
            const list = /^type\s+(\w+)\s+\[\]\*?(\w+)\s*$/.exec(line);
            if (list && typeNames.has(list[2]!)) listTypes.set(list[1]!, list[2]!);
          }
    }
    return listTypes.get(typeName);
  };
  /**
   * A Go package's variables of its own types (`var v *Viper`, `var std = &Logger{…}`), over all of
   * its files (one folder): the instance its package-level functions hand their calls to
   * (`func Get(key string) any { return v.Get(key) }`).
   */
  const packageVarCache = new Map<string, Map<string, string>>();
  const packageVars = (file: FileModel): Map<string, string> => {
    const dir = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : '';
    let out = packageVarCache.get(dir);
    if (out) return out;
    out = new Map();
    packageVarCache.set(dir, out);
    for (const m of models) {
      if (m.language !== 'Go' || m.path.slice(0, Math.max(0, m.path.lastIndexOf('/'))) !== dir) continue;
      let block = false;
      for (const line of m.bare) {
        if (/^var\s*\(\s*$/.test(line)) block = true;
        else if (block && /^\)/.test(line)) block = false;
        const v =
          /^var\s+(\w+)\s+\*?(\w+)\s*$/.exec(line) ??
          /^var\s+(\w+)\s*=\s*&?(\w+)\s*\{/.exec(line) ??
          (block
            ? (/^\s+(\w+)\s+\*?(\w+)\s*$/.exec(line) ?? /^\s+(\w+)\s*=\s*&?(\w+)\s*\{/.exec(line))
            : null);
        if (v && typeNames.has(v[2]!) && !out.has(v[1]!)) out.set(v[1]!, v[2]!);
      }
    }
    return out;
  };
  /** Local names whose type is known in a function: receivers, typed parameters, assignments. */
  const envCache = new Map<string, Map<string, string | null>>();
  /** Local names holding a library's value (`conn = self.get_connection(…)`, "Returns a urllib3 connection"): that library's methods. */
  const libraryValues = new Map<string, Map<string, string>>();
  const envOf = (t: Target): Map<string, string | null> => {
    let env = envCache.get(key(t));
    if (env) return env;
    env = new Map();
    envCache.set(key(t), env);
    const libs = new Map<string, string>();
    libraryValues.set(key(t), libs);
    const set = (name: string, type: string | null) => {
      if (!env!.has(name) && !SELF.has(name)) env!.set(name, type);
    };
    const head = t.file.lines.slice(t.def.line - 1, Math.min(t.def.end, t.def.line + 8)).join(' ');
    // a Go receiver: `func (mx *Mux) ServeHTTP(…)`
    const receiver = /^\s*func\s*\(\s*(\w+)\s+(?:\*\s*)?(\w+)/.exec(t.file.lines[t.def.line - 1] ?? '');
    if (receiver && t.def.owner) set(receiver[1]!, t.def.owner);
    // typed parameters: `x: T` (TS, Python, Rust), `x *T` (Go), `T x` (Java, C#)
    // a Go method's parameters come after its receiver's brackets, not in them
    const open = head.indexOf('(', receiver ? head.indexOf(')') + 1 : 0);
    const close = open < 0 ? -1 : head.indexOf(')', open);
    const params = close < 0 ? '' : head.slice(open + 1, close);
    for (const p of params.split(',')) {
      const m =
        /^\s*(?:mut\s+)?(\w+)\??\s*:\s*&?(?:'\w+\s+)?(?:mut\s+)?(\w+)/.exec(p) ??
        /^\s*(\w+)\s+\*?(\w+)\s*$/.exec(p) ??
        /^\s*(?:final\s+)?(?:@\w+\s+)*(\w+)(?:<[^>]*>)?\s+(\w+)\s*$/.exec(p);
      if (!m) continue;
      // Java's `Type name` puts the type first
      const [name, type] = TYPE_NAME.test(m[1]!) && !TYPE_NAME.test(m[2]!) ? [m[2]!, m[1]!] : [m[1]!, m[2]!];
      if (typeNames.has(type)) set(name, type);
      else {
        // a parameter of a library's type (`session: Session` from sqlmodel) has that library's methods
        const from = t.file.bindings.get(type);
        if (from && input.dependency(from) && !env.has(name)) {
          libs.set(name, from);
          set(name, null);
        }
      }
    }
    for (let i = t.def.line; i < t.def.end && i < t.file.bare.length; i++) {
      const line = t.file.bare[i]!;
      // every binding below but `with … as` assigns: a line without `=` binds nothing by them
      const assigns = line.includes('=');
      const assigned =
        assigns &&
        /\b(?:let\s+(?:mut\s+)?|const\s+|var\s+|val\s+)?(\w+)\s*(?::\s*&?[\w<>]+\s*)?(?::=|=)\s*(?:new\s+|&)?([A-Z]\w*)\s*(?:(?:::\w+|\.objects\.\w+|\.\w+)\s*)?[({]/.exec(
          line,
        );
      const withAs =
        line.includes('with') &&
        (/\bwith\s+(?:[\w.]+\.)?([A-Z]\w*)\s*\([^)]*\)\s+as\s+(\w+)/.exec(line) ??
          withOverLines(t.file.bare, i, t.def.end));
      const declared = assigns && /^\s*(?:final\s+)?([A-Z]\w*)(?:<[^>]*>)?\s+(\w+)\s*=/.exec(line);
      const pair = assigned
        ? [assigned[1]!, assigned[2]!]
        : withAs
          ? [withAs[2]!, withAs[1]!]
          : declared
            ? [declared[2]!, declared[1]!]
            : undefined;
      if (pair && typeNames.has(pair[1]!)) {
        set(pair[0]!, pair[1]!);
        continue;
      }
      // a value read from a typed one's fields and items (`t := engine.trees`, `root := t[i].root`),
      // where fields declare their types: a dynamic language's attribute holds whatever was last
      // assigned, not the class's default (a replaceable `session_interface`)
      const read =
        assigns &&
        !DYNAMIC.test(t.file.language) &&
        /^\s*(?:(?:let|const|var)\s+)?(\w+)\s*(?::=|=)(?!=)\s*(\w+)((?:\[[^\][]*\]|\.\w+)+);?$/.exec(
          line.trimEnd(),
        );
      if (read && !env.has(read[1]!)) {
        let type: string | null | undefined = SELF.has(read[2]!) ? t.def.owner : env.get(read[2]!);
        for (const part of read[3]!.match(/\[[^\][]*\]|\.\w+/g) ?? []) {
          if (!type) break;
          type = part.startsWith('[') ? itemOf(type) : fieldsOf(type).get(part.slice(1));
        }
        if (type) {
          set(read[1]!, type);
          continue;
        }
      }
      // `cmd, flags, err = c.Find(args)`: the declared result type of a resolved product call
      const result =
        assigns &&
        /^\s*(?:let\s+(?:mut\s+)?|const\s+|var\s+)?(\w+)(?:\s*,\s*\w+)*\s*(?::=|=)\s*(?:await\s+|try\s+)?[\w.:]+\s*\(/.exec(
          line,
        );
      if (result && !env.has(result[1]!)) {
        const call = callsIn([line], 1, 1)[0];
        const r = call ? resolveCall({ ...call, line: i + 1 }, t) : null;
        const type = r && 'def' in r ? returnType(r) : undefined;
        const known = !!type && typeNames.has(type);
        const library = r && 'module' in r ? r.module : r && !known ? libraryOf(r) : undefined;
        if (known) set(result[1]!, type);
        // a value a library made (`t := template.New(…)`), or one a product function says is a
        // library's, has that library's methods, not the product's
        else if (library) {
          if (!env.has(result[1]!)) libs.set(result[1]!, library);
          set(result[1]!, null);
        } else if (r && 'module' in r) set(result[1]!, null);
      }
      // a loop over what a product call returns (`for param in iter_params(…)` where it returns
      // `list[Parameter]`): the loop variable is one of its items
      const loop = loopHeader(line);
      if (loop && !env.has(loop.variable)) {
        const over = callsIn([loop.over], 1, 1)[0];
        const r = over ? resolveCall({ ...over, line: i + 1 }, t) : null;
        const item = r && 'def' in r ? elementType(r) : undefined;
        if (item && typeNames.has(item)) set(loop.variable, item);
      }
      // a literal, a dictionary or a list is nobody's product type: its methods are not guessed
      const literal = assigns && /\b(\w+)\s*(?::=|=)\s*(?:\{|\[|["'\d]|(?:dict|list|set|make)\()/.exec(line);
      if (literal) set(literal[1]!, null);
    }
    // a package variable, unless a parameter or a declaration in the body shadows its name
    if (t.file.language === 'Go' && t.def.kind !== 'type') {
      const body = t.file.bare.slice(t.def.line, t.def.end).join('\n');
      for (const [name, type] of packageVars(t.file)) {
        const word = new RegExp(`\\b${name}\\b`);
        const declared = new RegExp(
          `\\b${name}\\s*(?:,\\s*\\w+\\s*)*:=|\\bvar\\s+${name}\\b|,\\s*${name}\\s*:=`,
        );
        if (!word.test(params) && !declared.test(body)) set(name, type);
      }
    }
    return env;
  };

  /**
   * The library a product function's result belongs to: a declared return type imported from a
   * dependency (`-> HTTPConnectionPool`), else its author's word ("Returns a urllib3 connection").
   */
  const libraryOf = (r: Target): string | undefined => {
    const type = returnType(r, 16);
    const bound = type ? r.file.bindings.get(type) : undefined;
    if (bound && input.dependency(bound)) return bound;
    const doc = docOf(input.raw?.(r.file.path), r.def, r.file.language);
    const named = doc ? /^(?:\w+\s+)?returns?\s+(?:an?|the)\s+([\w.-]+)\s+\w/i.exec(doc)?.[1] : undefined;
    return named && input.dependency(named) ? named : undefined;
  };

  /** A method of a type or of the types it builds on. */
  /** A method with no work of its own: `raise NotImplementedError`, `pass`, `...`, an empty body. */
  const abstract = (t: Target): boolean => {
    // the body starts after the signature, which may run over several lines
    let from = t.def.line - 1;
    while (from < t.def.end - 1 && !/[:{]\s*$/.test(t.file.bare[from] ?? '')) from++;
    const body = t.file.bare
      .slice(from + 1, t.def.end)
      .map((l) => l.trim())
      .filter((l) => l && !/^[{}]$/.test(l) && !/^(""|'')$/.test(l));
    const stub = /^(pass|\.\.\.|raise NotImplementedError\b.*|throw new Error\(.*\);?)$/;
    // the error it raises may be written over several lines (`raise NotImplementedError(` … `)`)
    return (
      body.length === 0 ||
      body.every((l) => stub.test(l)) ||
      /^raise NotImplementedError\b/.test(body.join(' '))
    );
  };
  /** A base type's abstract method that exactly one product subtype overrides: the call lands there. */
  const implementation = (t: Target): Target => {
    if (!t.def.owner || !abstract(t)) return t;
    const overrides = (fns.get(t.def.name) ?? []).filter(
      (f) =>
        f.def.owner &&
        f.def.owner !== t.def.owner &&
        (types.get(f.def.owner) ?? []).some((x) => x.def.bases?.includes(t.def.owner!)),
    );
    if (overrides.length === 1) return overrides[0]!;
    // of several, the one whose type the product makes itself (`return HTTPTransport(…)` where a
    // client builds its default transport); the others are for its users to pick (a mock, an adapter)
    const made = overrides.filter((f) => constructed().has(f.def.owner!));
    return made.length === 1 ? made[0]! : t;
  };
  let madeTypes: Set<string> | undefined;
  /** The product types the product's own code makes (`HTTPTransport(…)`, `Config::new(…)`, `new Router(…)`). */
  const constructed = (): Set<string> => {
    if (madeTypes) return madeTypes;
    madeTypes = new Set();
    for (const m of models) {
      // a definition's own line names it (`class MockTransport(BaseTransport):`), it does not make one
      const defined = new Set(m.defs.map((d) => d.line));
      for (const c of callsIn(m.bare, 1, m.bare.length, undefined, m.language))
        if (typeNames.has(c.name) && c.root !== '?' && !defined.has(c.line)) madeTypes.add(c.name);
    }
    return madeTypes;
  };
  const interfaceMethods = new Map<string, Target | undefined>();
  /**
   * A method a Go interface of the product declares (`Decode(b []byte, v map[string]any) error` in
   * `type Decoder interface {`): no body of its own, so a call of it is where the work goes to
   * whichever implementation the value holds.
   */
  const interfaceMethod = (typeName: string, name: string): Target | undefined => {
    const k = `${typeName}.${name}`;
    if (interfaceMethods.has(k)) return interfaceMethods.get(k);
    let found: Target | undefined;
    for (const t of types.get(typeName) ?? []) {
      if (t.file.language !== 'Go' || !/\binterface\s*\{\s*$/.test(t.file.bare[t.def.line - 1] ?? ''))
        continue;
      for (let i = t.def.line; i < Math.min(t.file.bare.length, t.def.line + 200); i++) {
        const line = t.file.bare[i]!;
        if (/^\s*\}/.test(line) && indentOf(line) <= t.def.indent) break;
        if (!new RegExp(`^\\s+${name}\\s*\\(`).test(line)) continue;
        const def: Def = {
          name,
          kind: 'method',
          owner: typeName,
          line: i + 1,
          end: i + 1,
          indent: indentOf(line),
          declared: true,
        };
        found = { file: t.file, def };
        break;
      }
      if (found) break;
    }
    interfaceMethods.set(k, found);
    return found;
  };
  /** A declared method some other product type defines a body for (`Args.Slice` in `stringSliceArgs`). */
  const implemented = (t: Target): boolean =>
    (fns.get(t.def.name) ?? []).some(
      (f) =>
        f.def.owner && f.def.owner !== t.def.owner && familyOf(f.file.language) === familyOf(t.file.language),
    );
  const methodOn = (typeName: string, name: string, depth = 0): Target | undefined => {
    const found = ownMethod(typeName, name, depth);
    return found && depth === 0 ? implementation(found) : found;
  };
  const ownMethod = (typeName: string, name: string, depth: number): Target | undefined => {
    // typing overloads and stubs share the name: the body that does the work is the longest
    const own = (fns.get(name) ?? [])
      .filter((f) => f.def.owner === typeName)
      .sort((x, y) => size(y.def) - size(x.def))[0];
    if (own || depth > 3) return own;
    for (const t of types.get(typeName) ?? [])
      for (const base of t.def.bases ?? []) {
        const found = ownMethod(base, name, depth + 1);
        if (found) return found;
      }
    return undefined;
  };

  /** What a call reaches: a product definition, a library (module), or nothing known. */
  const paramCache = new Map<string, Set<string>>();
  const paramsOf = (t: Target): Set<string> => {
    let out = paramCache.get(key(t));
    if (!out) paramCache.set(key(t), (out = paramNames(t)));
    return out;
  };
  /** The fields of a type that hold a function (Go `RunE func(…) error`, TS `run: (x) => void`): hooks. */
  const hookCache = new Map<string, Set<string>>();
  let funcTypes: Set<string> | undefined;
  /** Named function types (`type PositionalArgs func(cmd *Command, args []string) error`): a field of one holds users' code. */
  const functionTypes = (): Set<string> => {
    if (funcTypes) return funcTypes;
    funcTypes = new Set();
    for (const m of models)
      for (const line of m.bare) {
        const f = /^type\s+(\w+)\s+func\b/.exec(line);
        if (f) funcTypes.add(f[1]!);
      }
    return funcTypes;
  };
  /**
   * The fields of a type the product itself sets to one of the type's own methods (`e.serveHTTPFunc =
   * e.serveHTTP` in Go's constructor): a call through the field runs that method unless a user swaps
   * it, so it is the product's step, not users' code.
   */
  const boundCache = new Map<string, Map<string, string>>();
  const boundMethods = (typeName: string): Map<string, string> => {
    let out = boundCache.get(typeName);
    if (out) return out;
    out = new Map();
    boundCache.set(typeName, out);
    const files = new Set((types.get(typeName) ?? []).map((t) => t.file));
    for (const m of models) if (m.defs.some((d) => d.owner === typeName)) files.add(m);
    for (const file of files)
      for (const line of file.bare) {
        const b =
          /^\s*(?:self|this|[a-z]\w{0,20})\.(\w+)\s*=\s*(self|this|[a-z]\w{0,20})\.(\w+)(?:\s*;)?\s*$/.exec(
            line,
          );
        if (!b || out.has(b[1]!) || b[1] === b[3]) continue;
        if (file.defs.some((d) => d.owner === typeName && d.name === b[3] && d.kind !== 'type'))
          out.set(b[1]!, b[3]!);
      }
    return out;
  };
  const hooksOf = (typeName: string): Set<string> => {
    let out = hookCache.get(typeName);
    if (out) return out;
    out = new Set();
    hookCache.set(typeName, out);
    for (const t of types.get(typeName) ?? [])
      // the type's body, to its closing bracket (a Go struct's definition is its first line only)
      for (let i = t.def.line; i < Math.min(t.def.line + 400, t.file.bare.length); i++) {
        if (/^\s*}/.test(t.file.bare[i]!) && indentOf(t.file.bare[i]!) <= t.def.indent) break;
        // a Go field may carry a struct tag (`Action ActionFunc `json:"-"``, its text emptied)
        const named = /^\s*(\w+)\s+\*?(\w+)\s*(?:"[^"]*"\s*|`[^`]*`\s*)?$/.exec(t.file.bare[i]!);
        if (named && functionTypes().has(named[2]!)) out.add(named[1]!);
        const m =
          /^\s*(\w+)\s+func\s*\(/.exec(t.file.bare[i]!) ??
          /^\s*(?:readonly\s+)?(\w+)\??\s*:\s*(?:\([^)]*\)\s*=>|Function\b)/.exec(t.file.bare[i]!) ??
          /^\s*(?:pub(?:\([^)]*\))?\s+)?(\w+)\s*:\s*(?:Box<dyn\s+|&dyn\s+)?Fn(?:Mut|Once)?\s*\(/.exec(
            t.file.bare[i]!,
          );
        if (m) out.add(m[1]!);
      }
    for (const field of boundMethods(typeName).keys()) out.delete(field);
    return out;
  };
  const resolveCall = (call: Call, t: Target): Target | { module: string } | null => {
    const env = envOf(t);
    const { root, qualifier, name } = call;
    const owner = t.def.owner;
    if (owner && root && qualifier === root && (SELF.has(root) || env.get(root) === owner)) {
      const bound = boundMethods(owner).get(name);
      const method = bound ? methodOn(owner, bound) : undefined;
      if (method) return method;
    }
    // a function handed in as a parameter (`fnMiddleware(ctx)`, `onError(err)`) is the caller's, whatever its name
    if (!root && paramsOf(t).has(name)) return null;
    // a field of the method's own type named without `this.` (Java): `owners.findByLastName(…)`
    const field =
      root && root === qualifier && !env.has(root) && t.def.owner && familyOf(t.file.language) === 'jvm'
        ? fieldsOf(t.def.owner).get(root)
        : undefined;
    const onField = field ? methodOn(field, name) : undefined;
    if (onField) return onField;
    // a property the object makes on first use (`this.router`, a getter that creates the Router):
    // the call is the made value's, the library's or the product type's
    if (root && SELF.has(root) && qualifier && qualifier !== root) {
      const lazy = lazyProperty(t.file.lines, qualifier);
      const bound = lazy ? t.file.bindings.get(lazy) : undefined;
      if (bound && input.dependency(bound)) return { module: bound };
      if (lazy && typeNames.has(lazy)) return methodOn(lazy, name) ?? null;
    }
    const selfType = root && (SELF.has(root) || env.get(root) === t.def.owner) ? t.def.owner : undefined;
    if (root && (selfType || env.has(root))) {
      const base = selfType ?? env.get(root);
      if (base === null) {
        const library = qualifier === root ? libraryValues.get(key(t))?.get(root) : undefined;
        return library ? { module: library } : null;
      }
      if (base) {
        // `self.walker.build()`: the field's type, when the type declares it
        const viaField = qualifier && qualifier !== root ? fieldsOf(base).get(qualifier) : base;
        const m = viaField ? (methodOn(viaField, name) ?? interfaceMethod(viaField, name)) : undefined;
        if (m) return m;
        // a method the type does not define comes from a library base or a stored function: not guessed
        const r = input.resolve(call, t.file, t.def);
        return r && 'module' in r ? r : null;
      }
    }
    // a method of a value made on the same line (`WorkerState::new(p, c).scan(…)`); any other unnamed
    // receiver (`r.Context().Value(…)`, `"".join(…)`) is not guessed
    if (root === '?') {
      const line = t.file.bare[call.line - 1] ?? '';
      const made = new RegExp(
        `(?:new\\s+)?([A-Z]\\w*)(?:::\\w+)?\\s*\\((?:[^()]|\\([^()]*\\))*\\)\\s*\\.\\s*${name.replace(/\$/g, '\\$')}\\s*\\(`,
      ).exec(line);
      // `Self::default().justfile(…)` makes a value of the type the method belongs to
      const maker = made?.[1] === 'Self' ? t.def.owner : made?.[1];
      return maker && typeNames.has(maker) ? (methodOn(maker, name) ?? null) : null;
    }
    // a Go package of the standard library (`context.WithValue`): never a file of the product
    const bound = root ? t.file.bindings.get(root) : undefined;
    if (t.file.language === 'Go' && bound && !bound.split('/')[0]!.includes('.')) return { module: bound };
    // the project calling itself by its crate or package name: `just::run(…)`
    if (root && input.selfNames.has(root)) {
      const free = (fns.get(name) ?? []).filter((f) => !f.def.owner);
      const top = (p: string) => p.split('/')[0];
      const near = free.length > 1 ? free.filter((f) => top(f.file.path) === top(t.file.path)) : free;
      if (near.length === 1) return near[0]!;
    }
    const r = input.resolve(call, t.file, t.def);
    // a JavaScript module has no globals: a bare call reaches a function of its own file or one it
    // imports, never another file's function of the same name (`listener(state)` calling the
    // parameter a loop hands it)
    if (
      r &&
      'def' in r &&
      !root &&
      !qualifier &&
      r.file !== t.file &&
      familyOf(t.file.language) === 'js' &&
      !t.file.bindings.has(name) &&
      JS_MODULE.test(t.file.bareText)
    )
      return null;
    // a method found for a receiver whose type nothing says (`h.ServeHTTP` on some handler) is a
    // guess, unless the receiver is named after its type (`justfile.run` on a `Justfile`)
    const namedFor = (owner: string) =>
      [root, qualifier].some(
        (n) => !!n && owner.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase() === n.toLowerCase(),
      );
    if (r && 'def' in r && root && !SELF.has(root) && r.def.owner && !namedFor(r.def.owner)) return null;
    return r;
  };

  /**
   * Where the type stored the value a call through one of its fields reaches (`this.router.match` on
   * the `SmartRouter` a constructor put in `router`), so the step can say what the field holds.
   */
  const storedVia = (t: Target, call: Call, r: Target): ProductCall['via'] => {
    if (!call.root || !call.qualifier || call.qualifier === call.root || !t.def.owner || !r.def.owner)
      return undefined;
    if (!SELF.has(call.root) && envOf(t).get(call.root) !== t.def.owner) return undefined;
    const all = assignedTo(t, call.qualifier);
    const made = all.find((x) => {
      const found = resolveCall(x.call, x.in);
      return !!found && 'def' in found && found.def.kind === 'type' && found.def.name === r.def.owner;
    });
    if (!made) return undefined;
    const others = variantsOf(all, made.in.file.path, made.via.expression);
    return { ...made.via, field: `${call.root}.${call.qualifier}`, ...(others.length ? { others } : {}) };
  };
  /**
   * What subtypes in files other than `home` put in the same field instead (a preset's own router):
   * the variants a user picks by constructing that subtype, each once.
   */
  const variantsOf = (
    stored: ReturnType<typeof assignedTo>,
    home: string,
    expression: string,
  ): { expression: string; path: string; line: number }[] => {
    const seen = new Set<string>();
    return stored
      .filter((x) => x.in.file.path !== home && x.via.expression !== expression)
      .filter((x) => !seen.has(`${x.via.path}:${x.via.line}`) && !!seen.add(`${x.via.path}:${x.via.line}`))
      .map((x) => ({ expression: x.via.expression, path: x.via.path, line: x.via.line }));
  };
  /**
   * A call through a field whose declared type only declares the method (an interface's `match`),
   * whatever one implementation the resolver settled on: what the type stores there answers it.
   */
  const declaredAbstract = (call: Call, t: Target): boolean => {
    const base = call.root && (SELF.has(call.root) ? t.def.owner : envOf(t).get(call.root));
    const fieldType = base && call.qualifier ? fieldsOf(base).get(call.qualifier) : undefined;
    const declared = fieldType ? ownMethod(fieldType, call.name, 0) : undefined;
    return !!declared && abstract(declared);
  };
  /**
   * Fields a method calls through (`mx.handler.ServeHTTP`, `this.router.match`) and what the type, or
   * a subtype's constructor, assigns to them (`this.router = options.router ?? new SmartRouter(…)`,
   * over several lines): each call or method value found there, the method it is read in, and where.
   */
  const assignedTo = (
    t: Target,
    field: string,
  ): { call: Call; in: Target; via: Omit<NonNullable<MainPathStep['via']>, 'field'> }[] => {
    const out: { call: Call; in: Target; via: Omit<NonNullable<MainPathStep['via']>, 'field'> }[] = [];
    const owners = [t.def.owner!, ...subtypesOf(t.def.owner!, t.file)];
    const files = new Set<FileModel>([
      t.file,
      ...owners.flatMap((o) => (types.get(o) ?? []).map((x) => x.file)),
    ]);
    for (const file of files)
      for (const m of file.defs.filter(
        (d) =>
          d.kind !== 'type' &&
          ((d.owner && owners.includes(d.owner)) ||
            // a constructor function that returns the type (`func New() *Viper`) fills its fields too
            (!d.owner && returnType({ file, def: d }) === t.def.owner)),
      ))
        for (let i = m.line; i <= m.end && i <= file.bare.length; i++) {
          const at = file.bare[i - 1]!.search(new RegExp(`\\.${field}\\s*=(?![=>])`));
          if (at < 0) continue;
          const where: Target = { file, def: m };
          const rhsAt = file.bare[i - 1]!.indexOf('=', at) + 1;
          const rhs = balancedStatement(where, i, rhsAt);
          const written = balancedStatement({ file: { ...file, bare: file.lines }, def: m }, i, rhsAt);
          const via = {
            expression: written
              .replace(/\s+/g, ' ')
              .replace(/,(\s*[)\]}])/g, '$1')
              .trimEnd()
              .replace(/[;,]$/, '')
              .trim(),
            by: label(m),
            path: file.path,
            line: i,
          };
          // what a call on the right returns was built when the field was set (`chain(mws, endpoint)` at
          // registration); only a type made there answers the dispatch itself
          // a local set above from a call (`codecRegistry := NewCodecRegistry()`) holds what that call made
          let made = rhs.replace(/\n/g, ' ');
          let madeAt = i;
          const local = /^\s*([A-Za-z_$][\w$]*)\s*(?:;\s*)?$/.exec(made)?.[1];
          if (local)
            for (let j = i - 1; j > m.line; j--) {
              const set = new RegExp(
                `^\\s*(?:(?:var|let|const)\\s+)?${local.replace(/\$/g, '\\$')}\\s*:?=(?!=)(.*)$`,
              ).exec(file.bare[j - 1] ?? '');
              if (!set) continue;
              [made, madeAt] = [set[1]!, j];
              break;
            }
          // a function that returns a product type (`NewCodecRegistry() *DefaultCodecRegistry`) makes one
          const factory = (c: Call) => {
            const r =
              !c.creates && !typeNames.has(c.name) ? resolveCall({ ...c, line: madeAt }, where) : null;
            return !!r && 'def' in r && r.def.kind !== 'type' && typeNames.has(returnType(r) ?? '');
          };
          for (const c of callsIn([made], 1, 1).filter(
            (c) => c.creates || typeNames.has(c.name) || factory(c),
          ))
            out.push({ call: { ...c, line: madeAt }, in: where, via });
          // a method handed over as a value: `http.HandlerFunc(mx.routeHTTP)`
          // (an option named at a library's constructor, `proxy_auth=proxy.raw_auth`, is a setting of it)
          for (const ref of rhs.matchAll(/\b(\w+)\.(\w+)\b(?!\s*\()/g))
            if (ref[2] !== field && !/[(,]\s*\w+\s*=\s*$/.test(rhs.slice(0, ref.index)))
              out.push({
                call: { root: ref[1]!, qualifier: ref[1]!, name: ref[2]!, line: i, creates: false },
                in: where,
                via,
              });
        }
    // the value a method sets unconditionally (a builder's `mx.handler = chain(…)`) before one set
    // only in a branch (`if mx.inline { mx.handler = … }`)
    const branch = (x: (typeof out)[number]) => Number(armOf(x.in, x.call.line) !== undefined);
    const central = (x: (typeof out)[number]) => input.rank.get(x.in.file.path) ?? 1e6;
    return out.sort((x, y) => branch(x) - branch(y) || central(x) - central(y));
  };

  /**
   * The product types that extend a type: by its name, or by the name a file imports it under from
   * the type's own file (`class Hono extends HonoBase`, where `HonoBase` is hono-base.ts's `Hono`).
   */
  const subtypesOf = (typeName: string, home: FileModel): string[] => {
    const stem = home.path.replace(/\.[^./]+$/, '');
    const out: string[] = [];
    for (const [name, ts] of types)
      for (const x of ts) {
        const head = x.file.bare.slice(x.def.line - 1, x.def.line + 5).join(' ');
        const base = /\bextends\s+([\w$]+)/.exec(head)?.[1] ?? x.def.bases?.[0];
        if (!base || name === typeName) continue;
        const from = x.file.bindings.get(base);
        const fromHome = !!from && joinPath(x.file.path, from) === stem;
        if ((base === typeName && x.file === home) || fromHome || (base === typeName && !from))
          out.push(name);
      }
    return out;
  };

  /** The line of a body's last call: a tail expression returns its value (Rust, Ruby, arrow bodies). */
  const lastCallLine = (t: Target): number => {
    for (let i = Math.min(t.def.end, t.file.bare.length); i > t.def.line; i--) {
      const line = t.file.bare[i - 1]!.trim();
      if (!line || /^[})\]][})\];,]*$/.test(line)) continue;
      return /\(/.test(line) ? i : -1;
    }
    return -1;
  };

  const methodsOf = (t: Target) => [...fns.values()].flat().filter((f) => f.def.owner === t.def.name).length;

  const reachCache = new Map<string, Set<string>>();
  /** Every product definition a definition leads to, itself included. */
  const reachSet = (t: Target): Set<string> => {
    const cached = reachCache.get(key(t));
    if (cached) return cached;
    const seen = new Set<string>([key(t)]);
    let frontier = [t];
    for (let depth = 0; depth < REACH_DEPTH && frontier.length && seen.size < REACH_NODES; depth++) {
      const next: Target[] = [];
      for (const f of frontier)
        for (const c of productCalls(f)) {
          if (seen.has(key(c.target))) continue;
          seen.add(key(c.target));
          next.push(c.target);
        }
      frontier = next;
    }
    reachCache.set(key(t), seen);
    return seen;
  };
  const sizes = new Map<string, number>();
  /** How much product code a definition leads to: the lines of every definition it reaches. */
  const reach = (t: Target): number => {
    let total = sizes.get(key(t));
    if (total === undefined) {
      total = 0;
      for (const k of reachSet(t)) total += defSize.get(k) ?? 0;
      sizes.set(key(t), total);
    }
    return total;
  };
  const defSize = new Map<string, number>();
  for (const m of models) for (const d of m.defs) defSize.set(`${m.path}:${d.line}`, size(d));
  /**
   * A helper named by its caller's work rather than a step of its own: a few lines with nothing behind
   * them (`has(field)`), or an accessor its author says returns or checks something (`Name()`, `Flags()`).
   */
  const helper = (t: Target): boolean => {
    // a method an interface declares for its framework to implement (a repository's derived query) is
    // where the work reaches the data, however short its declaration
    if (t.def.declared) return false;
    if (trivial(t.def)) return true;
    if (reach(t) >= ACCESSOR_LINES) return false;
    return provides(t);
  };
  /**
   * A definition its author says creates, records or sends something (`create_flip`: "Create a Flip
   * object for this check."): called for its effect, even in a branch, it is part of the work.
   */
  const records = (t: Target): boolean => {
    const doc = docOf(input.raw?.(t.file.path), t.def, t.file.language);
    const words = doc?.split(/\s+/) ?? [];
    const verb = words[0] === t.def.name ? words[1] : words[0];
    return !!verb && RECORDS.test(verb);
  };
  /**
   * A helper for help text, usage or output styling (`get_help_option`, "Determine the command used to
   * run the program, for use in help text", `Color::prefix`): how the program prints, not the work it does.
   */
  const helpText = (t: Target): boolean =>
    /(?:^|_|[a-z])(?:help|usage)(?:$|_|[A-Z])|^(?:help|usage)/i.test(t.def.name) ||
    // output styling: a method of the type that colours what is printed (`Color::prefix`)
    /^(?:colou?rs?|styles?|theme|palette|painter)$/i.test(t.def.owner ?? '') ||
    /\b(?:help(?:\s+text)?|usage)\b/i.test(docOf(input.raw?.(t.file.path), t.def, t.file.language) ?? '');
  /**
   * The continuation when it sits in one arm of a choice and a sibling arm leads to the same work:
   * the arm named for the work (`Run { arguments } =>`, `default:`, `_ =>`) is the way it runs by
   * default, not a sibling that reaches the same call for another mode (`Command | Evaluate =>`).
   */
  const defaultArm = (
    t: Target,
    next: ProductCall | undefined,
    all: ProductCall[],
  ): ProductCall | undefined => {
    if (!next || armOf(t, next.call.line) === undefined) return next;
    const named = (c: ProductCall) => {
      const arm = armsOf(t, c.call.line)[0];
      const head = arm === undefined ? '' : (t.file.bare[arm - 1] ?? '');
      return /^\s*(?:case\s+)?(?:\w+::)?(?:run|execute|default)\b|^\s*_\s*=>|^\s*default\s*:/i.test(head);
    };
    if (named(next)) return next;
    // two arms that make the same value, where one arm's call leads to the other's: the first wraps
    // that work for a special case (a notebook's cells each formatted by `format_str`, the plain arm),
    // and the path goes through the shared work
    const made = assignedAt(t, next.call.line);
    const shared = all.find(
      (c) =>
        c !== next &&
        !!made &&
        assignedAt(t, c.call.line) === made &&
        alternatives(t, c.call.line, next.call.line) &&
        reachSet(next.target).has(key(c.target)),
    );
    if (shared) return shared;
    const other = all.find(
      (c) =>
        c !== next &&
        alternatives(t, c.call.line, next.call.line) &&
        named(c) &&
        reachSet(c.target).has(key(next.target)),
    );
    return other ?? next;
  };
  /** Whether a definition's author says it returns or checks something ("Name returns the command's name"). */
  const provides = (t: Target): boolean => {
    // Go's doc comments open with the name
    const doc = docOf(input.raw?.(t.file.path), t.def, t.file.language);
    const words = doc?.split(/\s+/) ?? [];
    const verb = words[0] === t.def.name ? words[1] : words[0];
    if (!verb || !ACCESSOR.test(verb)) return false;
    // what it says it returns is how the work ended (`Err(..)` upon fatal errors, an exit code): the
    // function does the work and reports on it, it provides no value to its caller
    const said = words.slice(words.indexOf(verb) + 1, words.indexOf(verb) + 3).join(' ');
    return !(/^returns?$/i.test(verb) && OUTCOME.test(said));
  };

  let callableWords: Set<string> | undefined;
  /**
   * The words a call must write to reach a product definition: the resolver finds a definition or a
   * type by the name called, a Go interface's method by the name it declares, and a listener handed
   * the object itself by `createServer`.
   */
  const reachableWords = (): Set<string> => {
    if (callableWords) return callableWords;
    const declared: string[] = ['createServer'];
    for (const ts of types.values())
      for (const t of ts) {
        if (t.file.language !== 'Go' || !/\binterface\s*\{\s*$/.test(t.file.bare[t.def.line - 1] ?? ''))
          continue;
        for (let i = t.def.line; i < Math.min(t.file.bare.length, t.def.line + 200); i++) {
          const m = /^\s+(\w+)\s*\(/.exec(t.file.bare[i]!);
          if (m) declared.push(m[1]!);
        }
      }
    return (callableWords = nameWords([...fns.keys(), ...types.keys(), ...declared]));
  };
  /**
   * A definition that surely calls nothing of the product's, found without resolving its calls: no
   * call it makes is named as a product definition is, and none goes through a field or a method
   * the type binds to one of its fields (which reach the product whatever the name). Most of a
   * library's public functions call none of its own, and each would be resolved to rank them.
   */
  const callsNoProduct = (t: Target): boolean =>
    !/\.[jt]sx$/.test(t.file.path) &&
    (!t.def.owner || !boundMethods(t.def.owner).size) &&
    callsNone(
      t.file.bare,
      t.def.line,
      t.def.end,
      t.def.name,
      t.file.language,
      reachableWords(),
      !!t.def.owner,
    );

  const callsCache = new Map<string, ProductCall[]>();
  /** The product definitions a definition calls, in the order its body calls them. */
  function productCalls(t: Target): ProductCall[] {
    const k = key(t);
    const cached = callsCache.get(k);
    if (cached) return cached;
    if (callsNoProduct(t)) {
      const none: ProductCall[] = [];
      callsCache.set(k, none);
      return none;
    }
    const out: ProductCall[] = [];
    const seen = new Set<string>([k]);
    const last = lastCallLine(t);
    const tails = /^(Rust|Ruby|Kotlin|Scala)$/.test(t.file.language);
    const add = (
      call: Call,
      r: Target | { module: string } | null,
      dispatched = false,
      via?: ProductCall['via'],
      rendered = false,
    ) => {
      if (!r || !('def' in r)) return;
      // a type's copy, comparison or printing protocol (`clone`, `fmt`, `__repr__`, `toString`) only
      // serves the value the work goes on with: never a step of its own
      if (r.def.owner && r.def.kind !== 'type' && PROTOCOL_METHOD.test(r.def.name)) return;
      const order = runsAt(t, call);
      if (seen.has(key(r))) {
        // the same definition called twice: the site on the normal path names the step, not one in a
        // guard that returns early (a router's nested-router branch before the top-level path)
        const earlier = out.find((c) => key(c.target) === key(r));
        if (earlier && !direct(t, earlier.call.line) && direct(t, call.line))
          Object.assign(earlier, { call, ...order, ...(via ? { via } : {}) });
        return;
      }
      seen.add(key(r));
      const line = t.file.bare[call.line - 1] ?? '';
      // a call whose result the body keeps or returns carries the work on; one made for its effect
      // (registering defaults, logging) is set-up
      const used =
        dispatched ||
        call.line === last ||
        keeps(line) ||
        (tails && tailExpression(t, call.line)) ||
        propagates(t, call) ||
        inLoop(t, call.line);
      out.push({
        call,
        target: r,
        used,
        ...(!used && CONDITION.test(line) ? { tested: true } : {}),
        ...order,
        ...(via ? { via } : {}),
        ...(rendered ? { rendered } : {}),
      });
    };
    // a JSX module's component runs the components it renders (`<Pricing …/>`), in the order written
    const rendered = /\.[jt]sx$/.test(t.file.path) ? jsxElementsIn(t.file.bare, t.def.line, t.def.end) : [];
    const made = callsIn(t.file.bare, t.def.line, t.def.end, t.def.name, t.file.language);
    const ordered = rendered.length ? [...made, ...rendered].sort((x, y) => x.line - y.line) : made;
    for (const first of ordered) {
      const call = normalSite(t, first);
      // a call in a function literal only stored or registered here runs later, from elsewhere
      if (runsLater(t, call)) continue;
      const r = resolveCall(call, t);
      // dispatch through a field the type fills itself, typed as an interface or a library type (no
      // body of its own to follow): follow what the type, or a subtype's constructor, assigns there
      const stored =
        (!r || ('def' in r && r.def.kind !== 'type' && (abstract(r) || declaredAbstract(call, t)))) &&
        call.root &&
        call.qualifier &&
        call.qualifier !== call.root &&
        t.def.owner
          ? assignedTo(t, call.qualifier)
          : [];
      if (stored.length) {
        // the type's own value answers the call; a subtype in another file that stores something else
        // is a variant, named beside it rather than followed as a second path
        // the type's own file or the shallowest subtype's: a variant sits in a folder of its own (src/preset/)
        const depth = (p: string) => p.split('/').length;
        const home = stored
          .map((x) => x.in.file.path)
          .reduce((best, p) => (depth(p) < depth(best) ? p : best));
        for (const { call: c, in: where, via: v } of stored.filter((x) => x.in.file.path === home)) {
          const others = variantsOf(stored, home, v.expression);
          const via = { ...v, ...(others.length ? { others } : {}) };
          const r = resolveCall(c, where);
          // an implementation stored there (`this.router = new SmartRouter(…)`, or one a constructor
          // function returns) answers the call itself
          const type =
            r && 'def' in r
              ? r.def.kind === 'type'
                ? r.def.name
                : typeNames.has(returnType(r) ?? '')
                  ? returnType(r)
                  : undefined
              : undefined;
          const impl = type ? methodOn(type, call.name) : undefined;
          // a type stored there that does not define the method is not made by the call
          const answer = impl ?? (type ? null : r);
          add({ ...call, name: c.name }, answer, true, { ...via, field: `${call.root}.${call.qualifier}` });
        }
        continue;
      }
      // what a component renders is what it returns: it carries the work on
      const renders = rendered.includes(first);
      add(call, r, renders, r && 'def' in r ? storedVia(t, call, r) : undefined, renders);
    }
    // a server handed the object itself (`http.createServer(this)`) calls it for each request; what
    // the call does is the object's handover method defined beside the listener (`app.handle`)
    const served = selfServed(t);
    if (served) add(served.call, served.target, true);
    callsCache.set(k, out);
    return out;
  }

  // where the unit of work enters
  const start = chooseStart(input, reach, productCalls, resolveCall);
  if (!start) return [];
  const steps: MainPathStep[] = [...start.prefix];
  // steps named beside the path and never entered (the parser a derive writes, the call a wrapper
  // makes) tell what a call does; they do not take the place of the path's own steps
  let named = 0;
  const full = () => steps.length - named >= MAX_STEPS;
  const visited = new Set<string>();
  /** The steps the path has descended through to the one it is at. */
  const stack: string[] = [];
  /**
   * One step and what it leads to: the call that carries the work on (kept or returned, the most
   * code behind it) is followed down; one more substantial call beside it is named as a step of its
   * own, with no descent, so the path stays one story.
   */
  /** Where each step was called from: the caller and its call, to tell what a parameter holds. */
  const sites = new Map<string, { caller: Target; call: Call }>();
  const visit = (
    t: Target,
    depth: number,
    note?: string,
    descend = true,
    from?: number,
    extra: Partial<MainPathStep> = {},
  ) => {
    if (full() || visited.has(key(t))) return;
    visited.add(key(t));
    steps.push({ ...step(t, note), ...extra, ...(from !== undefined ? { from } : {}) });
    const me = steps.length - 1;
    if (!descend) {
      // a step named beside the way, not entered, may still be where the user's code runs: the
      // function its type stores handed on to be called (`ctx.invoke(self.callback, …)`)
      const passed = passedOn(t);
      if (passed && !full()) steps.push({ ...passed, from: me });
      // a short step whose first call hands its work to another type's definition (`compile` that
      // returns `Compiler::compile(…)?` after a check) is named by what it wraps, which is named too
      const inner = !passed ? wrapped(t) : undefined;
      if (inner && !full() && !visited.has(key(inner.target))) {
        visited.add(key(inner.target));
        const stages = stagesOf(inner.target);
        const builds = stages.length >= 2 ? builtBy(stages[stages.length - 1]!) : undefined;
        steps.push({
          ...step(inner.target, `called by ${label(t.def)} at ${t.file.path}:${inner.call.line}`),
          ...(stages.length >= 2 ? { stages: stages.map((x) => `${x.def.owner}.${x.def.name}`) } : {}),
          ...(builds ? { builds } : {}),
          from: me,
        });
        named++;
      }
      // nor entered, it still shows where it reaches the data: the interface method it calls and
      // keeps the result of, which the framework implements (a repository's derived query)
      // (an interface the product implements itself, such as Go's `Args`, is no such hand-over)
      const data = productCalls(t).find(
        (c) => c.used && c.target.def.declared && !visited.has(key(c.target)) && !implemented(c.target),
      );
      if (data && !full()) {
        visited.add(key(data.target));
        steps.push({
          ...step(data.target, `called by ${label(t.def)} at ${t.file.path}:${data.call.line}`),
          from: me,
        });
      }
    }
    if (depth >= MAX_DEPTH || !descend) return;
    stack.push(key(t));
    // a call whose outcome decides a branch (`if … and format_file_in_place(src):`) is kept by the
    // test when it does work of its own; a short check (`if c.HasParent()`) only chooses the way
    const calls = productCalls(t).map((c) =>
      c.tested && reach(c.target) >= STAGE_LINES ? { ...c, used: true } : c,
    );
    // what a call leads to beyond the steps already told (a redirect loop back into `send` adds nothing)
    const beyondCache = new Map<ProductCall, Set<string>>();
    const beyondSet = (c: ProductCall) => {
      let seen = beyondCache.get(c);
      if (seen) return seen;
      seen = new Set<string>();
      const queue = [c.target];
      for (let i = 0; i < queue.length && seen.size < REACH_NODES; i++) {
        const at = queue[i]!;
        if (seen.has(key(at)) || visited.has(key(at))) continue;
        seen.add(key(at));
        for (const n of productCalls(at)) if (!seen.has(key(n.target))) queue.push(n.target);
      }
      beyondCache.set(c, seen);
      return seen;
    };
    const beyond = (c: ProductCall) => {
      let total = 0;
      for (const k of beyondSet(c)) total += defSize.get(k) ?? 0;
      return total;
    };
    // a check its author says answers a question (`if (this.enabled('x-powered-by'))`), its answer
    // only choosing a branch, is no step, however much its lookup reaches
    const tested = (c: ProductCall) => {
      const line = t.file.bare[c.call.line - 1] ?? '';
      return (
        CONDITION.test(line) && !keeps(line) && (provides(c.target) || PREDICATE.test(c.target.def.name))
      );
    };
    const score = (c: ProductCall) => beyond(c) * (c.used ? 4 : 1) * (c.target.file === t.file ? 1 : 1.25);
    // a call whose result is kept or returned carries the work on before any call made for its effect
    // the success path: a call made once the work has failed, or to a failure handler, is not a step
    const success = (c: ProductCall) => !failureNamed(c.target.def.name) && !onFailure(t, c.call);
    const substantial = calls
      .filter(
        (c) =>
          c.target.def.kind !== 'type' &&
          !helper(c.target) &&
          !helpText(c.target) &&
          !platformOnly(t, c.call.line) &&
          !tested(c) &&
          !LOG_LINE.test(c.target.def.name) &&
          !reshapes(t, c.call.line) &&
          !repeatCase(t, c.call.line) &&
          !optional(t, c.call) &&
          !visited.has(key(c.target)) &&
          success(c),
      )
      .sort(
        (x, y) =>
          Number(y.used) - Number(x.used) ||
          // the work every request does goes on before what a setting adds in one branch (the
          // account is stored; the welcome email is sent only when emails are enabled)
          Number(toggled(t, x.call.line)) - Number(toggled(t, y.call.line)) ||
          score(y) - score(x),
      );
    // a call that leads back to a step on the way here (a redirect sent again) repeats the work: it may
    // be named, but the path goes on through the work itself
    const loops = (c: ProductCall) => stack.some((k) => reachSet(c.target).has(k));
    // a call made only for its effect, in one branch (`if (explicitNull) response.remove(…)`), is a
    // detail of that branch: the work does not go on through it
    // — unless it is handed what an earlier call made and kept (`reformat_one(sources.pop())` in the
    // arm for one file): then it takes the work that call prepared on, whichever arm it is in
    const keptLocals = new Set(calls.map((c) => assignedAt(t, c.call.line)).filter((l) => l !== undefined));
    const handedKept = (c: ProductCall) =>
      keptLocals.size > 0 &&
      identifiers(argumentsOf(t, c.call) ?? '').some(
        (w) =>
          keptLocals.has(w) &&
          calls.some((d) => d.call.line < c.call.line && assignedAt(t, d.call.line) === w),
      );
    const carries = (c: ProductCall) => c.used || armOf(t, c.call.line) === undefined || handedKept(c);
    // a call returned from inside a loop (`return self.stop()` once enough results came) leaves the
    // work; the work goes on through a call the loop makes on its way, where there is one
    const exits = (c: ProductCall) =>
      /^\s*return\b|=>\s*return\b/.test(t.file.bare[c.call.line - 1] ?? '') &&
      armOf(t, c.call.line) !== undefined &&
      inLoop(t, c.call.line);
    const carrying = substantial.filter(carries);
    const goesOn = carrying.some((c) => !exits(c)) ? carrying.filter((c) => !exits(c)) : carrying;
    // a call whose kept result is handed to the call the step returns prepares its input (`let config =
    // app.config(…)?` before the tail `run_controller(inputs, &config)`): the call it feeds is where
    // the work goes on, and the preparation is named beside it
    const returnsCall = (d: ProductCall) =>
      /^\s*return\b/.test(t.file.bare[d.call.line - 1] ?? '') ||
      (/^(Rust|Ruby|Kotlin|Scala)$/.test(t.file.language) && tailExpression(t, d.call.line));
    const returnsLocal = (local: string) =>
      t.file.bare
        .slice(t.def.line, t.def.end)
        .some((l) => [`return ${local}`, `return ${local};`].includes(l.trim()));
    const preparing = (c: ProductCall) => {
      const local = assignedAt(t, c.call.line);
      return (
        !!local &&
        goesOn.some(
          (d) =>
            d !== c &&
            d.call.line > c.call.line &&
            // the call it feeds returns the outcome, or is made for its effect and does more work,
            // while the body does not return the local itself (`sources = get_sources(…)` before
            // `reformat_one(sources.pop())`; not `r = adapter.send(…)`, later `return r`, nor a
            // `cert_verify(conn, …)` check after `conn = get_connection(…)`)
            (returnsCall(d) || (!d.used && !returnsLocal(local) && reach(d.target) > reach(c.target))) &&
            !alternatives(t, c.call.line, d.call.line) &&
            identifiers(argumentsOf(t, d.call) ?? '').includes(local),
        )
      );
    };
    const finishing = goesOn.filter((c) => !preparing(c));
    const pick = finishing.length ? finishing : goesOn;
    // where the body looks its work up and an arm does it when found (the route's handlers run),
    // that arm carries the work on; the arms after it only answer a miss (redirects, a 404)
    const found = pick.find((c) => !loops(c) && foundArm(t.file.bare, t.def.line, c.call.line));
    const next = defaultArm(t, found ?? pick.find((c) => !loops(c)) ?? pick[0], substantial);
    const hit = found && next === found ? foundArm(t.file.bare, t.def.line, found.call.line) : undefined;
    const returnsIn = (arm: { head: number; end: number }) =>
      t.file.bare.slice(arm.head, arm.end).some((l) => /^\s*return\b/.test(l));
    const onMiss = (c: ProductCall) => !!hit && returnsIn(hit) && c.call.line > hit.end;
    // a side step is one the continuation does not lead to anyway
    const ahead = next ? beyondSet(next) : new Set<string>();
    // a call that comes back to this step (dependencies run the way the recipe runs, a redirect is sent
    // again) shows the recursion in the work, so it is named first
    const recursive = (c: ProductCall) => productCalls(c.target).some((x) => key(x.target) === key(t));
    // a call under a counter test runs on some requests only: ", every 100th time"
    const nth = (line: number) => {
      const n = everyNth(t.file.bare, t.def.line, line);
      return n && n > 1 ? `, every ${ordinal(n)} time` : '';
    };
    // of calls in different arms of one choice only one runs: the continuation's, else the last arm's
    // (the `else`, the default), which is what runs unless an option says otherwise
    const straightBefore = (c: ProductCall) =>
      !!next && c.call.line < next.call.line && armOf(t, c.call.line) === undefined && direct(t, c.call.line);
    // a channel made here joins a producer and a consumer: the calls handed its ends are both steps,
    // whether or not their result is kept (the senders that walk and filter, the receiver that prints)
    // a call whose result, kept in a local, is an argument of the continuation
    const toNext = next ? new Set(identifiers(argumentsOf(t, next.call) ?? '')) : new Set<string>();
    const feeds = (c: ProductCall): boolean => {
      if (!next || c === next || c.call.line >= next.call.line) return false;
      const local = assignedAt(t, c.call.line);
      return !!local && toNext.has(local);
    };
    const ends = channelEnds(t);
    const onChannel = (c: ProductCall) =>
      ends.size > 0 && identifiers(argumentsOf(t, c.call) ?? '').some((w) => ends.has(w));
    // a rendered component that calls nothing of the product (a logo strip, a card) is markup, no step
    const markup = (c: ProductCall) => !!c.rendered && reachSet(c.target).size === 1;
    const others = substantial
      .filter((c) => !markup(c))
      // a call on the straight way before the continuation is named even when the continuation may
      // call it again in a branch of its own (a fallback that compiles once more)
      .filter(
        (c) =>
          c !== next &&
          (c.used || records(c.target) || onChannel(c) || feeds(c)) &&
          (!ahead.has(key(c.target)) || straightBefore(c)),
      )
      .filter((c) => !next || !alternatives(t, c.call.line, next.call.line))
      .filter((c) => !onMiss(c))
      // a branch that returns before the continuation (`if format { return Self::format(…) }`) is
      // another mode of the program, not a step on the way
      .filter((c) => !next || !earlyExit(t, c.call.line, next.call.line))
      // nor is one returned from an arm once the work goes on elsewhere (`return self.stop()`)
      .filter((c) => !next || exits(next) || !exits(c))
      .filter(
        (c, _, all) =>
          !all.some((o) => o.call.line > c.call.line && alternatives(t, c.call.line, o.call.line)),
      );
    // after a recursion, the call that runs the user's hooks, plugins or middleware: the extension
    // point of the work (`dispatch_hook("response", …)`) tells more than one more helper
    const rank = (c: ProductCall) => (recursive(c) ? 2 : extensionPoint(c.target.def.name) ? 1 : 0);
    const ranked = others.sort((x, y) => rank(y) - rank(x));
    // what the continuation is handed (the patterns compiled for the scan, the paths it searches) is
    // made by the run on its way: those calls are named beside the heaviest ones
    const chosen = [
      ...new Set([...ranked.slice(0, FOLLOW - 1), ...ranked.filter(feeds).slice(0, FOLLOW)]),
    ].slice(0, FOLLOW + 1);
    // a call written in a function literal handed to another (`#retry(async () => ky.#fetch())`) runs
    // inside it: where either is named or carries the work on, the other is named with it
    const inside = (d: ProductCall, c: ProductCall) => {
      if (d === c || d.call.line !== c.call.line) return false;
      const text = t.file.bare[c.call.line - 1] ?? '';
      const from = text.indexOf(`${c.call.name}(`);
      const at = from < 0 ? -1 : text.indexOf(`${d.call.name}(`, from + c.call.name.length);
      return at > from && FUNCTION_LITERAL.test(text.slice(from, at));
    };
    const beside = [
      ...chosen,
      ...ranked.filter(
        (d) =>
          !chosen.includes(d) &&
          [...chosen, ...(next ? [next] : [])].some((c) => inside(d, c) || inside(c, d)),
      ),
    ];
    // a type made on the way is worth a step when it does work of its own (a few methods)
    const made = calls
      .filter(
        (c) =>
          c.target.def.kind === 'type' &&
          !visited.has(key(c.target)) &&
          methodsOf(c.target) >= 3 &&
          success(c),
      )
      .slice(0, 1);
    const leaving = externalCall(
      t,
      depth === 0 ? (m) => LISTENER.test(m) || input.dependency(m) : input.dependency,
    );
    // a framework's lifecycle: the users' hooks it runs in order (pre-run, run, post-run), and the
    // calls that run one (argument validation through the user's `Args`); the checks between them
    // are details of the framework, not steps of the work
    const lifecycle = hookGroups(t);
    const runsHooks = lifecycle.length >= 2;
    const hookSteps = runsHooks
      ? calls.filter(
          (c) =>
            c !== next &&
            !beside.includes(c) &&
            c.target.def.kind !== 'type' &&
            !visited.has(key(c.target)) &&
            success(c) &&
            runsUserHook(c.target),
        )
      : [];
    const kept = runsHooks ? beside.filter((c) => !provides(c.target) || runsUserHook(c.target)) : beside;
    const hand = runsHooks ? undefined : handover(t);
    // in the order they run: a callback handed to `.then` after the call it waits on
    const onward = next && !(runsHooks && provides(next.target) && !runsUserHook(next.target)) ? [next] : [];
    // calls that run at one place (both inside a handler run on a click) keep the order they are written in
    const ordered = [...made, ...kept, ...hookSteps, ...onward].sort(
      (x, y) => x.at - y.at || x.call.line - y.call.line,
    );
    const hooksLeft = runsHooks ? [...lifecycle] : [];
    const pushHooks = (before: number) => {
      while (hooksLeft.length && runsAt(t, hooksLeft[0]![0]!).at <= before && !full()) {
        const [first, ...rest] = hooksLeft.shift()!;
        const up = ancestorsOf(t.file.bare, t.def.line, t.def.end, first!);
        steps.push({
          ...userCode(t, first!, me),
          ...(rest.length ? { otherwise: rest.map((r) => r.name) } : {}),
          ...(up ? { ancestors: { ...up, ...(t.def.owner ? { type: t.def.owner } : {}) } } : {}),
        });
      }
    };
    const handAt = hand ? runsAt(t, hand).at : 0;
    const parse = parsedBy(t);
    let parsed = false;
    const pushParse = (before: number) => {
      if (!parse || parsed || runsAt(t, parse.call).at > before || full()) return;
      steps.push({ ...parse.step, from: me });
      parsed = true;
      named++;
    };
    let left = false;
    let handed = false;
    for (const c of ordered) {
      if (full()) break;
      pushHooks(c.at);
      pushParse(c.at);
      if (hand && !handed && handAt <= c.at) {
        steps.push(userCode(t, hand, me));
        handed = true;
      }
      // the work handed to a library (`compose` from koa-compose, `transaction.atomic`) is a step too
      if (leaving && !left && runsAt(t, leaving.call).at <= c.at) {
        steps.push({ ...outside(t, leaving), from: me });
        left = true;
      }
      const why = `${c.target.def.kind === 'type' ? 'made' : c.call.bound ? 'bound' : 'called'} by ${label(t.def)} at ${t.file.path}:${c.call.line}${
        c.target.def.kind !== 'type' && recursive(c) ? `, and calls ${label(t.def)} again` : ''
      }${nth(c.call.line)}`;
      if (c.target.def.kind === 'type') {
        visited.add(key(c.target));
        const handedAs = handedOnAs(t.file.bare, c.call.line, t.def.end, c.target.def.name, t.file.path);
        steps.push({ ...step(c.target), note: why, from: me, ...(handedAs ? { handedAs } : {}) });
      }
      // a call that provides a value (`get_connection…`, "Returns a connection") is named; the work
      // goes on in the caller that uses the value, so the path does not go inside it, unless the
      // value is a function it makes there (koa's `callback()` returns the request handler)
      else {
        if (!sites.has(key(c.target))) sites.set(key(c.target), { caller: t, call: c.call });
        const extra: Partial<MainPathStep> = {
          ...(c.via ? { via: c.via } : {}),
          ...(c.after ? { after: c.after } : {}),
        };
        // an end of a channel made here runs beside the other end, on threads of its own: both are
        // named with the end they are handed, and neither is entered, since past the channel the
        // work is no longer one sequence of calls (the consumer's buffering is not the next step)
        const channel = onChannel(c) ? channelEnd(t, identifiers(argumentsOf(t, c.call) ?? '')) : undefined;
        if (channel) extra.channel = channel;
        // a step that hands the work to the users' hooks (pre-run, action, post-run) tells its own
        // calls between them as what the framework does first: the work is the users' code
        const descends =
          c === next && !channel && !runsHooks && (!provides(c.target) || makesFunction(c.target));
        visit(c.target, depth + 1, why, descends, me, extra);
      }
    }
    pushParse(Infinity);
    if (leaving && !left && !full()) steps.push({ ...outside(t, leaving), from: me });
    if (hand && !handed && !full()) steps.push(userCode(t, hand, me));
    pushHooks(Infinity);
    stack.pop();
  };
  /**
   * A function stored in a field of the step's own object, named for the work (`callback`, `handler`),
   * handed to a call to be run with the data (`ctx.invoke(self.callback, **ctx.params)`) on the
   * success path: the user's code, called there.
   */
  /**
   * The call a short definition wraps: its first product call, kept, to a function or method of
   * another type or module that does more than the wrapper itself (`Subcommand::compile` → `Compiler::compile`).
   */
  const wrapped = (t: Target): ProductCall | undefined => {
    if (size(t.def) > WRAPPER_LINES) return undefined;
    const first = productCalls(t).find(
      (c) =>
        c.target.def.kind !== 'type' &&
        !helper(c.target) &&
        !failureNamed(c.target.def.name) &&
        !onFailure(t, c.call) &&
        c.used,
    );
    if (!first) return undefined;
    const other = first.target.file !== t.file || (first.target.def.owner ?? '') !== (t.def.owner ?? '');
    return other && size(first.target.def) > size(t.def) ? first : undefined;
  };
  /**
   * The other types a wrapped step hands its work to in turn, in the order it calls them
   * (`Compiler::compile` runs `Parser::parse_source`, then `Analyzer::analyze`): the stages of a
   * pipeline, one per type, named where the path does not enter the step.
   */
  const stagesOf = (t: Target): Target[] => {
    const owners = new Set<string>([t.def.owner ?? '']);
    const out: Target[] = [];
    // inside a short wrapper a call that leads to work is a stage even when its value is the
    // wrapper's tail expression (`Parser::parse(…)` spread over lines, with no `return`)
    const isStage = (c: ProductCall, wrapper = false) =>
      !!c.target.def.owner &&
      c.target.def.kind !== 'type' &&
      (c.used || wrapper) &&
      !helper(c.target) &&
      // a stage does work of its own: a lookup or an insert into a table is not one
      reach(c.target) >= STAGE_LINES;
    for (const c of productCalls(t)) {
      const owner = c.target.def.owner;
      if (!owner || owners.has(owner) || !isStage(c)) continue;
      owners.add(owner);
      // a short stage that only hands its input on in turn (`parse_source` lexing, then parsing) is
      // told by the stages it runs, so the pipeline reads whole
      const inner =
        size(c.target.def) <= WRAPPER_LINES
          ? productCalls(c.target).filter((d) => isStage(d, true) && key(d.target) !== key(c.target))
          : [];
      if (inner.length >= 2 && inner.some((d) => d.target.def.owner !== owner)) {
        for (const d of inner) owners.add(d.target.def.owner!);
        out.push(...inner.map((d) => d.target));
      } else out.push(c.target);
    }
    return out.slice(0, 5);
  };
  /**
   * The product type a pipeline's last stage returns (`Analyzer::analyze` → `Justfile`): what the
   * stages build. A result or error wrapper (`CompileResult<'src, Justfile<'src>>`) is looked through.
   */
  const builtBy = (t: Target): string | undefined => {
    const head = t.file.lines.slice(t.def.line - 1, t.def.line + 24);
    const open = head.findIndex((l) => /\{\s*$|:\s*$/.test(l));
    const signature = head.slice(0, open < 0 ? 1 : open + 1).join(' ');
    const arrow = signature.lastIndexOf('->');
    const returned = arrow < 0 ? '' : signature.slice(arrow + 2);
    return returned.match(/\b[A-Z]\w*/g)?.find((n) => typeNames.has(n) && !/(?:Result|Error)$/.test(n));
  };
  const passedOn = (t: Target): MainPathStep | undefined => {
    for (const call of callsIn(t.file.bare, t.def.line, t.def.end, t.def.name, t.file.language)) {
      if (FAILURE.test(call.name) || onFailure(t, call)) continue;
      const args = splitArguments(argumentsOf(t, call) ?? '');
      const field = args
        .map((a) => /^\s*(?:self|this)\.(\w+)\s*$/.exec(a)?.[1])
        .find((f): f is string => !!f && HANDOVER.test(f));
      if (!field) continue;
      const through = [call.root, call.qualifier !== call.root ? call.qualifier : undefined, call.name]
        .filter(Boolean)
        .join('.');
      return {
        name: field,
        path: t.file.path,
        line: call.line,
        note: `called by ${label(t.def)} through ${through}`,
        handedIn: 'field',
        runs: { user: true },
      };
    }
    return undefined;
  };
  /**
   * The hooks of its type a step calls (`c.PreRunE(c, args)`, `p.PersistentPreRun(…)` over a loop of
   * commands), in the order it calls them; hooks in sibling arms of one choice are one group, the
   * first taking precedence (`if c.RunE != nil { c.RunE(…) } else { c.Run(…) }`).
   */
  const hookGroups = (t: Target): Call[][] => {
    if (!t.def.owner) return [];
    const hooks = hooksOf(t.def.owner);
    if (!hooks.size) return [];
    const env = envOf(t);
    const body = t.file.bare.slice(t.def.line, t.def.end).join('\n');
    const loopVar = (root: string) =>
      /^[A-Za-z_]\w*$/.test(root) &&
      new RegExp(`\\bfor\\b[^\\n]*\\b${root}\\s*(?::=|\\s+in\\b|\\s+of\\b)`).test(body);
    const groups: Call[][] = [];
    for (const call of callsIn(t.file.bare, t.def.line, t.def.end, t.def.name, t.file.language)) {
      if (!call.root || call.qualifier !== call.root || !hooks.has(call.name)) continue;
      if (FAILURE.test(call.name) || onFailure(t, call)) continue;
      // a hook whose one result the framework keeps and goes on with (`name = c.SuggestCommandFunc(…)`)
      // answers a question for it; a stage of the lifecycle returns at most an error
      const kept = /^\s*(?:(?:var|let|const)\s+)?([A-Za-z_]\w*)\s*(?::=|=)(?!=)/.exec(
        t.file.bare[call.line - 1] ?? '',
      )?.[1];
      if (kept && !ERROR_LOCAL.test(kept)) continue;
      const mine = SELF.has(call.root) || env.get(call.root) === t.def.owner || loopVar(call.root);
      if (!mine) continue;
      const group = groups.find((g) => g.some((c) => alternatives(t, c.line, call.line)));
      if (group) group.push(call);
      else groups.push([call]);
    }
    // in the order they run: a deferred hook (`defer func() { … c.After(…) }()`) runs last
    return groups.sort((x, y) => runsAt(t, x[0]!).at - runsAt(t, y[0]!).at);
  };
  /** A product definition that hands the work to a hook of its type (`ValidateArgs` calling the user's `c.Args`). */
  const runsUserHook = (t: Target): boolean => hookGroups(t).length > 0;
  /**
   * Where a step hands the work to code it was given rather than its own: a function passed in and
   * its result kept (`return fnMiddleware(ctx)`), or a hook field of its type (`c.RunE(c, args)`). A
   * conventional name for the work (`Run`) goes before other hooks; one made on failure is not it.
   */
  const handover = (t: Target): Call | undefined => {
    const hooks = t.def.owner ? hooksOf(t.def.owner) : new Set<string>();
    const env = envOf(t);
    const found = callsIn(t.file.bare, t.def.line, t.def.end, t.def.name, t.file.language).filter((call) => {
      if (FAILURE.test(call.name) || onFailure(t, call)) return false;
      if (!call.root) return paramsOf(t).has(call.name) && keeps(t.file.bare[call.line - 1] ?? '');
      const mine = SELF.has(call.root) || env.get(call.root) === t.def.owner;
      if (mine && call.qualifier === call.root && hooks.has(call.name)) return true;
      if (mine && call.qualifier === call.root && !resolveCall(call, t) && heldFromOutside(t, call.name))
        return true;
      return call.qualifier === call.root && HANDOVER.test(call.name) && !!foundBy(t, call);
    });
    const runs = found.filter((c) => HANDOVER.test(c.name));
    return (runs.length ? runs : found)[runs.length ? runs.length - 1 : 0];
  };
  /**
   * The product lookup a local handler came from, when a step calls what it found (`_, _, h :=
   * mx.tree.FindRoute(…)` then `h.ServeHTTP(w, r)`): the matched handler, users' code, ends the path.
   */
  const foundBy = (t: Target, call: Call): NonNullable<MainPathStep['via']> | undefined => {
    const local = call.root!;
    if (!/^[A-Za-z_$][\w$]*$/.test(local) || SELF.has(local) || envOf(t).get(local)) return undefined;
    const bound = new RegExp(`(?:^|[\\s(,])${local}\\s*(?::=|=)(?!=)\\s*(?:await\\s+)?(?=[\\w.]+\\s*\\()`);
    for (let i = call.line; i >= t.def.line; i--) {
      const text = t.file.bare[i - 1] ?? '';
      const m = bound.exec(text);
      if (!m) continue;
      const rhs = text.slice(m.index + m[0].length);
      const first = callsIn([rhs], 1, 1)[0];
      const r = first ? resolveCall({ ...first, line: i }, t) : null;
      if (!r || !('def' in r) || r.def.kind === 'type') return undefined;
      const written = (t.file.lines[i - 1] ?? '').slice(m.index + m[0].length);
      const expression = written.slice(0, written.lastIndexOf(')') + 1);
      return { expression, by: label(t.def), path: t.file.path, line: i };
    }
    return undefined;
  };
  /**
   * Where the type's own code fills a hook field from a product call (`e.chain = applyMiddleware(
   * dispatch, e.middleware...)` in `buildRouterChains`): the field holds what the product composes.
   */
  const filledBy = (t: Target, field: string): MainPathStep['via'] => {
    const owner = t.def.owner;
    if (!owner) return undefined;
    const set = new RegExp(`^\\s*(?:self|this|[a-z]\\w{0,20})\\.${field}\\s*=\\s*([A-Za-z_]\\w*)\\(`);
    for (const file of models)
      for (const def of file.defs) {
        if (def.owner !== owner || def.kind === 'type') continue;
        for (let i = def.line; i <= def.end && i <= file.bare.length; i++) {
          const m = set.exec(file.bare[i - 1] ?? '');
          if (!m || !fns.has(m[1]!)) continue;
          const written = (file.lines[i - 1] ?? '').trim();
          const expression = written.slice(written.indexOf('=') + 1).trim();
          return { expression, by: label(def), path: file.path, line: i };
        }
      }
    return undefined;
  };
  /**
   * Whose code a handed-in step runs, from what its parameter or field was given: the package whose
   * call made it (`this.compose(this.middleware)`, `compose` imported from `koa-compose`), the product
   * function that made it, or, for a hook field, a handler a lookup found, and a value that came
   * from outside the product, the user's.
   */
  const whoseCode = (via: MainPathStep['via'], found: boolean): MainPathStep['runs'] => {
    if (!via || found) return { user: true };
    const file = models.find((m) => m.path === via.path);
    const def = file?.defs
      .filter((d) => d.kind !== 'type' && d.line <= via.line && via.line <= d.end)
      .sort((x, y) => x.end - x.line - (y.end - y.line))[0];
    if (!file || !def) return { user: true };
    const at = { file, def };
    const expression = via.expression.trim().replace(/^await\s+/, '');
    const first = callsIn([expression], 1, 1, undefined, file.language)[0];
    // the value is what the call the expression opens with returns (not `options.router ?? new …`)
    const opens = first && /^(?:new\s+)?[\w$.]+(?:::[\w$]+)*\s*\(/.exec(expression)?.[0];
    if (first && opens?.slice(0, -1).trimEnd().endsWith(first.name)) {
      const r = resolveCall({ ...first, line: via.line }, at);
      if (r && 'module' in r) return { module: r.module };
      if (r && 'def' in r)
        return {
          name: r.def.name,
          ...(r.def.kind === 'type' ? { owner: r.def.name } : r.def.owner ? { owner: r.def.owner } : {}),
          path: r.file.path,
          line: r.def.line,
        };
      // made by a call nothing resolves: whose code it is is not known
      return undefined;
    }
    // a function of the product's handed over by name, or one written where it is handed over
    const named = /^[A-Za-z_$][\w$]*$/.test(expression) ? fns.get(expression) : undefined;
    if (named?.length === 1) {
      const d = named[0]!;
      return {
        name: d.def.name,
        ...(d.def.owner ? { owner: d.def.owner } : {}),
        path: d.file.path,
        line: d.def.line,
      };
    }
    if (FUNCTION_LITERAL.test(expression))
      return { name: def.name, ...(def.owner ? { owner: def.owner } : {}), path: file.path, line: def.line };
    return { user: true };
  };
  /**
   * A field of the step's own object that its type's code sets to what it was handed from outside:
   * a parameter (`self.app = app` in `__init__`, `this.handler = handler`) or what a package's call
   * returned (`this.fn = compose(stack)`, `compose` imported): not a method, and not the product's code.
   */
  const heldFromOutside = (
    t: Target,
    field: string,
  ): { via: NonNullable<MainPathStep['via']>; runs: NonNullable<MainPathStep['runs']> } | undefined => {
    const owner = t.def.owner;
    if (!owner || !/^[A-Za-z_$][\w$]*$/.test(field)) return undefined;
    const set = new RegExp(`^\\s*(?:self|this)\\.${field.replace(/\$/g, '\\$')}\\s*=(?!=)\\s*(.+?);?\\s*$`);
    for (const file of models)
      for (const def of file.defs) {
        if (def.owner !== owner || def.kind === 'type') continue;
        for (let i = def.line; i <= def.end && i <= file.bare.length; i++) {
          const m = set.exec(file.bare[i - 1] ?? '');
          if (!m) continue;
          const value = m[1]!.trim();
          const at = { file, def };
          const via = { expression: value, by: label(def), path: file.path, line: i };
          if (/^[A-Za-z_$][\w$]*$/.test(value) && paramsOf(at).has(value))
            return { via, runs: { user: true } };
          const first = callsIn([value], 1, 1, undefined, file.language)[0];
          const opens = /^[\w$.]+\s*\(/.exec(value)?.[0];
          if (!first || !opens?.slice(0, -1).trimEnd().endsWith(first.name)) continue;
          const r = resolveCall({ ...first, line: i }, at);
          if (r && 'module' in r) return { via, runs: { module: r.module } };
        }
      }
    return undefined;
  };
  const userCode = (t: Target, call: Call, from: number): MainPathStep => {
    const found = call.root && call.qualifier === call.root ? foundBy(t, call) : undefined;
    const held = call.root && !found && !filledBy(t, call.name) ? heldFromOutside(t, call.name) : undefined;
    const via = held?.via ?? (call.root ? (found ?? filledBy(t, call.name)) : passedAs(t, call.name));
    const runs = held?.runs ?? whoseCode(via, !!found);
    return {
      ...(runs ? { runs } : {}),
      // the handler a lookup found is named by the local that holds it (`h.ServeHTTP`)
      name: found ? `${call.root}.${call.name}` : call.name,
      path: t.file.path,
      line: call.line,
      // the step's citation is the call itself
      note: `called by ${label(t.def)}`,
      handedIn: found ? 'result' : call.root ? 'field' : 'parameter',
      ...(via ? { via } : {}),
      from,
    };
  };
  /**
   * What the caller handed a step as one of its parameters: the argument at the call, or, for a
   * local, the value it was given (`fn` in `this.handleRequest(ctx, fn)` is `this.compose(this.middleware)`).
   */
  const passedAs = (t: Target, name: string): MainPathStep['via'] => {
    const site = sites.get(key(t));
    const index = parameters(t).findIndex((p) => p.name === name);
    if (!site || index < 0) return undefined;
    const { caller, call } = site;
    const args = splitArguments(
      argumentsOf({ file: { ...caller.file, bare: caller.file.lines }, def: caller.def }, call) ?? '',
    );
    const arg = args[index]?.trim();
    if (!arg) return undefined;
    const at = { by: label(caller.def), path: caller.file.path };
    if (!/^[A-Za-z_$][\w$]*$/.test(arg)) return { expression: arg, ...at, line: call.line };
    // a local: the value it was last given above the call
    for (let i = call.line - 1; i >= caller.def.line; i--) {
      const m = new RegExp(
        `^\\s*(?:(?:const|let|var)\\s+)?${arg.replace(/\$/g, '\\$')}\\s*(?::=|=)(?!=)\\s*(.+?);?\\s*$`,
      ).exec(caller.file.lines[i - 1] ?? '');
      if (m) return { expression: m[1]!, ...at, line: i };
    }
    return undefined;
  };
  /**
   * The command line read into a product type by the parser a derive macro writes for it
   * (`Opts::parse()`, `Arguments::try_parse_from(args)` on a `#[derive(Parser)]` struct): the code is
   * generated, so no definition resolves the call, but it is where a run reads its arguments.
   */
  const parsedBy = (t: Target): { call: Call; step: MainPathStep } | undefined => {
    if (t.file.language !== 'Rust') return undefined;
    for (const call of callsIn(t.file.bare, t.def.line, t.def.end, t.def.name, t.file.language)) {
      if (!DERIVED_PARSE.test(call.name) || !call.qualifier || call.qualifier !== call.root) continue;
      if (!TYPE_NAME.test(call.qualifier)) continue;
      for (const type of input.types.get(call.qualifier) ?? []) {
        const derive = deriveAbove(type, PARSER_DERIVE);
        if (!derive) continue;
        // the crate the derive comes from, as the type's file imports it (`use clap::Parser;`)
        const crate = new RegExp(`^\\s*use\\s+(\\w+)::[^;]*\\b${derive.name}\\b`, 'm').exec(
          type.file.code,
        )?.[1];
        return {
          call,
          step: {
            name: call.name,
            owner: call.qualifier,
            path: type.file.path,
            line: derive.line,
            note: `called by ${label(t.def)} at ${t.file.path}:${call.line}`,
            derived: crate ? `${derive.name} of ${crate}` : derive.name,
          },
        };
      }
    }
    return undefined;
  };
  const outside = (t: Target, leaving: { call: Call; module: string }): MainPathStep => ({
    name: memberChain(t, leaving.call),
    path: t.file.path,
    line: leaving.call.line,
    external: leaving.module,
    note: `called by ${label(t.def)}`,
  });
  /** The step's first call into a library that carries the work on: the hand-over (see `carriesWork`). */
  const externalCall = (
    t: Target,
    named: (module: string) => boolean,
  ): { call: Call; module: string } | undefined => {
    const found: { call: Call; module: string }[] = [];
    for (const call of callsIn(t.file.bare, t.def.line, t.def.end, t.def.name, t.file.language)) {
      const r = resolveCall(call, t);
      if (r && 'module' in r && named(r.module) && carriesWork(t, call, r.module))
        found.push({ call, module: r.module });
    }
    // a library call whose result is handed to a later one makes something for it (`done =
    // finalhandler(…)` before `this.router.handle(req, res, done)`): the later call takes the work on
    let pick = found[0];
    for (const later of found.slice(1)) {
      const local = pick ? assignedAt(t, pick.call.line) : undefined;
      if (local && identifiers(argumentsOf(t, later.call) ?? '').includes(local)) pick = later;
    }
    return pick;
  };
  /**
   * Whether a library call carries the step's work on rather than setting something up beside it:
   * its result is what the step returns or goes into it (`resp = conn.urlopen(…)` … `return
   * build_response(request, resp)`), or it is handed the data the step was given (a required
   * parameter, or a local made from one). Logging, registering handlers (`ctrlc::set_handler`,
   * `onFinished`), a call made on failure and a value built from constants alone (`HttpResponse("OK")`,
   * `Local::now()`, `transaction.atomic()`) are not it; nor is a value built from the step's options
   * (`Timeout(connect=timeout)` where `timeout=None`).
   */
  const carriesWork = (t: Target, call: Call, module: string): boolean => {
    if (LOGGING.test(module) || SET_UP.test(call.name) || ON_EVENT.test(call.name)) return false;
    if (FAILURE.test(call.name) || onFailure(t, call)) return false;
    // a redirect returned when a precondition is missing (`if (!user) return router.push('/signin')`)
    // turns the visitor away; the work goes on below it
    if (missingGuard(t, call.line)) return false;
    // a value for a markup attribute (`className={cn(…)}`, `style={…}`) styles the page, it does no work
    const site = t.file.bare[call.line - 1] ?? '';
    const at = site.indexOf(`${call.name}(`);
    if (at > 0 && /\b(?:className|class|style)\s*=(?:\s*\{)?[^{}]*$/.test(site.slice(0, at))) return false;
    const params = parameters(t);
    const required = new Set(params.filter((p) => !p.optional).map((p) => p.name));
    const body = t.file.bare.slice(t.def.line, t.def.end);
    // locals made straight from a required parameter (`first_path = &paths[0]`, `res = ctx.res`)
    const made = new Set<string>();
    const locals = new Set(params.map((p) => p.name));
    body.forEach((line, k) => {
      const m =
        /^\s*(?:(?:let|const|var|val)\s+(?:mut\s+)?)?\(?([A-Za-z_$][\w$]*)(?:\s*,\s*[\w$]+)*\)?\s*(?::[^=]*)?(?::=|=)(?!=)(.*)$/.exec(
          line,
        );
      if (!m) return;
      locals.add(m[1]!);
      // a value made by a call whose arguments run on below (`db_obj = User.model_validate(\n user_in, …)`)
      const value = /[([{]\s*$/.test(m[2]!) ? balancedStatement(t, t.def.line + k + 1) : m[2]!;
      if (identifiers(value).some((w) => required.has(w))) made.add(m[1]!);
    });
    const args = identifiers(argumentsOf(t, call) ?? '');
    if (args.some((w) => required.has(w) || made.has(w))) return true;
    // built from constants alone, on no value of the step's own: a fixed value, not the work
    if (!args.length && !(call.root && (locals.has(call.root) || SELF.has(call.root)))) return false;
    // what the step returns: its return statements (a closure's too) and a tail expression
    const returned = new Set<number>();
    const names = new Set<string>();
    const last = /^(Rust|Ruby|Kotlin|Scala)$/.test(t.file.language) ? lastLine(t) : -1;
    for (let i = t.def.line + 1; i <= Math.min(t.def.end, t.file.bare.length); i++) {
      const text = t.file.bare[i - 1]!;
      const tail = i === last && tailExpression(t, i);
      if (!/^\s*(?:return|yield)\b/.test(text) && !tail) continue;
      const statement = balanced(t, i);
      for (let j = 0; j < statement.split('\n').length - 1; j++) returned.add(i + j);
      for (const w of identifiers(statement)) names.add(w);
    }
    if (returned.has(call.line)) return true;
    const kept =
      /^\s*(?:(?:let|const|var|val)\s+(?:mut\s+)?)?([A-Za-z_$][\w$]*)\s*(?::[^=]*)?(?::=|=)(?!=)/.exec(
        t.file.bare[call.line - 1] ?? '',
      );
    if (kept && names.has(kept[1]!)) return true;
    // what it reads is handed to the product call that takes the work on (`file, err :=
    // afero.ReadFile(…)` before `v.unmarshalReader(bytes.NewReader(file), config)`)
    const read = /^\s*(?:(?:var|let|const)\s+)?([A-Za-z_$][\w$]*)(?:\s*,\s*[\w$]+)*\s*:?=(?!=)/.exec(
      t.file.bare[call.line - 1] ?? '',
    )?.[1];
    if (!read || ERROR_LOCAL.test(read) || NOT_DATA.has(read)) return false;
    return callsIn(t.file.bare, call.line + 1, t.def.end, t.def.name, t.file.language).some((c) => {
      if (!identifiers(argumentsOf(t, c) ?? '').includes(read)) return false;
      const r = resolveCall(c, t);
      return !!r && 'def' in r && r.def.kind !== 'type' && !onFailure(t, c);
    });
  };
  /** The line of a body's last expression, past closing brackets. */
  const lastLine = (t: Target): number => {
    for (let i = Math.min(t.def.end, t.file.bare.length); i > t.def.line; i--) {
      const line = t.file.bare[i - 1]!.trim();
      if (line && !/^[})\]][})\];,]*$/.test(line)) return i;
    }
    return -1;
  };
  visit(start.target, 0, start.note, true, start.from);
  if (start.then && !visited.has(key(start.then.target)))
    visit(start.then.target, 0, start.then.note, true, undefined, { calledBack: true });
  // each step in its author's words, where the code documents it
  const byPath = new Map(models.map((m) => [m.path, m]));
  for (const s of steps) {
    if (s.external) continue;
    const file = byPath.get(s.path);
    const def = file?.defs.find((d) => d.line === s.line);
    const doc = file && def ? docOf(input.raw?.(s.path), def, file.language) : undefined;
    if (doc) s.doc = doc;
    // a type the path makes, undocumented: what its methods do, where most of them name one verb
    else if (def?.kind === 'type') {
      const methods = [...fns.values()].flat().filter((f) => f.def.owner === def.name && f.file === file);
      const does = sharedVerb(methods.map((f) => f.def.name));
      if (does) s.does = does;
      // a method with a case for each kind of a product enum (an interpreter's `match expression`)
      // says what the type works on in the code's own terms; one that calls itself on the parts it
      // finds walks a tree and is the type's core, ahead of one that only reads a list of kinds
      const recursive = (f: Target) =>
        Number(
          callsIn(f.file.bare, f.def.line, f.def.end, f.def.name, f.file.language).some(
            (c) => c.name === f.def.name,
          ),
        );
      const cases = methods
        .map((f) => ({ f, arms: enumCases(f.file.bare, f.def.line, f.def.end, (n) => typeNames.has(n)) }))
        .filter((x) => x.arms)
        .sort((x, y) => recursive(y.f) - recursive(x.f) || y.arms!.kinds.length - x.arms!.kinds.length)[0];
      if (cases) s.cases = { method: cases.f.def.name, ...cases.arms! };
    }
    // a method a Go interface declares: the product's types that implement it, one of which runs
    if (!def && s.owner && interfaceMethods.get(`${s.owner}.${s.name}`)) {
      const dir = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/')));
      const impls = (fns.get(s.name) ?? [])
        .filter((f) => f.file.language === 'Go' && f.def.owner && f.def.owner !== s.owner)
        .sort((x, y) => x.file.path.localeCompare(y.file.path));
      if (impls.length)
        s.implementations = impls.map((f) => ({
          name:
            dir(f.file.path) && dir(f.file.path) !== dir(s.path)
              ? `${dir(f.file.path).split('/').pop()}.${f.def.owner}`
              : f.def.owner!,
          path: f.file.path,
          line: f.def.line,
        }));
    }
    const fallback = file && def ? fallbackLoop(file.bare, def.line, def.end) : undefined;
    if (fallback) s.fallback = fallback;
  }
  // a step called in the `else` arm of a switch whose other arm calls another product definition
  // (`if c.TraverseChildren { c.Traverse(args) } else { c.Find(args) }`): that one runs instead
  const told = new Set<string>();
  for (const s of steps) {
    const site = /^called by .+ at (.+):(\d+)$/.exec(s.note ?? '');
    const caller = s.from !== undefined ? steps[s.from] : undefined;
    if (!site || !caller || site[1] !== caller.path) continue;
    const file = byPath.get(caller.path);
    const def = file?.defs.find((d) => d.line === caller.line);
    if (!file || !def) continue;
    const arm = elseArm(file.bare, Number(site[2]));
    // the first step of an arm tells what runs instead of it, once
    if (!arm || told.has(`${caller.path}:${arm.to}`)) continue;
    told.add(`${caller.path}:${arm.to}`);
    const t = { file, def };
    for (const call of callsIn(file.bare, arm.from, arm.to, def.name, file.language)) {
      const r = resolveCall(call, t);
      // a log line in the other arm (`tracef("skipping …")`) is not what runs instead
      if (!r || !('def' in r) || r.def.name === s.name || r.def.kind === 'type' || LOG_LINE.test(r.def.name))
        continue;
      s.alternative = {
        name: r.def.name,
        ...(r.def.owner ? { owner: r.def.owner } : {}),
        path: r.file.path,
        line: r.def.line,
        at: call.line,
        when: arm.condition,
      };
      break;
    }
  }
  return steps;
}

/** Fewest kinds of one enum a method's cases name for the method to be said to handle that enum. */
const ENUM_CASES = 6;
const CASE_ARM = /^(?:case\s+)?[&*]?([A-Z]\w*)(?:::|\.)([A-Z]\w*)\b/;

/**
 * The product enum a body chooses among by kind (`match expression { Expression::Backtick { … } => …`,
 * `case Kind.Call:`): the arms at the indentation of the first one after a `match` or `switch`, grouped
 * by the enum they name, the enum with the most kinds kept when it has `ENUM_CASES` or more, each kind
 * once in the order of the arms. `lines` are 0-based; `line` and `end` are 1-based.
 */
export function enumCases(
  lines: string[],
  line: number,
  end: number,
  isType: (name: string) => boolean,
): { of: string; kinds: string[] } | undefined {
  const found = new Map<string, string[]>();
  const stop = Math.min(end, lines.length);
  for (let i = line; i < stop; i++) {
    if (!/^\s*(?:match|switch)\b.*\{\s*$/.test(lines[i - 1]!)) continue;
    let j = i;
    while (j < stop && !lines[j]!.trim()) j++;
    const indent = /^\s*/.exec(lines[j] ?? '')![0].length;
    for (; j < stop; j++) {
      const text = lines[j]!;
      const at = /^\s*/.exec(text)![0].length;
      if (text.trim() && at < indent) break;
      if (at !== indent) continue;
      const m = CASE_ARM.exec(text.trim());
      if (!m || !isType(m[1]!)) continue;
      const kinds = found.get(m[1]!) ?? [];
      if (!kinds.includes(m[2]!)) kinds.push(m[2]!);
      found.set(m[1]!, kinds);
    }
  }
  const [of, kinds] = [...found].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  return of && kinds && kinds.length >= ENUM_CASES ? { of, kinds } : undefined;
}

/**
 * The other arm of the two-way choice a call sits in the `else` arm of: `if cond {` … `} else {`
 * (brace languages) or `if cond:` … `else:` (Python), with the lines of the `if` arm and its
 * condition. Only a plain `if` with no `else if` before it: one switch, two ways.
 */
export function elseArm(
  lines: string[],
  callLine: number,
): { condition: string; from: number; to: number } | null {
  // the header of the block the call sits in: the nearest line above it that is indented less (the
  // call need not open the arm: `cache = …` may come first)
  const own = indentOf(lines[callLine - 1] ?? '');
  let at = callLine - 2;
  while (at >= 0 && (!lines[at]!.trim() || indentOf(lines[at]!) >= own)) at--;
  if (at < 0) return null;
  const elseLine = lines[at]!;
  const brace = /^(\s*)\}\s*else\s*\{\s*$/.exec(elseLine);
  const colon = brace ? null : /^(\s*)else\s*:\s*$/.exec(elseLine);
  const indent = (brace ?? colon)?.[1];
  if (indent === undefined) return null;
  for (let i = at - 1; i >= 0 && i >= at - 40; i--) {
    const l = lines[i]!;
    if (!l.trim()) continue;
    const lead = /^\s*/.exec(l)![0];
    if (lead.length < indent.length) return null;
    if (lead !== indent) continue;
    const cond = brace ? /^if\s(.*)\{$/.exec(l.trim()) : /^if\s(.*):$/.exec(l.trim());
    // the line just above the `if` arm's end at this depth must open it: no `else if` chain
    if (!cond || /\belse\b/.test(l)) return null;
    return { condition: cond[1]!.trim().replace(/^\((.*)\)$/, '$1'), from: i + 2, to: at };
  }
  return null;
}

/** Fewest methods, and least share of a type's methods, that name one verb for it to be said of the type. */
const VERB_METHODS = 4;
const ACCESSOR_VERB = /^(?:get|set|is|has|to|as|into|from|with)$/;
/**
 * The verb most of a type's methods open with and what they apply it to (`evaluate_assignments`,
 * `evaluateLine` → evaluate: assignments, line), each object once, those of fewest words first.
 */
export function sharedVerb(names: string[]): { verb: string; objects: string[] } | undefined {
  const split = names.map((n) =>
    n
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .split('_')
      .filter(Boolean),
  );
  const counts = new Map<string, number>();
  for (const words of split) if (words.length > 1) counts.set(words[0]!, (counts.get(words[0]!) ?? 0) + 1);
  const [verb, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  // accessors (`get_body`, `is_empty`) say what a type holds, not the work it does
  if (!verb || !n || n < VERB_METHODS || n * 2 < names.length || ACCESSOR_VERB.test(verb)) return undefined;
  const objects: string[] = [];
  const seen = new Set<string>();
  for (const words of split) {
    if (words[0] !== verb || words.length < 2) continue;
    const object = words.slice(1).join(' ');
    const one = object.replace(/s$/, '');
    if (seen.has(one)) continue;
    seen.add(one);
    objects.push(object);
  }
  // the plainest objects first: `value` before `value const`, `function` before `builtin function`
  const words = (o: string) => o.split(' ').length;
  return { verb, objects: objects.sort((a, b) => words(a) - words(b)) };
}

/** The product type a definition declares it returns (`-> Config`, `(*Command, error)`, `): Context`). */
function returnType(t: Target, span = 6): string | undefined {
  const head = t.file.lines.slice(t.def.line - 1, t.def.line - 1 + span).join(' ');
  const name = t.def.name.replace(/^#/, '');
  const after = head.slice(head.indexOf(name) + name.length);
  const m =
    /^[^)]*\)\s*(?:->|:)\s*(?:Result<|Option<|Promise<|Optional\[|Box<)?["']?&?(?:'\w+\s+)?(?:mut\s+)?(\w+)/.exec(
      after,
    ) ??
    /^[^)]*\)\s*(?:\(\s*)?(?:\*\s*)?(\w+)/.exec(after) ??
    new RegExp(`(\\w+)(?:<[^>]*>)?\\s+${name}\\s*\\(`).exec(head);
  const type = m?.[1];
  return type === 'Self' ? t.def.owner : type;
}

/** The item type of a collection a definition declares it returns (`-> list[Parameter]`, `[]*Command`, `Vec<Recipe>`). */
function elementType(t: Target): string | undefined {
  const head = t.file.lines.slice(t.def.line - 1, t.def.line + 5).join(' ');
  const name = t.def.name.replace(/^#/, '');
  const after = head.slice(head.indexOf(name) + name.length);
  const m =
    /^[^)]*\)\s*(?:(?:->|:)\s*)?(?:[\w.]+\.)?(?:list|List|Sequence|Iterable|Iterator|Generator|set|Set|frozenset|tuple|Vec|Array|ReadonlyArray)\s*[[<]\s*["']?&?(\w+)/.exec(
      after,
    ) ??
    /^[^)]*\)\s*(?:\(\s*)?\[\]\*?(\w+)/.exec(after) ??
    /^[^)]*\)\s*:\s*(\w+)\[\]/.exec(after);
  return m?.[1];
}

/**
 * A library call as written, where it goes through a value imported by name: the resource path of
 * an SDK client (`stripe.checkout.sessions.create`) says which call it is, `create` alone does not.
 */
function memberChain(t: Target, call: Call): string {
  if (!call.root || !t.file.bindings.has(call.root)) return call.name;
  const line = t.file.bare[call.line - 1] ?? '';
  const root = call.root.replace(/\$/g, '\\$');
  const chain = new RegExp(
    `(?<![\\w$.])${root}(?:\\s*\\??\\.\\s*[A-Za-z_$][\\w$]*)*?\\s*\\??\\.\\s*${call.name}\\s*\\(`,
  ).exec(line);
  return chain ? chain[0].replace(/[\s?(]/g, '') : call.name;
}

const label = (d: Def) => (d.owner ? `${d.owner}.${d.name}` : d.name);

/**
 * The first sentence of a definition's own documentation: the docstring under a Python `def`, else
 * the comment block right above it (past decorators and attributes). Licence text and tags are not it.
 */
const NEW_SENTENCE = /^\s*(?:The|This|These|It|Its|We|If|When|Then|Note|Returns?|Uses?)\s/;

export function docOf(raw: string | null | undefined, def: Def, language: string): string | undefined {
  if (!raw) return undefined;
  const lines = raw.split('\n');
  const block: string[] = [];
  if (language === 'Python') {
    let i = def.line - 1;
    while (i < lines.length && i < def.line + 40 && !/:\s*(#.*)?$/.test(lines[i]!)) i++;
    const open = lines[i + 1]?.trim() ?? '';
    const quote = /^[rRuU]?("""|''')/.exec(open)?.[1];
    if (!quote) return undefined;
    let body = open.slice(open.indexOf(quote) + 3);
    for (let j = i + 2; !body.includes(quote) && j < Math.min(lines.length, i + 40); j++)
      body += `\n${lines[j]}`;
    block.push(body.split(quote)[0]!);
  } else {
    // a doc block may stand a blank line above what it documents
    let from = def.line - 2;
    while (from > 0 && !lines[from]!.trim() && /\*\/\s*$/.test(lines[from - 1] ?? '')) from--;
    for (let i = from; i >= 0 && i >= def.line - 40; i--) {
      const line = lines[i]!.trim();
      if (/^(@|#\[)/.test(line)) continue;
      if (!/^(\/\/|\/\*|\*|#(?!\[))/.test(line)) break;
      block.unshift(line.replace(/^(\/\/\/?!?|\/\*\*?|\*\/|\*|#)\s?/, '').replace(/\*\/$/, ''));
    }
  }
  const paras = block
    .join('\n')
    .trim()
    .split(/\n\s*\n/);
  // a first paragraph that only names the thing ("A Requests session.") takes the next one with it
  const head = paras[0]!.trim();
  // — unless it introduces a list (`Process the value:` then `1. …`): a list is kept whole or left out
  const list = /^\s*(?:\d+[.)]|[-*+])\s/.test(paras[1] ?? '');
  // a short numbered list the summary introduces is the steps it names (type cast, check, the
  // user's callback): kept whole, each item to its first full stop, when it is short
  const steps = list && head.endsWith(':') ? listSteps(paras[1]!) : undefined;
  const lead =
    head.length < 40 && paras[1] && !list
      ? `${/[.!?:]$/.test(head) ? head : `${head}.`}\n${paras[1]}`
      : steps
        ? `${head} ${steps}`
        : list && head.endsWith(':')
          ? `${head.slice(0, -1)}.`
          : head;
  // the prose ends where the field list starts (`:param url:`, `@param`, `Args:`): what follows,
  // continuation lines included, describes arguments, not the definition
  const leadLines = lead.split('\n');
  const fields = leadLines.findIndex((l) =>
    // a Sphinx role opening a line (`:class:\`Option\`\\s or …`) is prose, not a field
    /^\s*(?:@\w+|:\w+(?:\s+[\w.*]+)*:(?!`)|(?:Args|Arguments|Returns|Raises|Parameters|Example)s?:\s*$)/.test(
      l,
    ),
  );
  const prose = (fields >= 0 ? leadLines.slice(0, fields) : leadLines)
    // a comment line without a full stop, followed by one that opens a sentence ("The function …"),
    // ended its own sentence
    .map((l, i, all) =>
      /[\w)`'"]\s*$/.test(l) && NEW_SENTENCE.test(all[i + 1] ?? '') ? `${l.trimEnd()}.` : l,
    )
    .join(' ')
    .replace(/\{@\w+\s([^{}]*)\}/g, (_, words: string) => words.trimStart())
    // reStructuredText's escaped plural after a role (:class:`Option`\\s): the backslash is markup
    .replace(/`\\(?=[a-z])/g, '`')
    // Sphinx roles and reStructuredText literals: :class:`Response <Response>` is Response
    .replace(/:\w+:`~?([^`<]*)(?:<[^>`]*>)?`/g, (_, words: string) => words.trimEnd())
    .replace(/``([^`]+)``/g, '$1')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  // a Markdown doc comment's emphasis and links (`Configuration options for *fd*.`, [`Config`](x)) are
  // markup, not words: a Python docstring's `*args` is left alone
  const plain = language === 'Python' ? prose : withoutMarkdown(prose);
  return summaryOf(plain, def, steps !== undefined);
}

/** Emphasis, strong emphasis and links of a Markdown doc comment, as their text. */
export function withoutMarkdown(prose: string): string {
  return prose
    .replace(/\[([^[\]\n]+)\]\([^()\s]*\)/g, '$1')
    .replace(/\*\*([^*\n]+)\*\*/g, '$1')
    .replace(/(?<![\w*])\*([^*\s][^*\n]*)\*(?![\w*])/g, '$1')
    .replace(/(?<![\w_])_([^_\s][^_\n]*)_(?![\w_])/g, '$1');
}

/** The first sentence or two of a doc comment's prose, or nothing where it says nothing. */
function summaryOf(prose: string, def: Def, steps: boolean): string | undefined {
  if (prose.length < 8 || /copyright|\blicen[cs]e\b|licen[cs]ed under/i.test(prose)) return undefined;
  // a comment that only repeats the name (`// ResponseWriter ...`, Go's linter placeholder) says nothing
  if (prose.replace(def.name, '').replace(/[\s.…:;,-]+/g, '') === '') return undefined;
  if (steps) return prose;
  // a first sentence that only names the thing ("A Requests session.") takes the next one with it
  const ends = sentenceEnds(prose);
  const cut = ends.find((e) => e >= 8 && e <= 200);
  let end = cut !== undefined && cut < 40 ? (ends.find((e) => e > cut && e <= 240) ?? cut) : cut;
  // a next sentence about the same thing ("It uses a sync.Pool…", "It's like … a radix trie") often
  // names the mechanism the first one only announces: it comes along while the whole stays short
  if (end !== undefined && /^(?:It|It's|Its|This|They)\b/.test(prose.slice(end).trim())) {
    const next = ends.find((e) => e > end!);
    if (next !== undefined && next <= 320) end = next;
  }
  if (end !== undefined) return prose.slice(0, end);
  return prose.length <= 160
    ? prose
    : `${prose
        .slice(0, 157)
        .replace(/\s\S*$/, '')
        .trimEnd()}…`;
}

/** Most steps, and characters, a numbered list may have to be told whole. */
const LIST_STEPS = 4;
const LIST_CHARS = 260;

/**
 * "(1) Type cast the value using type_cast_value. (2) Check …": a numbered list's items, each to its
 * first full stop, when there are at most four and they are short; else nothing.
 */
function listSteps(para: string): string | undefined {
  const items: string[] = [];
  for (const line of para.split('\n')) {
    const item = /^\s*\d+[.)]\s(.*)$/.exec(line);
    if (item) items.push(item[1]!.trim());
    else if (items.length && line.trim()) items[items.length - 1] += ` ${line.trim()}`;
    else if (line.trim()) return undefined;
  }
  if (items.length < 2 || items.length > LIST_STEPS) return undefined;
  const firsts = items.map((it) => {
    const end = /\.(?:\s|$)/.exec(it);
    return end ? it.slice(0, end.index + 1) : `${it}.`;
  });
  const out = firsts.map((f, i) => `(${i + 1}) ${f}`).join(' ');
  // measured as it will read: without the markup of Sphinx roles (:meth:`x` is x)
  return out.replace(/:\w+:`/g, '').length <= LIST_CHARS ? out : undefined;
}

/**
 * A doc comment without what it says of a package the repository does not hold (a `docgen`
 * subpackage that moved to a module of its own): the relative clause that names it, else its
 * sentence. `holds(name)` says whether a folder or file of that name exists.
 */
export function withoutAbsentPackages(doc: string, holds: (name: string) => boolean): string | undefined {
  let out = doc;
  // "subpackage" says the package lies inside this repository; a bare "package" may be anyone's
  for (const m of doc.matchAll(/(?<![\w/.-])`?([a-z][\w-]*)`?\s+sub-?package\b/g)) {
    if (holds(m[1]!)) continue;
    const at = out.indexOf(m[0]);
    if (at < 0) continue;
    const start = Math.max(0, ...sentenceEnds(out).filter((e) => e <= at));
    const stop = sentenceEnds(out).find((e) => e > at) ?? out.length;
    const clause = /,\s*(?:which|that|as)\b[^,]*$/.exec(out.slice(start, at));
    out = clause
      ? `${out.slice(0, start + clause.index).trimEnd()}.${out.slice(stop)}`
      : `${out.slice(0, start)}${out.slice(stop)}`;
    out = out.replace(/\s+/g, ' ').trim();
  }
  return out.length >= 8 ? out : undefined;
}

/**
 * Whether a hook is called on the ancestors of the step's object rather than on the object alone: its
 * receiver is a loop variable over a list filled by walking a parent link (`for p := c; p != nil; p =
 * p.Parent()`), and the loop stops after the first that is set (`break`), perhaps unless a switch is
 * on (`if !EnableTraverseRunHooks { break }`). `bare` holds the file's lines, `from`..`to` the step.
 */
export function ancestorsOf(
  bare: string[],
  from: number,
  to: number,
  call: { root?: string; line: number },
): MainPathStep['ancestors'] {
  const root = call.root;
  if (!root || !/^\w+$/.test(root)) return undefined;
  const lines = (a: number, b: number) => bare.slice(a - 1, b).map((l, i) => ({ l, n: a + i }));
  const before = lines(from, call.line).reverse();
  const parentStep = /^(?:parent|Parent|getParent|GetParent|up|outer)$/;
  // the nearest loop that binds the hook's receiver: a walk up the parent link itself, or a loop over
  // a list that such a walk filled
  const loop = before.find(({ l }) => new RegExp(`\\bfor\\s+(?:\\w+\\s*,\\s*)?${root}\\s*:=`).test(l));
  if (!loop) return undefined;
  const direct = new RegExp(
    `\\bfor\\s+${root}\\s*:=\\s*[\\w.]+\\s*;[^;]*;\\s*${root}\\s*=\\s*${root}\\.(\\w+)\\b`,
  ).exec(loop.l);
  const list = new RegExp(`:=\\s*range\\s+(\\w+)`).exec(loop.l)?.[1];
  const walk =
    direct && parentStep.test(direct[1]!)
      ? loop
      : list
        ? lines(from, loop.n).find(({ l }, i, all) => {
            const m = /\bfor\s+(\w+)\s*:=\s*[\w.]+\s*;[^;]*;\s*\1\s*=\s*\1\.(\w+)\b/.exec(l);
            return (
              !!m &&
              parentStep.test(m[2]!) &&
              all.slice(i + 1, i + 12).some((x) => new RegExp(`\\b${list}\\s*=\\s*append\\(`).test(x.l))
            );
          })
        : undefined;
  if (!walk) return undefined;
  // a `break` after the call, inside the loop: only the first ancestor that has the hook runs it
  const indent = /^\s*/.exec(loop.l)![0].length;
  let stop: { n: number; unless?: string } | undefined;
  for (const { l, n } of lines(call.line + 1, to)) {
    if (l.trim() && /^\s*/.exec(l)![0].length <= indent && /^\s*\}/.test(l)) break;
    if (/^\s*break\b/.test(l)) {
      const cond = /^\s*if\s+!\s*([\w.]+)\s*\{\s*$/.exec(bare[n - 2] ?? '')?.[1];
      stop = { n, ...(cond ? { unless: cond } : {}) };
      break;
    }
  }
  return {
    line: walk.n,
    nearest: !!stop,
    ...(stop?.unless ? { unless: stop.unless } : {}),
  };
}

/** Where sentences end in a text (after `.`, `!` or `?` and a space or the end), past abbreviations like e.g. */
function sentenceEnds(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/[.!?](?=\s|$)/g)) {
    const before = text.slice(Math.max(0, m.index - 5), m.index + 1);
    if (/\b(e\.g|i\.e|etc|vs|cf|approx)\.$/i.test(before) || /\b[A-Z]\.$/.test(before)) continue;
    out.push(m.index + 1);
  }
  return out;
}

function step(t: Target, note?: string): MainPathStep {
  return {
    name: t.def.name,
    ...(t.def.owner ? { owner: t.def.owner } : {}),
    path: t.file.path,
    line: t.def.line,
    ...(note ? { note } : {}),
  };
}

interface Start {
  target: Target;
  prefix: MainPathStep[];
  note?: string;
  /** A second way in, told after the first: a webhook an outside service calls back. */
  then?: { target: Target; note: string };
  /** The prefix step the target is called from. */
  from?: number;
}

/**
 * Where the unit of work enters the product. An application with routes: the handler most of its
 * routes lead to (then the one that does the most work), after its URL configuration or request
 * middleware. A program: its `main`. A framework or library that serves requests: its listener.
 * Any other library: the public function or driving method that leads to the most of its code.
 */
function chooseStart(
  input: MainPathInput,
  reach: (t: Target) => number,
  productCalls: (t: Target) => ProductCall[],
  resolveCall: (call: Call, t: Target) => Target | { module: string } | null,
): Start | null {
  const { models, rank } = input;
  const byPath = new Map(models.map((m) => [m.path, m]));
  const rankOf = (t: Target) => rank.get(t.file.path) ?? 1e6;
  // siblings that wrap the same work (`get`, `post`, `put` around `request`) reach within a few lines of
  // each other: the most central, first-defined of them stands for all
  const close = (x: number, y: number) => Math.abs(x - y) <= 0.02 * Math.max(x, y);
  const ranked = (ts: Target[]) => {
    // each candidate's reach worked out once, not at every comparison
    const r = new Map(ts.map((t) => [t, reach(t)]));
    return ts.sort(
      (x, y) =>
        (close(r.get(x)!, r.get(y)!) ? 0 : r.get(y)! - r.get(x)!) ||
        // a module's own function (`requests.get`) is how users call it, before a method that wraps the same
        Number(!!x.def.owner) - Number(!!y.def.owner) ||
        rankOf(x) - rankOf(y) ||
        x.file.path.localeCompare(y.file.path) ||
        x.def.line - y.def.line,
    );
  };
  const best = (ts: Target[]) => ranked(ts)[0];
  const application = /application|service/.test(input.kind);

  if (application) {
    const declared = routeHandlers(input, byPath, resolveCall);
    // a handler that calls none of the product's code answers with a fixed page (a 410 for removed
    // URLs, a template as it is): where other handlers call into the product, the work is theirs
    const working = declared.filter((h) => productCalls(h.target).length > 0);
    const handled = working.length ? working : declared;
    if (handled.length) {
      const most = Math.max(...handled.map((h) => h.routes.length));
      const tied = handled.filter((h) => h.routes.length === most);
      // where each handler serves one route (a file-based router), what a user requests is a page: a
      // GET route whose handler renders UI. The site's root is where a visit starts, unless another
      // page leads to far more of the product's code
      const pages = most === 1 ? tied.filter(isPage) : [];
      const pageReach = (h: (typeof tied)[number]) =>
        reach(h.target) * (h.routes.some((r) => r.path === '/') ? 2 : 1);
      // a webhook an outside service calls back (a payment provider's events) is the work's second
      // half: told after the page's path, never in its place
      const webhook = pages.length
        ? tied.find((h) => h.routes.some((r) => r.method === 'POST' && /webhook/i.test(r.path)))
        : undefined;
      const hook = webhook?.routes.find((r) => r.method === 'POST');
      const then = webhook &&
        hook && {
          target: webhook.target,
          note: `receives ${hook.method} ${hook.path}`,
        };
      const top = pages.length
        ? pages.sort((x, y) => pageReach(y) - pageReach(x) || x.target.def.line - y.target.def.line)[0]!
            .target
        : tied
            .map((h) => h.target)
            .sort((x, y) => rankOf(x) - rankOf(y) || reach(y) - reach(x) || x.def.line - y.def.line)[0];
      const h = handled.find((x) => x.target === top)!;
      const prefix: MainPathStep[] = [];
      const mw = requestMiddleware(models);
      if (mw)
        prefix.push({
          name: mw.def.name,
          path: mw.file.path,
          line: mw.def.line,
          note: 'runs before every matched request',
        });
      // what the middleware hands each request to (a session refresh) is where that work is done
      const onward = mw ? productCalls(mw).find((c) => c.used && c.target.def.kind !== 'type') : undefined;
      if (mw && onward)
        prefix.push({
          ...step(onward.target, `called by ${label(mw.def)} at ${mw.file.path}:${onward.call.line}`),
          from: prefix.length - 1,
        });
      const r = h.routes[0]!;
      // a route declared away from its handler (a URL conf, a router file) is where the request enters
      if (r.file !== h.target.file.path) {
        const holder = byPath.get(r.file);
        const list = holder ? listName(holder, r.line) : undefined;
        prefix.push({
          name: list ?? `${r.method} ${r.path}`,
          path: r.file,
          line: r.line,
          note: `routes ${r.method === 'ANY' ? '' : `${r.method} `}${r.path} to ${label(h.target.def)}`,
        });
      }
      return {
        target: h.target,
        prefix,
        note: `handles ${h.routes.length} route${h.routes.length === 1 ? '' : 's'}, e.g. ${r.method} ${r.path}`,
        ...(then ? { then } : {}),
      };
    }
  }
  const mains = input.entryPoints
    .map((e) =>
      byPath.get(e.path)?.defs.find((d) => d.name === 'main' && d.line >= e.line && d.line <= e.line + 3),
    )
    .map((d, i) => (d ? { file: byPath.get(input.entryPoints[i]!.path)!, def: d } : undefined))
    .filter((t): t is Target => !!t);
  // mains that reach about as much, within a tenth (the `http` command and its plug-in manager, both
  // over one core):
  // the entry point the manifest declares first is the program's own
  const firstMain = (ts: Target[]) => {
    const at = new Map(ts.map((t, i) => [t, i]));
    const near = (x: number, y: number) => Math.abs(x - y) <= 0.1 * Math.max(x, y);
    return [...ts].sort((x, y) =>
      near(reach(x), reach(y)) ? at.get(x)! - at.get(y)! : reach(y) - reach(x),
    )[0];
  };
  if (/cli|application|service/.test(input.kind) && mains.length)
    return { target: firstMain(mains)!, prefix: [] };

  const listeners: Target[] = [];
  for (const file of models)
    for (const def of file.defs) {
      if (def.kind === 'type') continue;
      const head = file.lines.slice(def.line - 1, def.line + 3).join(' ');
      const body = file.bare.slice(def.line - 1, def.end).join('\n');
      if (
        (def.name === 'ServeHTTP' && def.owner) ||
        (def.name === 'fetch' && def.owner && /\(\s*request\b/.test(head)) ||
        (/^(__call__|wsgi_app)$/.test(def.name) && /\benviron\b/.test(head)) ||
        // ASGI's interface: `__call__(self, scope, receive, send)` answers each connection
        (def.name === '__call__' &&
          def.owner &&
          /\(\s*self\s*,\s*scope\b[^)]*\breceive\b[^)]*\bsend\b/.test(head)) ||
        // Rack's interface: a Ruby object whose `call(env)` answers each request
        (def.name === 'call' && def.owner && file.language === 'Ruby' && /\bcall\s*\(\s*env\b/.test(head)) ||
        // tower's interface: a Rust type whose `Service<Request<B>>::call(&mut self, req: Request<B>)`
        // answers each request a hyper server hands it
        (def.name === 'call' &&
          def.owner &&
          file.language === 'Rust' &&
          /\bfn\s+call\s*\(\s*&mut\s+self\s*,\s*\w+\s*:\s*(?:http::)?Request\b/.test(head)) ||
        // the Servlet interface: the container calls `service(request, response)` for each request
        (def.name === 'service' &&
          def.owner &&
          /\bservice\s*\(\s*(?:\w+\s*:\s*HttpServletRequest\b|(?:final\s+)?HttpServletRequest\s+\w+)/.test(
            head,
          )) ||
        /\bcreateServer\s*\(/.test(body)
      )
        if (!def.deprecated) listeners.push({ file, def });
    }
  if (listeners.length) {
    // the most central file's listener: a framework's own, not a middleware's; in a file of several
    // (a Rack framework's app class beside its small wrappers), the one of the class with the most methods
    const methods = (t: Target) =>
      t.file.defs.filter((d) => d.owner === t.def.owner && d.kind !== 'type').length;
    // the application the README's example makes (`app = Starlette(routes=…)`) before the middleware,
    // routes and responses that answer the same interface
    const made = (t: Target) =>
      input.entryPoints.some(
        (e) =>
          e.call &&
          e.path === t.file.path &&
          t.file.defs.some((d) => d.kind === 'type' && d.name === t.def.owner && d.line === e.line),
      )
        ? 0
        : 1;
    // among the many types that answer the same interface (a Rust router, its routes and each
    // middleware all implement tower's `Service`), the one the README's example makes
    // (`Router::new()`) is the one users hand the server
    const shown = (t: Target) =>
      t.def.owner && readmeMakes(input.readme ?? '', t.def.owner.replace(/^.*::/, '')) ? 0 : 1;
    const top = listeners.sort(
      (x, y) =>
        made(x) - made(y) ||
        shown(x) - shown(y) ||
        rankOf(x) - rankOf(y) ||
        methods(y) - methods(x) ||
        x.def.line - y.def.line,
    )[0]!;
    // a listener that hands the server the object itself (`http.createServer(this)`) only starts the
    // server: each request enters at the handover method the server calls (`app.handle`)
    const served = selfServed(top);
    if (served)
      return {
        target: served.target,
        prefix: [],
        note: `called for each request by the server ${label(top.def)} makes at ${top.file.path}:${served.call.line}`,
      };
    return { target: top, prefix: [] };
  }
  // a default export a factory makes (`const ky = createInstance()`): the functions the factory
  // attaches to it hand each call to the product's own, the one of them that leads to the most code
  const instance = factoryInstance(input, byPath, productCalls, ranked);
  if (instance) return instance;
  // a library's own command line (an optional extra: `httpx https://…`) is a way in beside the
  // library's calls, not the work users import it for: its public calls come first
  const reused = /library|framework|plugin/.test(input.kind);
  if (mains.length && !reused) return { target: best(mains)!, prefix: [] };

  const drivers: Target[] = [];
  for (const e of input.publicApi) {
    const file = byPath.get(e.path);
    const here = file?.defs.filter((d) => d.line >= e.line && d.line <= e.line + 3) ?? [];
    // a name re-exported from the package entry (`__init__.py`) is defined elsewhere
    const defs = here.length
      ? here
      : [
          ...(input.types.get(e.name) ?? []),
          ...(input.fns.get(e.name) ?? []).filter((t) => !t.def.owner),
        ].map((t) => t.def);
    for (const def of defs) {
      const holder = here.length ? file : models.find((m) => m.defs.includes(def));
      if (!holder) continue;
      if (def.kind === 'type')
        for (const m of holder.defs.filter((d) => d.owner === def.name && d.kind !== 'type'))
          drivers.push({ file: holder, def: m });
      else drivers.push({ file: holder, def });
    }
  }
  // a definition its authors mark deprecated (`// Deprecated: Use Dialer instead.` on `NewClient`) is
  // kept for old callers: the work a new user's call does starts at what its note names instead, or
  // elsewhere
  const current = (ts: Target[]) => {
    const out = new Map<string, Target>();
    for (const t of ts) {
      const now = t.def.deprecated ? instead(t) : t;
      if (now && !out.has(key(now))) out.set(key(now), now);
    }
    return [...out.values()];
  };
  const instead = (t: Target): Target | undefined => {
    const name = t.def.replacement;
    if (!name) return undefined;
    const fn = (input.fns.get(name) ?? []).find((x) => !x.def.owner && !x.def.deprecated);
    if (fn) return fn;
    if (!input.types.has(name)) return undefined;
    // a type through its method the deprecated body calls (`d.Dial(…)`), else the one used most
    const methods = models.flatMap((file) =>
      file.defs
        .filter(
          (d) =>
            d.owner === name &&
            d.kind !== 'type' &&
            !d.deprecated &&
            (file.language === 'Go' ? /^[A-Z]/.test(d.name) : !d.name.startsWith('_')),
        )
        .map((def) => ({ file, def })),
    );
    const called = productCalls(t).find((c) => methods.some((m) => key(m) === key(c.target)))?.target;
    const uses = (m: Target) => models.reduce((n, f) => n + (f.words.get(m.def.name) ?? 0), 0);
    return called ?? [...methods].sort((x, y) => uses(y) - uses(x) || x.def.line - y.def.line)[0];
  };
  const named = current(drivers).filter((t) => !t.def.name.startsWith('_') || t.def.name === '__call__');
  // a library's exported function `main` (not a type's method) is its command line's entry (what a
  // console script or `python -m` runs), a way in beside the calls users import the library for
  const library = reused ? named.filter((t) => t.def.name !== 'main' || !!t.def.owner) : named;
  const callable = library.length ? library : named;
  // the outermost driver: one that another candidate calls is a step of that one's path. Only a
  // candidate whose file uses the name (words of 3 characters or more are indexed) can call it, so
  // the calls of the others are never worked out
  const calledByAnother = (t: Target) =>
    callable.some(
      (c) =>
        c !== t &&
        (t.def.name.length <= 2 || c.file.words.has(t.def.name)) &&
        productCalls(c).some((x) => key(x.target) === key(t)),
    );
  const top = ranked([...callable]).find((t) => !calledByAnother(t));
  // a library with no conventional driver at its head (`run`, `execute`, `__call__` run what users
  // built) is used as its README's example shows: of the calls there, the one that leads to the most
  // code does the work (`ReadInConfig()` after the setters that name the file), before a call the
  // example never makes that merely reaches further
  const example = ranked(
    current(
      input.entryPoints
        .filter((e) => e.call)
        .flatMap((e) => {
          const file = byPath.get(e.path);
          const def = file?.defs.find((d) => d.kind !== 'type' && d.line >= e.line && d.line <= e.line + 3);
          return file && def ? [{ file, def }] : [];
        }),
    ),
  )[0];
  if (top && example && !DRIVER_NAME.test(top.def.name) && reach(example) >= ACCESSOR_LINES)
    return { target: example, prefix: [] };
  if (top) return { target: top, prefix: [] };
  return mains.length ? { target: best(mains)!, prefix: [] } : null;
}

// a file that imports or exports is an ES or CommonJS module, whose names are its own
const JS_MODULE = /(?:^|\n)[ \t]*(?:import|export)\b|\brequire\(|\bmodule\.exports\b/;

/**
 * Whether a README's code makes a value of the type: `Router::new()`, `Router::default()`,
 * `new Router(`, `Router(` or `Router.create(` inside a fenced code block.
 */
export function readmeMakes(readme: string, type: string): boolean {
  if (!/^[A-Z]\w*$/.test(type)) return false;
  const code = readmeCode(readme).join('\n');
  return new RegExp(`(?:\\bnew\\s+${type}\\b|\\b${type}(?:::\\w+|\\.create)?\\s*\\()`).test(code);
}

/**
 * The way in through a default export that a product function makes (`const ky = createInstance()`):
 * the instance, then the call of the factory's that leads to the most code (`Ky.create`), which the
 * functions it attaches to the instance make for each call.
 */
function factoryInstance(
  input: MainPathInput,
  byPath: Map<string, FileModel>,
  productCalls: (t: Target) => ProductCall[],
  ranked: (ts: Target[]) => Target[],
): Start | null {
  // the name the README's example calls first (`` execa`…` `` for `export const execa = createExeca(…)`),
  // then the default exports
  const first = input.entryPoints[0];
  const candidates = [
    ...input.publicApi.filter(
      (e) => e.kind === 'const' && first?.call && e.path === first.path && e.line === first.line,
    ),
    ...input.publicApi.filter((e) => e.kind === 'default export'),
  ];
  for (const e of candidates) {
    // a default export re-exported from the file that makes it is read where it is made
    const at = e.definedAt ?? { path: e.path, line: e.line };
    const file = byPath.get(at.path);
    const made = /^\s*(?:export\s+)?(?:const|let|var)\s+[\w$]+\s*(?::[^=]+)?=\s*([A-Za-z_$][\w$]*)\s*\(/.exec(
      file?.lines[at.line - 1] ?? '',
    );
    // the factory is defined in the file or imported into it (`import {createExeca} from './lib/…'`)
    const local = made && file?.defs.find((d) => d.name === made[1] && d.kind === 'function');
    const imported =
      made && file && !local && file.bindings.has(made[1]!)
        ? (input.fns.get(made[1]!) ?? []).filter((t) => !t.def.owner)
        : [];
    const factory = local && file ? { file, def: local } : imported.length === 1 ? imported[0]! : undefined;
    if (!file || !factory) continue;
    const def = factory.def;
    // an instance that is a class's method bound to a context (`bind(Axios.prototype.request,
    // context)`, `Axios.prototype.request.bind(context)`) runs that method whenever it is called
    const body = factory.file.lines.slice(def.line - 1, def.end).join('\n');
    const bound =
      /\bbind\(\s*([A-Za-z_$][\w$]*)\.prototype\.([A-Za-z_$][\w$]*)\s*,/.exec(body) ??
      /\b([A-Za-z_$][\w$]*)\.prototype\.([A-Za-z_$][\w$]*)\.bind\(/.exec(body);
    const method =
      bound &&
      [...byPath.values()]
        .flatMap((f) => f.defs.map((d) => ({ file: f, def: d })))
        .find((t) => t.def.owner === bound[1] && t.def.name === bound[2] && t.def.kind !== 'type');
    if (method) {
      const line = def.line + body.slice(0, bound.index).split('\n').length - 1;
      return {
        target: method,
        prefix: [
          {
            name: e.name,
            path: at.path,
            line: at.line,
            note: `made by ${def.name} at ${at.path}:${at.line}`,
          },
        ],
        note: `bound by ${def.name} at ${factory.file.path}:${line}`,
        from: 0,
      };
    }
    const calls = productCalls(factory).filter((c) => c.target.def.kind !== 'type');
    const top = ranked(calls.map((c) => c.target))[0];
    const call = calls.find((c) => c.target === top);
    if (!top || !call) continue;
    return {
      target: top,
      prefix: [
        { name: e.name, path: at.path, line: at.line, note: `made by ${def.name} at ${at.path}:${at.line}` },
      ],
      note: `called by ${e.name} at ${factory.file.path}:${call.call.line}`,
      from: 0,
    };
  }
  return null;
}

/** A handler that renders a page a user requests: a GET route served by a JSX component. */
function isPage(h: { target: Target; routes: Route[] }): boolean {
  return /\.[jt]sx$/.test(h.target.file.path) && h.routes.some((r) => r.method === 'GET');
}

/** The definitions the product's routes lead to, each with its route declarations (one per path, whatever its methods). */
function routeHandlers(
  input: MainPathInput,
  byPath: Map<string, FileModel>,
  resolveCall: (call: Call, t: Target) => Target | { module: string } | null,
): { target: Target; routes: Route[] }[] {
  const out = new Map<string, { target: Target; routes: Route[] }>();
  for (const r of input.routes) {
    if (r.area && r.area !== 'product') continue;
    const file = byPath.get(r.file);
    if (!file) continue;
    let target: Target | undefined;
    // a handler declared at the route (an annotated method, an exported GET/POST) …
    const here = file.defs.find((d) => d.kind !== 'type' && d.line >= r.line && d.line <= r.line + 3);
    if (here && (!r.handler || r.handler.split('.').pop() === here.name)) target = { file, def: here };
    // … or named by it (`views.ping`), resolved from the routing file's imports
    else if (r.handler && /^[\w.]+$/.test(r.handler)) {
      const parts = r.handler.split('.');
      const name = parts.pop()!;
      const call: Call = {
        ...(parts.length ? { root: parts[0]!, qualifier: parts[parts.length - 1]! } : {}),
        name,
        line: r.line,
        creates: false,
      };
      // `views.ping` where `from hc.api import views`: the module file the name is bound to
      const bound = parts.length ? file.bindings.get(parts[0]!) : undefined;
      const module = bound
        ? byModulePath(byPath, [`${bound}.${parts.slice(1).join('.') || parts[0]}`, bound])
        : undefined;
      const def = module?.defs.find((d) => d.name === name && !d.owner && d.kind !== 'type');
      if (module && def) target = { file: module, def };
      else {
        const holder = file.defs[0] ?? {
          name: '',
          kind: 'function' as const,
          line: 1,
          end: file.lines.length,
          indent: 0,
        };
        const found = resolveCall(call, { file, def: holder });
        if (found && 'def' in found && found.def.kind !== 'type') target = found;
      }
    }
    if (!target) continue;
    const k = key(target);
    const entry = out.get(k) ?? { target, routes: [] };
    // a declaration the handler answers several methods at counts once: which handler most routes lead
    // to does not hang on how many methods each declares
    if (!entry.routes.some((x) => x.file === r.file && x.line === r.line && x.path === r.path))
      entry.routes.push(r);
    out.set(k, entry);
  }
  return [...out.values()];
}

/** The product file a dotted module path names (`hc.api.views` → hc/api/views.py), if any. */
function byModulePath(byPath: Map<string, FileModel>, modules: string[]): FileModel | undefined {
  for (const module of modules) {
    const tail = '/' + module.replace(/^\.+/, '').replace(/\./g, '/');
    for (const [path, file] of byPath) {
      const bare = '/' + path.replace(/\.[^./]+$/, '').replace(/\/__init__$/, '');
      if (bare.endsWith(tail)) return file;
    }
  }
  return undefined;
}

/** Request middleware a web framework runs before every route (Next.js `middleware.ts`). */
function requestMiddleware(models: FileModel[]): Target | undefined {
  for (const file of models) {
    if (!/^(src\/)?middleware\.[jt]s$/.test(file.path)) continue;
    const def = file.defs.find((d) => d.name === 'middleware');
    if (def) return { file, def };
  }
  return undefined;
}

/** The list a route is declared in (`urlpatterns = [`), named by the assignment above it. */
function listName(file: FileModel, line: number): string | undefined {
  for (let i = Math.min(line, file.lines.length) - 1; i >= 0 && i >= line - 400; i--) {
    const m = /^(\w+)\s*(?::[^=]*)?=\s*[[(]/.exec(file.lines[i]!);
    if (m) return m[1];
  }
  return undefined;
}

export type { MainPathStep };

/** A loop's variable and what it runs over: `for x in xs():`, `for (const x of xs()) {`, `for _, x := range xs() {`. */
function loopHeader(line: string): { variable: string; over: string } | null {
  if (!line.includes('for')) return null;
  const py = /^\s*(?:async\s+)?for\s+(\w+)\s+in\s+(\S.*)$/.exec(line);
  if (py) return { variable: py[1]!, over: py[2]! };
  const js = /\bfor\s*\(\s*(?:const|let|var)\s+(\w+)\s+of\s+(\S.*)$/.exec(line);
  if (js) {
    const over = js[2]!.trimEnd().replace(/\{$/, '').trimEnd();
    return over.endsWith(')') ? { variable: js[1]!, over: over.slice(0, -1) } : null;
  }
  const go = /^\s*for\s+(?:\w+\s*,\s*)?(\w+)\s*:=\s*range\s+(\S.*)$/.exec(line);
  if (go) {
    const over = go[2]!.trimEnd();
    return over.endsWith('{') ? { variable: go[1]!, over: over.slice(0, -1).trimEnd() } : null;
  }
  return null;
}

/**
 * The name a value made with `new` is bound to in its maker (`const c = new Context(…)`), and the
 * calls after it, up to the maker's last line, that pass it first to code outside the maker's own
 * receiver (`handler(c, next)`, `composed(c)`; not `this.#notFound(c)`): what the rest of the path
 * is handed. Undefined when the value is not bound or never passed on so.
 */
export function handedOnAs(
  bare: string[],
  line: number,
  end: number,
  type: string,
  path: string,
): MainPathStep['handedAs'] | undefined {
  const bound = new RegExp(
    `\\b(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*=\\s*(?:await\\s+)?new\\s+${type.replace(/\$/g, '\\$')}\\b`,
  ).exec(bare[line - 1] ?? '');
  if (!bound) return undefined;
  const name = bound[1]!;
  const passed = new RegExp(
    `([A-Za-z_$#][\\w$.#]*(?:\\[[^\\]\\n]{0,40}\\])*)\\(\\s*${name.replace(/\$/g, '\\$')}\\s*[,)]`,
    'g',
  );
  const calls: { callee: string; line: number }[] = [];
  for (let i = line; i < Math.min(end, bare.length); i++)
    for (const m of bare[i]!.matchAll(passed)) {
      const callee = m[1]!;
      if (/^(?:this|self)\b|^(?:if|for|while|switch|return|catch)$/.test(callee)) continue;
      if (!calls.some((c) => c.callee === callee)) calls.push({ callee, line: i + 1 });
    }
  return calls.length ? { name, path, calls } : undefined;
}

/**
 * `with Client(` whose arguments run over lines, closed by `) as client:` further on: the
 * class and the name, as one line would give them.
 */
function withOverLines(lines: string[], at: number, end: number): [string, string, string] | null {
  const open = /\bwith\s+(?:[\w.]+\.)?([A-Z]\w*)\s*\(\s*$/.exec(lines[at] ?? '');
  if (!open) return null;
  for (let j = at + 1; j < Math.min(end, at + 40, lines.length); j++) {
    const close = /^\s*\)\s+as\s+(\w+)\s*:/.exec(lines[j]!);
    if (close) return [close[0], open[1]!, close[1]!];
    if (/:\s*$/.test(lines[j]!)) return null;
  }
  return null;
}
