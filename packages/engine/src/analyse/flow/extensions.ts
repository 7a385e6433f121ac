// Where users plug their own code into the product: a public method (or an exported function) that
// stores a function or object its caller hands it into a collection its receiver holds (`this.middleware
// .push(fn)`, `self.adapters[prefix] = adapter`, `mx.middlewares = append(mx.middlewares, …)`) is a
// registration point; where that collection is iterated, handed to a function or looked up is where
// the registered code runs; the declared type of what is stored is the contract it must meet.
// Read line by line like the rest of the flow pass: a point is named only when all three ends are
// found in the code (the store, the caller-supplied value, the use), never guessed from names alone.

import type { ClassParam, ExtensionPoint, HookFields, MainPathStep } from '../types.ts';
import { familyOf, type Def, type FileModel } from './definitions.ts';

const MAX_POINTS = 4;
/** How far below a definition's first line its parameter list may run. */
const HEAD_LINES = 8;

/** Calls on a collection that put something in it. */
const APPENDS = 'push|unshift|append|appendleft|extend|push_back|push_front|addLast|addFirst|add_last';
const PUTS = 'add|insert|set|put|register|setdefault';
/** Calls on a collection that go through it. */
const ITERATES =
  /^(forEach|map|flatMap|filter|reduce|some|every|items|values|keys|iter|iter_mut|into_iter|stream)$/;
/** Built-ins that copy, measure or print a collection rather than run what it holds. */
// (a condition's parentheses, `if (this.commands.length)`, open no call: the keywords are no callee)
const NOT_A_USE = new Set(
  'len copy append make list dict set tuple sorted reversed isinstance print repr str bool iter next Object Array JSON String Boolean assert delete if elif while for switch catch return typeof await yield with not and or when match unless until'.split(
    ' ',
  ),
);
/** Types of plain data: a name, a number, a flag is configuration, not code handed in. */
const PRIMITIVE =
  /^(str|int|float|bool|bytes|string|number|boolean|bigint|rune|byte|\[\]byte|&?'?\w*\s*str|String|u?int\d*|[iu](8|16|32|64|128|size)|f32|f64|char|long|short|double|Integer|Long|Boolean|Double|None|null|undefined|void|Path|PathLike|os\.PathLike|Duration|time\.Duration|RegExp|Date)$/;
/** Types that say nothing of what is stored. */
const OPAQUE = /^(any|Any|object|Object|unknown|interface\{\}|[A-Z])$/;
/** Parameter names that say the value is code or a component, where no type is declared. */
const CODE_NAME =
  /^(fn|func|f|cb|callback|handler|handlers|middleware|middlewares|hook|hooks|listener|plugin|plugins|adapter|transport|provider|strategy|extension|interceptor|visitor|factory|loader|driver|backend|processor|filter|command|cmd|cmds|commands|router|app|sub_?app|subcommand)$/i;
/** Collection names too common to link a use to its store by name across types. */
const GENERIC_FIELD = new Set([
  'data',
  'items',
  'list',
  'values',
  'keys',
  'args',
  'params',
  'cache',
  'map',
  'all',
  'len',
  'size',
]);
const SELF = new Set(['this', 'self', 'Self', 'cls']);
/** Calls on a collection that put something in or take it out: a store, not a use. */
const STORE_VERB = new RegExp(`^(${APPENDS}|${PUTS}|pop|remove|clear)$`);
/** Names of calls that run what they are handed. */
const RUNS = /dispatch|run|call|fire|trigger|emit|invoke|apply|exec|compose|chain|match|handle|serve/i;

export interface ExtensionInput {
  models: FileModel[];
  mainPath: MainPathStep[];
  /** The central types' names, most central first. */
  central: string[];
  /** The public API's names. */
  publicNames: Set<string>;
  /** The README's text, whose examples show which registration points users call. */
  readme: string;
  /** A file's text with its comments, for documented parameter types (JSDoc `@param {T} fn`). */
  raw: (path: string) => string | null;
}

interface Param {
  name: string;
  type?: string;
  /** Takes any number of values (`...handlers`, `*args`, Go's `...func`). */
  many?: boolean;
}

/** One store found in a definition's body. */
interface Store {
  field: string;
  line: number;
  how: ExtensionPoint['how'];
  key?: string;
  /** The parameter whose value (or something made from it) is stored. */
  value: string;
  /** For a call on the collection (`this.router.add(…)`), the call. */
  call?: string;
}

interface Method {
  file: FileModel;
  def: Def;
  receiver?: string;
  params: Param[];
  stores: Store[];
}

const escape = (s: string) => s.replace(/[$#]/g, (c) => `\\${c}`);
const word = (w: string) => new RegExp(`(?<![\\w$#.])${escape(w)}(?![\\w$])`);

/** The registration points of the product, most important first, at most four. */
export function extensionPoints(input: ExtensionInput): ExtensionPoint[] {
  const methods = input.models.flatMap((file) =>
    [...file.defs.filter((d) => d.kind !== 'type'), ...assignedMethods(file)].map((def) => method(file, def)),
  );
  const byOwner = new Map<string, Method[]>();
  for (const m of methods) {
    const k = `${m.file.path}\0${m.def.owner ?? ''}`;
    byOwner.set(k, [...(byOwner.get(k) ?? []), m]);
  }
  const points: (ExtensionPoint & { score: number })[] = [];
  for (const m of methods) {
    if (!isPublic(m)) continue;
    const siblings = byOwner.get(`${m.file.path}\0${m.def.owner ?? ''}`) ?? [];
    // its own store, else one made by a private helper of the same receiver it hands the value to
    const found = m.stores.length ? { stores: m.stores, by: m } : delegated(m, siblings);
    if (!found) continue;
    const point = describe(m, found.stores, found.by, input);
    if (point) points.push(point);
  }
  // public methods that register through another registration point (`Group.command` → add_command)
  for (const p of points) {
    const via = methods.filter(
      (m) =>
        isPublic(m) &&
        m.def !== undefined &&
        !points.some((q) => q.path === m.file.path && q.line === m.def.line) &&
        m.def.owner === p.owner &&
        m.file.path === p.path &&
        m.receiver !== undefined &&
        passesOn(m, p.name),
    );
    if (via.length)
      p.via = via.slice(0, 3).map((m) => ({
        name: m.def.name,
        ...(m.def.owner ? { owner: m.def.owner } : {}),
        path: m.file.path,
        line: m.def.line,
      }));
  }
  // a store another point hands the user's code to (`Hono.use` → `this.router.add`) is that point's
  // machinery: users register through the outer point, so the routers' own `add` is not one of theirs
  const inner = (p: ExtensionPoint) =>
    points.some((q) => q !== p && q.how === 'calls' && q.call === p.name && q.owner !== p.owner);
  // one point per collection: the best-placed method that fills it
  const seen = new Set<string>();
  return points
    .filter((p) => !inner(p))
    .sort((x, y) => y.score - x.score || x.path.localeCompare(y.path) || x.line - y.line)
    .filter((p) => {
      const k = `${p.path}\0${p.owner ?? ''}\0${p.store}`;
      if (seen.has(k) || p.score < 3) return false;
      seen.add(k);
      return true;
    })
    .slice(0, MAX_POINTS)
    .map(({ score: _, ...p }) => p);
}

/**
 * Methods a JavaScript constructor assigns to the instance (`this.use = (…handlers) => {`), which the
 * line reader folds into the constructor: each from its line to the brace that closes it.
 */
function assignedMethods(file: FileModel): Def[] {
  if (familyOf(file.language) !== 'js') return [];
  const out: Def[] = [];
  file.bare.forEach((line, i) => {
    const m = /^(\s*)this\.([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?(?:\(|[\w$]+\s*=>)/.exec(line);
    if (!m || !/=>/.test(file.bare.slice(i, i + HEAD_LINES).join(' '))) return;
    const indent = m[1]!.length;
    const owner = enclosing(file, i + 1)?.owner;
    if (!owner) return;
    let end = i + 1;
    while (
      end < file.bare.length &&
      !(/^\s*\}/.test(file.bare[end]!) && file.bare[end]!.search(/\S/) <= indent)
    )
      end++;
    out.push({ name: m[2]!, kind: 'method', owner, line: i + 1, end: end + 1, indent });
  });
  return out;
}

/** A definition's receiver, parameters and stores. */
function method(file: FileModel, def: Def): Method {
  // a function of no type has no receiver to store into: its parameters are read only when asked for
  if (!def.owner) {
    let own: Param[] | undefined;
    return {
      file,
      def,
      get params() {
        return (own ??= parametersOf(file, def).filter((p) => !SELF.has(p.name)));
      },
      stores: [],
    };
  }
  const params = parametersOf(file, def);
  const receiver = receiverOf(file, def, params);
  const own = params.filter((p) => p.name !== receiver && !SELF.has(p.name));
  const m: Method = { file, def, params: own, stores: [], ...(receiver ? { receiver } : {}) };
  if (receiver) m.stores = storesIn(m);
  return m;
}

function body(m: Method): string[] {
  return m.file.bare.slice(m.def.line - 1, m.def.end);
}

/** Public by the language's own convention: exported Go names, `pub` Rust, no `_`/`#` prefix, no `private`. */
function isPublic(m: Method): boolean {
  const { name } = m.def;
  const line = m.file.bare[m.def.line - 1] ?? '';
  switch (familyOf(m.file.language)) {
    case 'go':
      return /^[A-Z]/.test(name);
    case 'rust':
      return /^\s*pub\b(?!\()/.test(line);
    case 'jvm':
      return (
        /\bpublic\b/.test(line) || (/\bfun\b/.test(line) && !/\b(private|internal|protected)\b/.test(line))
      );
    case 'python':
      return !name.startsWith('_');
    default:
      return !/^[_#]/.test(name) && !/^\s*(?:static\s+)?(private|protected)\b/.test(line);
  }
}

/** Who the method stores into: `this`, `self`, a Go receiver (`mx` of `func (mx *Mux)`). */
function receiverOf(file: FileModel, def: Def, params: readonly Param[]): string | undefined {
  if (!def.owner) return undefined;
  switch (familyOf(file.language)) {
    case 'go':
      return /^func\s*\(\s*(\w+)/.exec(file.bare[def.line - 1] ?? '')?.[1];
    case 'python':
      return params[0]?.name === 'self' ? 'self' : undefined;
    case 'rust':
      return /\bself\b/.test(file.bare[def.line - 1] ?? '') ? 'self' : undefined;
    default:
      return 'this';
  }
}

/** The text of a definition's parameter list, from the `(` after its name to where it closes. */
function parameterText(file: FileModel, def: Def): string | undefined {
  const head = file.bare.slice(def.line - 1, Math.min(def.end, def.line + HEAD_LINES)).join(' ');
  // a Go method's receiver comes first: its parameters follow the name
  const open = openingParen(head, def.name);
  if (open < 0) return undefined;
  let depth = 0;
  for (let i = open; i < head.length; i++) {
    const ch = head[i]!;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch) && --depth === 0) return head.slice(open + 1, i);
  }
  return undefined;
}

const AFTER_NAME = /\s*(?:=\s*(?:async\s+)?)?(?:(?:<[^(]*>|\[[^(]*\])\s*)?\(/y;

/**
 * Where the parameter list of `name` opens in a definition's head: the name, then optionally `= async`
 * and type parameters (`<T>`, `[T any]`), then `(`; -1 when the head holds none.
 */
function openingParen(head: string, name: string): number {
  for (let at = head.indexOf(name); at >= 0; at = head.indexOf(name, at + 1)) {
    AFTER_NAME.lastIndex = at + name.length;
    const m = AFTER_NAME.exec(head);
    if (m) return AFTER_NAME.lastIndex - 1;
  }
  return -1;
}

/** Splits at the commas outside brackets (`a func(x, y) z, b string` → two parts). */
function topLevelSplit(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let part = '';
  let before = '';
  for (const ch of text) {
    if ('([{<'.includes(ch)) depth++;
    else if (')]}>'.includes(ch) && !(ch === '>' && before === '=')) depth--;
    before = ch;
    if (ch === ',' && depth === 0) {
      out.push(part.trim());
      part = '';
    } else part += ch;
  }
  if (part.trim()) out.push(part.trim());
  return out;
}

/** A definition's parameters with their declared types, as written. */
const paramsOf = new WeakMap<Def, Param[]>();

/** A definition's parameters as written, each read once per definition (several passes ask). */
export function parametersOf(file: FileModel, def: Def): readonly Param[] {
  let params = paramsOf.get(def);
  if (!params) paramsOf.set(def, (params = readParameters(file, def)));
  return params;
}

function readParameters(file: FileModel, def: Def): Param[] {
  const text = parameterText(file, def);
  if (text === undefined) return [];
  const family = familyOf(file.language);
  const params: Param[] = topLevelSplit(text).map((p) => {
    // the default value (`= None`) is not part of the parameter's type; Rust has none, and its `=`
    // binds an associated type (`impl IntoIterator<Item = Input>`)
    const eq = family === 'rust' ? -1 : p.search(/=(?!>)/);
    const plain = (eq < 0 ? p : p.slice(0, eq)).trim();
    const many = plain.startsWith('...') || /^\*(?!\*)/.test(plain) || /^\w+\s+\.\.\./.test(plain);
    return { ...param(plain), ...(many ? { many } : {}) };
  });
  function param(plain: string): Param {
    // Go: `name type`; Java and C#: `Type name`; elsewhere `name: type`
    if (family === 'go') {
      const space = plain.search(/\s/);
      if (space < 0) return { name: plain };
      return { name: plain.slice(0, space), type: plain.slice(space).trim() };
    }
    if (family === 'jvm' && !plain.includes(':')) {
      const words = plain.split(/\s+/).filter((w) => !w.startsWith('@') && w !== 'final');
      return words.length > 1 ? { name: words.pop()!, type: words.join(' ') } : { name: plain };
    }
    const colon = plain.indexOf(':');
    const name = (colon < 0 ? plain : plain.slice(0, colon))
      .replace(/^(?:\.\.\.|\*\*|\*)/, '')
      .replace(/^\s*&/, '')
      .replace(/^\s*mut\s/, '')
      .replace(/\?$/, '')
      .trim();
    const type = colon < 0 ? '' : plain.slice(colon + 1).trim();
    return { name, ...(type ? { type } : {}) };
  }
  // a bare `*` or `/` in a Python signature marks how the rest are passed; it names nothing
  const named = params.filter((p) => /^[A-Za-z_$][\w$]*$/.test(p.name));
  // Go's `a, b string`: a name without a type takes the next one's
  if (family === 'go')
    for (let i = named.length - 2; i >= 0; i--)
      if (!named[i]!.type && named[i + 1]!.type) named[i]!.type = named[i + 1]!.type;
  return named;
}

/**
 * The names that carry the parameters' values through a body, each with the parameters it carries:
 * the parameters, then loop variables over them (`for _, x := range cmds`, `handlers.forEach((handler)
 * =>`) and locals made from them (`const r = { handler }`), in the order the lines bind them.
 */
function carriers(m: Method): Map<string, string[]> {
  const out = new Map(m.params.map((p) => [p.name, [p.name]]));
  for (const line of body(m).slice(1)) {
    const from = [...out].filter(([w]) => word(w).test(line)).flatMap(([, ps]) => ps);
    if (!from.length) continue;
    const bound = [loopVariable(line), arrowParameter(line), assigned(line)];
    for (const b of bound) if (b && !SELF.has(b) && !out.has(b)) out.set(b, [...new Set(from)]);
  }
  return out;
}

/** `for _, x := range cmds`, `for k, v in d.items()`, `for (const x of xs)`, `for (Handler h : hs)`: the element's name. */
function loopVariable(line: string): string | undefined {
  const head = /\bfor\b([^;{]*)/.exec(line)?.[1];
  if (head === undefined) return undefined;
  const words = head.split(/[^\w$:]+/).filter(Boolean);
  const at = words.findIndex((w) => w === 'of' || w === 'in' || w === 'range' || w === ':');
  if (at > 0) return words[at - 1]!.replace(/:$/, '');
  const colon = words.findIndex((w) => w.endsWith(':'));
  return colon >= 0 ? words[colon]!.slice(0, -1) : undefined;
}

/** `(handler) =>`, `handler =>`, `(h: H) =>`: the first parameter of an arrow function on the line. */
function arrowParameter(line: string): string | undefined {
  const arrow = line.indexOf('=>');
  if (arrow < 0) return undefined;
  const before = line.slice(0, arrow).trimEnd();
  const list = before.endsWith(')')
    ? before.slice(before.lastIndexOf('(') + 1, -1)
    : before.split(/[^\w$]/).pop()!;
  const first = list.split(',')[0]!.split(':')[0]!.trim();
  return /^[A-Za-z_$][\w$]*$/.test(first) ? first : undefined;
}

/** `const r = …`, `x := …`, `name = …`: the local a line assigns, when it assigns one. */
function assigned(line: string): string | undefined {
  const eq = line.search(/:?=(?![=>])/);
  if (eq < 0) return undefined;
  const left = line
    .slice(0, eq)
    .trim()
    .replace(/^(?:const|let|var|val|final)\s/, '')
    .split(':')[0]!
    .trim();
  return /^[A-Za-z_$][\w$]*$/.test(left) ? left : undefined;
}

/** The parameter a stored expression carries: of those it names or was made from, the first that is not plain data. */
function carried(expr: string, names: Map<string, string[]>, params: Param[]): string | undefined {
  const carriedParams = [...names].filter(([w]) => word(w).test(expr)).flatMap(([, ps]) => ps);
  const candidates = params.filter((p) => carriedParams.includes(p.name));
  return (candidates.find((p) => !p.type || !PRIMITIVE.test(elementType(p.type))) ?? candidates[0])?.name;
}

/** Where a method stores a value its caller gave it into a collection of its receiver. */
function storesIn(m: Method): Store[] {
  const r = escape(m.receiver!);
  const names = carriers(m);
  const out: Store[] = [];
  const lines = body(m);
  lines.forEach((line, i) => {
    if (i === 0) return;
    const at = m.def.line + i;
    const push = new RegExp(
      `\\b${r}\\s*\\.\\s*([\\w$#]+)(\\[[^\\]]+\\])?\\s*\\.\\s*(${APPENDS}|${PUTS})\\s*\\((.*)$`,
    ).exec(line);
    const goAppend = new RegExp(`\\b${r}\\.(\\w+)\\s*=\\s*append\\(\\s*${r}\\.\\1\\s*,(.*)$`).exec(line);
    const keyed = new RegExp(`\\b${r}\\s*\\.\\s*([\\w$#]+)\\s*\\[([^\\]]+)\\]\\s*=(?!=)(.*)$`).exec(line);
    let store: Store | undefined;
    if (push) {
      const value = carried(push[4]!, names, m.params);
      const keyOf = push[2] ? push[2].slice(1, -1).trim() : undefined;
      // `self.funcs.setdefault(key, []).append(f)` adds to a list the collection holds
      const listed = push[3] === 'setdefault' && /\)\s*\.\s*(?:append|extend|add|push)\s*\(/.test(push[4]!);
      const appends = listed || new RegExp(`^(${APPENDS})$`).test(push[3]!);
      if (value && value !== keyOf && (!keyOf || [...names.keys()].some((n) => word(n).test(keyOf))))
        store = {
          field: push[1]!,
          line: at,
          value,
          how: keyOf ? 'keyed-list' : appends ? 'appends' : 'calls',
          ...(keyOf ? { key: keyOf } : {}),
          ...(appends || keyOf ? {} : { call: push[3]! }),
        };
    } else if (goAppend) {
      const value = carried(goAppend[2]!, names, m.params);
      if (value) store = { field: goAppend[1]!, line: at, value, how: 'appends' };
    } else if (keyed) {
      const value = carried(keyed[3]!, names, m.params);
      // under a key the caller chose (`prefix`, `name`), not a fixed one (`headers["Content-Length"]`)
      if (
        value &&
        keyed[3]!.trim() !== keyed[2]!.trim() &&
        [...names.keys()].some((n) => word(n).test(keyed[2]!))
      )
        store = { field: keyed[1]!, line: at, value, how: 'keyed', key: keyed[2]!.trim() };
    }
    if (store && !out.some((s) => s.field === store.field)) out.push(store);
  });
  return out;
}

/** Whether a method hands something its caller gave it to a method of its receiver (`self.add_command(cmd)`). */
function passesOn(m: Method, name: string): boolean {
  const call = new RegExp(`\\b${escape(m.receiver!)}\\s*\\.\\s*${escape(name)}\\s*\\(([^)]*)\\)`).exec(
    body(m).slice(1).join('\n'),
  );
  return !!call && [...carriers(m).keys()].some((n) => word(n).test(call[1]!));
}

/** A public method that hands its parameter to a private helper of the same receiver which stores it. */
function delegated(m: Method, siblings: Method[]): { stores: Store[]; by: Method } | undefined {
  if (!m.receiver) return undefined;
  const names = carriers(m);
  const text = body(m).slice(1).join('\n');
  for (const s of siblings) {
    if (s === m || isPublic(s) || !s.stores.length) continue;
    const call = new RegExp(`\\b${escape(m.receiver)}\\s*\\.\\s*${escape(s.def.name)}\\s*\\(([^)]*)\\)`).exec(
      text,
    );
    if (call && [...names.keys()].some((n) => word(n).test(call[1]!))) return { stores: s.stores, by: s };
  }
  return undefined;
}

/** The declared type of the stored value, when it says it is code or a component. */
function contractOf(
  m: Method,
  store: Store,
  input: ExtensionInput,
): ExtensionPoint['contract'] | 'data' | undefined {
  const param = m.params.find((p) => p.name === store.value);
  const declared = param?.type ?? jsdocType(m, store.value, input);
  const found = declared ? contractFor(declared, input.models) : undefined;
  if (found) return found;
  // an untyped value that the method checks is a function
  const text = body(m).join('\n');
  if (
    new RegExp(
      `typeof\\s+${escape(store.value)}\\s*!==?\\s*""|callable\\(\\s*${escape(store.value)}\\s*\\)`,
    ).test(text)
  )
    return { type: 'function' };
  return undefined;
}

/** `@param {(context: Context) => Promise<any>} fn` above a JavaScript definition. */
function jsdocType(m: Method, name: string, input: ExtensionInput): string | undefined {
  if (familyOf(m.file.language) !== 'js') return undefined;
  const raw = input.raw(m.file.path)?.split('\n');
  if (!raw) return undefined;
  const above = raw.slice(Math.max(0, m.def.line - 30), m.def.line - 1).join('\n');
  const doc = above.slice(above.lastIndexOf('/**'));
  if (!doc.includes('*/')) return undefined;
  const re = new RegExp(`@param\\s+\\{(.+)\\}\\s+\\[?${escape(name)}\\b`);
  return re.exec(doc)?.[1]?.trim();
}

/** The type of one stored element: `...func(h) h` → `func(h) h`, `MiddlewareHandler<any>[]` → `MiddlewareHandler<any>`. */
export function elementType(type: string): string {
  let t = type.trim().replace(/^\.\.\.|^\*(?=[A-Za-z])|^&\s*(mut\s+)?/, '');
  // Rust's `impl IntoIterator<Item = Input<'a>>`: the items it yields
  const items = /^impl\s+(?:IntoIterator|Iterator)\s*<\s*Item\s*=\s*(\S.*)>$/.exec(t);
  if (items) t = items[1]!.trim();
  t = t
    .replace(/^\[\]\*?|\[\]$/g, '')
    .replace(/^(?:Vec|List|list|Sequence|Iterable|Array)\s*[<[](.+)[>\]]$/, '$1');
  // a function type is one type, whatever its result's union says
  if (/=>|^func\s*\(|^\(/.test(t)) return t;
  // of a union, the member that is not plain data (`string | MiddlewareHandler`)
  const members = topLevelSplit(t.replace(/\|/g, ',')).filter((x) => x && !/^(None|null|undefined)$/.test(x));
  const one = (members.find((x) => !PRIMITIVE.test(x)) ?? members[0] ?? t).replace(/^\*/, '').trim();
  return one.replace(/^(?:Vec|List|list|Sequence|Iterable|Array)\s*[<[](.+)[>\]]$/, '$1');
}

/** Where the product declares a type, interface or type alias of that name, and whether it is plain data. */
function typeDeclaration(
  models: FileModel[],
  name: string,
): { path: string; line: number; data: boolean } | undefined {
  const n = escape(name);
  const res: Record<string, RegExp> = {
    js: new RegExp(
      `^\\s*(?:export\\s+)?(?:declare\\s+)?(?:abstract\\s+)?(?:type|interface|class|enum)\\s+${n}\\b`,
    ),
    go: new RegExp(`^type\\s+${n}\\b|^\\t${n}\\s+(?:func|interface|struct)\\b`),
    python: new RegExp(`^class\\s+${n}\\b|^${n}\\s*(?::\\s*[\\w.]+\\s*)?=`),
    rust: new RegExp(`^\\s*(?:pub(?:\\([^)]*\\))?\\s+)?(?:trait|type|struct|enum)\\s+${n}\\b`),
    jvm: new RegExp(`\\b(?:interface|class|record|enum)\\s+${n}\\b`),
  };
  for (const file of models) {
    const re = res[familyOf(file.language) ?? ''];
    if (!re) continue;
    const i = file.bare.findIndex((l) => re.test(l));
    if (i < 0) continue;
    const line = file.bare[i]!;
    // an enumeration, or a record with no behaviour of its own (cobra's `Group{ID, Title}`), is data;
    // an interface, trait, protocol or function type is a contract for code
    const record = /\b(class|struct|record)\b/.test(line) && !/\b(abstract|ABC|Protocol)\b/.test(line);
    const behaviour = models.some((m) => m.defs.some((d) => d.kind !== 'type' && d.owner === name));
    // a Go or Rust struct cannot be extended: users hand it code only through a field of function type
    // (cobra's `Run func(cmd *Command, args []string)`); without one, its values are data the product
    // defines (an input to print, a match to show), however many methods it has
    const sealed = /^(go|rust)$/.test(familyOf(file.language) ?? '') && /\bstruct\b/.test(line);
    const data =
      /\benum\b|\b(Int|Str|Flag)?Enum\b/.test(line) ||
      (record && !behaviour) ||
      (sealed && !functionField(file.bare, i));
    return { path: file.path, line: i + 1, data };
  }
  return undefined;
}

/** Whether the struct declared at a line holds a field of function type (`Run func(…)`, `Box<dyn Fn(…)>`). */
function functionField(lines: string[], at: number): boolean {
  if (!/\{\s*$/.test(lines[at] ?? '')) return false;
  const indent = /^\s*/.exec(lines[at]!)![0].length;
  for (let i = at + 1; i < Math.min(lines.length, at + 300); i++) {
    const l = lines[i]!;
    if (/^\s*\}/.test(l) && /^\s*/.exec(l)![0].length <= indent) return false;
    if (/\bfunc\s*\(|\bFn(?:Mut|Once)?\s*\(|\bfn\s*\(|\bdyn\s+\w/.test(l)) return true;
  }
  return false;
}

/** What a declared type says of the stored value: a contract for code, plain data, or nothing. */
function contractFor(declared: string, models: FileModel[]): ExtensionPoint['contract'] | 'data' | undefined {
  // a qualified name means what the bare one does: `typing.Any` says no more than `Any`
  const type = elementType(declared).replace(/^(?:typing|typing_extensions|t|builtins)\./, '');
  if (PRIMITIVE.test(type)) return 'data';
  if (OPAQUE.test(type)) return undefined;
  const name = /^([A-Za-z_][\w.]*)/.exec(type)?.[1]?.split('.').pop();
  const at = name && name !== 'func' ? typeDeclaration(models, name) : undefined;
  if (at?.data) return 'data';
  return { type, ...(at ? { path: at.path, line: at.line } : {}) };
}

/** The point, with where its collection is used and how important it is; none when nothing uses it. */
function describe(
  m: Method,
  stores: Store[],
  by: Method,
  input: ExtensionInput,
): (ExtensionPoint & { score: number }) | undefined {
  const candidates = stores
    .map((store) => ({
      store,
      contract: contractOf(by === m ? m : by, store, input),
      runs: useOf(store, by, input),
    }))
    .filter((c) => c.runs && c.contract !== 'data')
    .sort((x, y) => Number(y.runs!.onPath) - Number(x.runs!.onPath));
  const best = candidates[0];
  if (!best) return undefined;
  // the caller's own declared type speaks for what it hands over (`use(...handlers: MiddlewareHandler[])`)
  const own = by !== m ? ownContract(m, input) : undefined;
  if (own === 'data') return undefined;
  const contract = own ?? (best.contract as ExtensionPoint['contract'] | undefined);
  const param =
    by === m ? best.store.value : (m.params.find((p) => CODE_NAME.test(p.name))?.name ?? best.store.value);
  // a value of no declared type is taken as code only when its name or a check says so
  if (!contract && !CODE_NAME.test(param)) return undefined;
  const central = input.central.indexOf(m.def.owner ?? '');
  const named = new RegExp(`[.\\s]${escape(m.def.name)}\\s*\\(`).test(input.readme);
  const score =
    (central >= 0 && central < 3 ? 3 : central >= 0 ? 2 : input.publicNames.has(m.def.name) ? 1 : 0) +
    (named ? 3 : 0) +
    (best.runs!.onPath ? 3 : 0) +
    (contract ? 1 : 0);
  return {
    name: m.def.name,
    ...(m.def.owner ? { owner: m.def.owner } : {}),
    path: m.file.path,
    line: m.def.line,
    value: param,
    ...(m.params.find((p) => p.name === param)?.many ? { many: true } : {}),
    store: `${by.receiver}.${best.store.field}`,
    storeLine: best.store.line,
    storePath: by.file.path,
    how: best.store.how,
    ...(best.store.key ? { key: best.store.key } : {}),
    ...(best.store.call ? { call: best.store.call } : {}),
    ...(contract ? { contract } : {}),
    runs: best.runs!,
    ...withGuard(m),
    ...(best.store.key ? withClosedKeys(m, best.store.key, best.store.field, input) : {}),
    ...withDefaults(m, input),
    ...withPluggable(by, best.store.field, input),
    score,
  };
}

/** The contract a public method declares for the values it hands to a private helper. */
function ownContract(m: Method, input: ExtensionInput): ExtensionPoint['contract'] | 'data' | undefined {
  for (const p of m.params) {
    const declared = p.type ?? jsdocType(m, p.name, input);
    const found = declared ? contractFor(declared, input.models) : undefined;
    if (found && found !== 'data') return found;
  }
  return undefined;
}

/** The definition enclosing a line of a file (the innermost function). */
function enclosing(file: FileModel, line: number): Def | undefined {
  return file.defs
    .filter((d) => d.kind !== 'type' && d.line <= line && d.end >= line)
    .sort((x, y) => y.line - x.line)[0];
}

/** The function whose call's parentheses are open at a position of a line: `compose(this.middleware` → compose. */
function openCall(line: string, at: number): string | undefined {
  const stack: (string | undefined)[] = [];
  for (let i = 0; i < at && i < line.length; i++) {
    if (line[i] === ')') stack.pop();
    else if (line[i] === '(') stack.push(nameBefore(line, i));
  }
  return stack[stack.length - 1];
}

/** The identifier that ends just before a position (spaces allowed): `compose (` → compose. */
function nameBefore(line: string, at: number): string | undefined {
  let end = at;
  while (end > 0 && line[end - 1] === ' ') end--;
  let start = end;
  while (start > 0 && /[\w$]/.test(line[start - 1]!)) start--;
  const name = line.slice(start, end);
  return /^[A-Za-z_$]/.test(name) ? name : undefined;
}

/** What follows a collection's name once an index into it (`[event]`) and spaces are passed over. */
function pastIndex(after: string): string {
  const rest = after.trimStart();
  if (!rest.startsWith('[')) return rest;
  const close = rest.indexOf(']');
  return close < 0 ? '' : rest.slice(close + 1).trimStart();
}

/** Where the stored collection is used: on the main path first, then beside the store. */
function useOf(store: Store, by: Method, input: ExtensionInput): ExtensionPoint['runs'] | undefined {
  const f = escape(store.field);
  const access = new RegExp(`([\\w$]+)\\s*\\.\\s*${f}(?![\\w$])`);
  const uses: (ExtensionPoint['runs'] & { rank: number })[] = [];
  const pathBodies = pathTexts(input);
  for (const file of input.models) {
    // a common field name is matched only beside its store
    if (GENERIC_FIELD.has(store.field) && file !== by.file) continue;
    file.bare.forEach((line, i) => {
      const hit = access.exec(line);
      if (!hit) return;
      const def = enclosing(file, i + 1);
      if (!def || (file === by.file && def.line === by.def.line) || /^__\w+__$/.test(def.name)) return;
      const use = useOn(line, hit.index + hit[0].length, hit[1]!, f) ?? aliasUse(file, def, i, line, f);
      if (!use) return;
      const onPath = input.mainPath.some(
        (s) =>
          !s.external &&
          s.path === file.path &&
          (s.line === def.line || (s.name === def.name && s.owner === def.owner)),
      );
      // the main path's own use, else the product's machinery beside the store rather than another
      // public method that copies the collection
      const hidden =
        /^[_#a-z]/.test(def.name) && (familyOf(file.language) === 'go' || /^[_#]/.test(def.name));
      // a call named for running what it is given (`dispatch_hook`, `compose`) is where the code runs;
      // one that merges or copies the collection only moves it on
      const runs = use.callee && RUNS.test(use.callee.split('.').pop()!) ? 2 : 0;
      // what it builds is kept in a field the main path runs (`mx.handler = chain(mx.middlewares, …)`)
      const kept = /^\s*[\w$]+\s*\.\s*([\w$#]+)\s*=[^=]/.exec(line)?.[1];
      const feeds =
        kept && pathBodies.some((b) => new RegExp(`\\.${escape(kept)}(?![\\w$])`).test(b)) ? 3 : 0;
      const rank =
        (onPath ? 4 : 0) +
        feeds +
        runs +
        (file === by.file ? 2 : 0) +
        (hidden ? 1 : 0) +
        (def.owner === by.def.owner ? 1 : 0);
      uses.push({
        name: def.name,
        ...(def.owner ? { owner: def.owner } : {}),
        path: file.path,
        line: use.line ?? i + 1,
        how: use.how,
        ...(use.callee ? { callee: use.callee } : {}),
        onPath,
        rank,
      });
    });
  }
  const best = uses.sort((x, y) => y.rank - x.rank || x.path.localeCompare(y.path) || x.line - y.line)[0];
  if (!best) return undefined;
  const { rank: _, ...use } = best;
  return use;
}

/** The bodies of the main path's steps in the product. */
function pathTexts(input: ExtensionInput): string[] {
  return input.mainPath.flatMap((s) => {
    const file = !s.external ? input.models.find((m) => m.path === s.path) : undefined;
    const def = file?.defs.find((d) => d.line === s.line && d.kind !== 'type');
    return file && def ? [file.bare.slice(def.line - 1, def.end).join('\n')] : [];
  });
}

/** How one line uses the collection at `end` (just after `x.field`): iterates, passes it on, calls into it. */
function useOn(
  line: string,
  end: number,
  receiver: string,
  field: string,
): { how: ExtensionPoint['runs']['how']; callee?: string; line?: number } | undefined {
  const after = line.slice(end);
  const rest = pastIndex(after);
  const method = /^\.\s*([\w$]+)\s*\(/.exec(rest)?.[1];
  // a store is not a use
  if ((rest.startsWith('=') && !rest.startsWith('==')) || (method && STORE_VERB.test(method)))
    return undefined;
  // `for … in/of/range <…>.field`: the loop goes through the collection
  if (loopVariable(line) !== undefined && /\s(?:in|of|:)\s|\brange\s/.test(line.slice(0, end)))
    return { how: 'iterates' };
  if (method && ITERATES.test(method)) return { how: 'iterates' };
  if (method && !/^(copy|clone|slice|length|len|count|size|toString|pop|remove|clear)$/.test(method))
    return { how: 'calls', callee: `${receiver}.${field.replace(/\\/g, '')}.${method}` };
  if (after.trimStart().startsWith('[')) return { how: 'looks up' };
  const callee = openCall(line, end);
  if (callee && !NOT_A_USE.has(callee)) return { how: 'passes', callee };
  return undefined;
}

/** `hooks = request.hooks` and, further down the same function, `dispatch_hook(…, hooks, …)`. */
function aliasUse(
  file: FileModel,
  def: Def,
  i: number,
  line: string,
  field: string,
): { how: ExtensionPoint['runs']['how']; callee?: string; line?: number } | undefined {
  const alias = new RegExp(
    `^\\s*(?:const|let|var)?\\s*([\\w$]+)\\s*:?=\\s*[\\w$.]*\\.${field}\\s*;?\\s*$`,
  ).exec(line)?.[1];
  if (!alias) return undefined;
  const name = word(alias);
  for (let j = i + 1; j < def.end && j < file.bare.length; j++) {
    const l = file.bare[j]!;
    const hit = name.exec(l);
    if (!hit) continue;
    if (new RegExp(`\\bfor\\b.*\\b(?:in|of|range)\\s+${escape(alias)}\\b`).test(l))
      return { how: 'iterates', line: j + 1 };
    const callee = openCall(l, hit.index);
    if (callee && !NOT_A_USE.has(callee)) return { how: 'passes', callee, line: j + 1 };
  }
  return undefined;
}

/** The first refusal in a registration method's body: `if mx.handler != nil { panic("…") }`. */
function withGuard(m: Method): Pick<ExtensionPoint, 'guard'> {
  const lines = m.file.lines;
  for (let i = m.def.line; i < m.def.end && i < lines.length; i++) {
    const refusal = refusalIn(lines[i]!);
    if (!refusal) continue;
    // the condition on the same line or the one above: `if (typeof fn !== 'function')`, `if mx.handler != nil {`
    const cond = [lines[i]!, lines[i - 1] ?? ''].map(conditionOf).find((c) => c && c.length <= 60);
    // a rule about the receiver's state (middleware before routes) or the value's kind, not a missing argument
    const about =
      cond && (word(m.receiver ?? '').test(cond) || /\b(typeof|instanceof|isinstance|callable)\b/.test(cond));
    return about ? { guard: { ...refusal, when: cond, line: i + 1 } } : {};
  }
  return {};
}

/** `panic("…")`, `throw new TypeError('…')`, `raise ValueError("…")`: how a line refuses, with its message. */
function refusalIn(line: string): Omit<NonNullable<ExtensionPoint['guard']>, 'when' | 'line'> | undefined {
  const kw = /\b(panic|throw|raise)\b/.exec(line);
  if (!kw) return undefined;
  const rest = line
    .slice(kw.index + kw[0].length)
    .replace(/^\s*new\s/, '')
    .trimStart();
  const error = /^[A-Z]\w*/.exec(rest)?.[0];
  const open = rest.search(/["'`]/);
  if (open < 0) return undefined;
  const close = rest.indexOf(rest[open]!, open + 1);
  const message = close < 0 ? '' : rest.slice(open + 1, close);
  // an interpolated or formatted message does not say it as written
  if (!/^[^"'`{}%$]{3,90}$/.test(message) || /^[fr]$/.test(rest[open - 1] ?? '')) return undefined;
  const verb = kw[1] === 'panic' ? 'panics' : kw[1] === 'raise' ? 'raises' : 'throws';
  return { verb, ...(error ? { error } : {}), message };
}

/** The condition of an `if` on a line: `if (typeof fn !== 'function') throw …` → typeof fn !== 'function'. */
function conditionOf(line: string): string | undefined {
  const head = line
    .trim()
    .replace(/^\}\s*else\s/, '')
    .trimStart();
  if (!/^if\b/.test(head)) return undefined;
  const after = head.slice(2).trimStart();
  if (after.startsWith('(')) {
    let depth = 0;
    for (let i = 0; i < after.length; i++) {
      if (after[i] === '(') depth++;
      else if (after[i] === ')' && --depth === 0) return after.slice(1, i).trim();
    }
    return undefined;
  }
  // Go's `if x != nil {`, Python's `if x:` (up to the block's opening)
  const end = Math.max(after.lastIndexOf('{'), after.lastIndexOf(':'));
  return end > 0 ? after.slice(0, end).trim() : undefined;
}

/** The string literals of a list or set literal, or the keys of a dictionary literal. */
function literalKeys(text: string, dict: boolean): string[] {
  const re = dict ? /["']([\w.:/-]{1,40})["']\s*:/g : /["']([\w.:/-]{1,40})["']/g;
  return [...text.matchAll(re)].map((k) => k[1]!);
}

/**
 * A keyed registration that refuses keys its store was not made with (`if event not in self.hooks:
 * raise ValueError(…)`) takes only those keys. They are read where the store is made: a dictionary
 * literal (`self.hooks = {"response": []}`), or a function building one over a module's list
 * (`default_hooks()` → `{event: [] for event in HOOKS}`, `HOOKS = ["response"]`).
 */
function withClosedKeys(
  m: Method,
  key: string,
  field: string,
  input: ExtensionInput,
): Pick<ExtensionPoint, 'closedKeys'> {
  const refuse = new RegExp(
    `^\\s*if\\s+${escape(key)}\\s+not\\s+in\\s+(?:self|this)\\.${escape(field)}\\s*:`,
  );
  const lines = m.file.bare;
  let errorLine = 0;
  let error: string | undefined;
  for (let i = m.def.line; i < m.def.end && i < lines.length; i++) {
    if (!refuse.test(lines[i]!)) continue;
    const raise = /\braise\s+([A-Z]\w*)/.exec(lines[i + 1] ?? '');
    if (!raise) return {};
    error = raise[1];
    errorLine = i + 2;
    break;
  }
  if (!errorLine) return {};
  const made = new RegExp(`^\\s*(?:self|this)\\.${escape(field)}\\s*(?::[^=]+)?=\\s*(\\S.*)$`);
  for (const file of input.models)
    for (const [i, line] of file.bare.entries()) {
      const init = made.exec(line)?.[1]?.trim();
      if (!init) continue;
      // `{"response": []}`: the literal's own keys (a blanked string has lost them: read the raw line)
      if (init.startsWith('{')) {
        const keys = literalKeys(file.lines[i]!, true);
        if (keys.length)
          return {
            closedKeys: { keys, path: file.path, line: i + 1, ...(error ? { error } : {}), errorLine },
          };
        continue;
      }
      const fn = /^([A-Za-z_]\w*)\(\s*\)$/.exec(init)?.[1];
      const def = fn
        ? input.models.flatMap((f) =>
            f.defs.filter((d) => d.name === fn && !d.owner).map((d) => ({ f, d })),
          )[0]
        : undefined;
      if (!def) continue;
      const over = def.f.bare
        .slice(def.d.line, def.d.end)
        .map((l) => /\bfor\s+\w+\s+in\s+([A-Z][A-Z0-9_]*)\b/.exec(l)?.[1])
        .find(Boolean);
      if (!over) continue;
      const constant = new RegExp(`^${over}\\s*(?::[^=]+)?=\\s*[[({]`);
      const at = def.f.bare.findIndex((l) => constant.test(l));
      if (at < 0) continue;
      const keys = literalKeys(def.f.lines[at]!, false);
      if (keys.length)
        return {
          closedKeys: { keys, path: def.f.path, line: at + 1, ...(error ? { error } : {}), errorLine },
        };
    }
  return {};
}

/** What the product registers itself when its type is made: `self.mount("https://", HTTPAdapter())` in `__init__`. */
function withDefaults(m: Method, input: ExtensionInput): Pick<ExtensionPoint, 'defaults'> {
  if (!m.def.owner) return {};
  const file = m.file;
  const makers = file.defs.filter(
    (d) =>
      (d.owner === m.def.owner && /^(__init__|constructor|init|new|initialize)$/.test(d.name)) ||
      (!d.owner && d.name === `New${m.def.owner}`),
  );
  const call = new RegExp(`[\\w$]+\\s*\\.\\s*${escape(m.def.name)}\\s*\\(`);
  for (const d of makers) {
    const hits = file.lines
      .slice(d.line, d.end)
      .map((l, k) => ({ l, line: d.line + k + 1 }))
      .filter((x) => call.test(file.bare[x.line - 1] ?? ''));
    if (!hits.length) continue;
    const keys = hits.flatMap((h) => /\(\s*(["'])([^"']{1,40})\1/.exec(h.l)?.[2] ?? []);
    const types = [
      ...new Set(hits.flatMap((h) => /(?:new\s+|,\s*|\(\s*&?)([A-Z]\w*)\s*[({]/.exec(h.l)?.[1] ?? [])),
    ];
    if (
      !types.length ||
      !types.every((t) => input.models.some((x) => x.defs.some((y) => y.kind === 'type' && y.name === t)))
    )
      continue;
    return {
      defaults: {
        name: d.name,
        ...(d.owner ? { owner: d.owner } : {}),
        path: file.path,
        line: hits[0]!.line,
        keys,
        types,
      },
    };
  }
  return {};
}

/**
 * A collection declared as a product interface is pluggable: hono's `router: Router<…>`, set from
 * `options.router ?? new SmartRouter(…)`; said with the interface and the default implementation.
 */
function withPluggable(by: Method, field: string, input: ExtensionInput): Pick<ExtensionPoint, 'pluggable'> {
  const f = escape(field);
  const declared = new RegExp(
    `^\\s*(?:(?:readonly|public|private|protected|declare)\\s+)*${f}[!?]?\\s*:\\s*([A-Z]\\w*)|^\\s+${f}\\s+\\*?([A-Z]\\w*)\\s*$|^\\s*self\\.${f}\\s*:\\s*([A-Z]\\w*)`,
  );
  const type = by.file.bare
    .map((l) => declared.exec(l))
    .find(Boolean)
    ?.slice(1)
    .find(Boolean);
  if (!type) return {};
  const at = interfaceDeclaration(input.models, type);
  if (!at) return {};
  // the default: `x.router = options.router ?? new SmartRouter(…)`, over up to three lines
  const assign = new RegExp(
    `\\.${f}\\s*=\\s*[^;]{0,80}?(?:\\?\\?|\\|\\||\\bor\\b)\\s*(?:new\\s+)?([A-Z]\\w*)\\s*[({]`,
  );
  for (const file of input.models)
    for (let i = 0; i < file.bare.length; i++) {
      if (!new RegExp(`\\.${f}\\s*=`).test(file.bare[i]!)) continue;
      const m = assign.exec(file.bare.slice(i, i + 3).join(' '));
      if (m)
        return {
          pluggable: {
            type,
            path: at.path,
            line: at.line,
            default: { name: m[1]!, path: file.path, line: i + 1 },
          },
        };
    }
  return { pluggable: { type, path: at.path, line: at.line } };
}

/** Where the product declares an interface, trait, protocol or abstract base of that name. */
function interfaceDeclaration(models: FileModel[], name: string): { path: string; line: number } | undefined {
  const n = escape(name);
  const re = new RegExp(
    `^\\s*(?:export\\s+)?(?:pub\\s+)?(?:interface|trait)\\s+${n}\\b|^type\\s+${n}\\s+interface\\b|^class\\s+${n}\\b.*\\b(ABC|Protocol)\\b|\\binterface\\s+${n}\\b`,
  );
  for (const file of models) {
    const i = file.bare.findIndex((l) => re.test(l));
    if (i >= 0) return { path: file.path, line: i + 1 };
  }
  return undefined;
}

/**
 * A field declared with a function type, as its name and type: Go `Run func(cmd *Command, args
 * []string)`, TS `onError?: (err) => void`, Rust `pub f: Box<dyn Fn…>`, Python `f: Callable[…]`.
 */
const HOOK_FIELD: Partial<Record<string, (line: string) => { name: string; type: string } | undefined>> = {
  go: (line) => {
    const m = /^\s+([A-Z]\w*)\s+func\s*\(/.exec(line);
    return m ? { name: m[1]!, type: line.slice(line.indexOf('func')).trim() } : undefined;
  },
  js: (line) => {
    const field = line.trim().replace(/^(?:(?:public|readonly)\s)+/, '');
    const m = /^([a-zA-Z]\w*)[?!]?\s*:\s*\(/.exec(field);
    const type = field
      .slice(field.indexOf(':') + 1)
      .trim()
      .replace(/;$/, '');
    return m && type.includes('=>') ? { name: m[1]!, type } : undefined;
  },
  rust: (line) => {
    const m = /^\s*pub\s+(\w+)\s*:\s*(?:Box<dyn\s+Fn|fn\s*\()/.exec(line);
    return m
      ? {
          name: m[1]!,
          type: line
            .slice(line.indexOf(':') + 1)
            .trim()
            .replace(/,$/, ''),
        }
      : undefined;
  },
  python: (line) => {
    const m = /^\s+([a-z]\w*)\s*:\s*(?:t\.|typing\.)?Callable\[/.exec(line);
    if (!m) return undefined;
    const type = line.slice(line.indexOf(':') + 1);
    const eq = type.indexOf(' = ');
    return { name: m[1]!, type: (eq < 0 ? type : type.slice(0, eq)).trim() };
  },
};

/**
 * Public fields of a central type that hold the user's functions (cobra's `PersistentPreRun`, `Run`,
 * `PostRun`), with the function that calls them; at least two, and only when the product calls them.
 */
export function hookFields(input: ExtensionInput): HookFields | undefined {
  for (const owner of input.central.slice(0, 3)) {
    for (const file of input.models) {
      const re = HOOK_FIELD[familyOf(file.language) ?? ''];
      const type = file.defs.find((d) => d.kind === 'type' && d.name === owner);
      if (!re || !type) continue;
      // the type's body: up to its closing brace (or the next definition, for Python)
      const end =
        file.defs.find((d) => d.line > type.line && d.indent <= type.indent)?.line ?? file.bare.length;
      const fields: { name: string; type: string; line: number }[] = [];
      // a parameter of a method spread over lines is not a field
      const inMethod = (line: number) =>
        file.defs.some((d) => d.kind !== 'type' && d.line <= line && d.end >= line);
      for (let i = type.line; i < end - 1; i++) {
        const field = re(file.bare[i]!);
        if (field && !inMethod(i + 1) && !fields.some((f) => f.name === field.name))
          fields.push({ ...field, line: i + 1 });
        if (familyOf(file.language) === 'go' && /^\}/.test(file.bare[i]!)) break;
      }
      if (fields.length < 2) continue;
      const caller = hookCaller(
        fields.map((f) => f.name),
        input,
      );
      if (!caller) continue;
      return {
        owner,
        path: file.path,
        line: fields[0]!.line,
        endLine: fields[fields.length - 1]!.line,
        fields: fields.map((f) => f.name),
        type: fields[0]!.type,
        caller,
      };
    }
  }
  return undefined;
}

/** The function that calls the most of these fields (`c.PreRun(c, args)`), a step of the main path first. */
function hookCaller(fields: string[], input: ExtensionInput): HookFields['caller'] | undefined {
  const call = new RegExp(`[\\w$]\\s*\\.\\s*(${fields.map(escape).join('|')})\\s*\\(`, 'g');
  let best: (HookFields['caller'] & { calls: number }) | undefined;
  for (const file of input.models)
    for (const def of file.defs) {
      if (def.kind === 'type') continue;
      const text = file.bare.slice(def.line - 1, def.end).join('\n');
      const calls = new Set([...text.matchAll(call)].map((m) => m[1])).size;
      if (!calls) continue;
      const onPath = input.mainPath.some((s) => !s.external && s.path === file.path && s.line === def.line);
      const score = calls + (onPath ? 100 : 0);
      if (!best || score > best.calls + (best.onPath ? 100 : 0))
        best = {
          name: def.name,
          ...(def.owner ? { owner: def.owner } : {}),
          path: file.path,
          line: def.line,
          onPath,
          calls,
        };
    }
  if (!best) return undefined;
  const { calls: _, ...caller } = best;
  return caller;
}

// a parameter that names a class: Python's `type[X]`, TypeScript's `new (…) => X` or `typeof X`, or a
// name that says so (`cls`, `factory_class`, `EntityClass`)
const CLASS_TYPE = /(?:^|[^\w.])(?:t\.|typing\.)?[Tt]ype\[|^new\s*\(|^typeof\s+[A-Z]/;
const CLASS_NAME = /^(?:cls|klass|\w+_(?:cls|class)|\w+Class)$/;
// what a name CLASS_NAME takes or a type CLASS_TYPE takes must hold
const CLASS_HINT = /cls|klass|_class|Class|ype\[|new|typeof/;

/**
 * Public functions whose parameter names the class they build, with the class built when it is not
 * given (`if cls is None: cls = Command`, `cls = cls or Command`, `cls ?? Command`): users pass their
 * own subclass there. Each function once, in file and line order.
 */
export function classParams(input: ExtensionInput): ClassParam[] {
  const out: ClassParam[] = [];
  for (const file of input.models) {
    for (const def of file.defs) {
      if (def.kind === 'type' || !input.publicNames.has(def.name)) continue;
      if (out.some((c) => c.name === def.name && c.owner === def.owner)) continue;
      // a parameter of either kind is written with one of these in the definition's head
      if (
        !file.bare
          .slice(def.line - 1, Math.min(def.end, def.line + HEAD_LINES))
          .some((l) => CLASS_HINT.test(l))
      )
        continue;
      const params = parametersOf(file, def);
      // a method's own class comes first (`cls` of a classmethod): it is not an argument users pass
      const offered = def.owner ? params.slice(1) : params;
      const body = file.bare.slice(def.line - 1, def.end).join('\n');
      for (const p of offered) {
        if (!CLASS_TYPE.test(p.type ?? '') && !CLASS_NAME.test(p.name)) continue;
        const fallback = defaultClass(body, p.name);
        if (!fallback || !usesClass(body, p.name)) continue;
        out.push({
          name: def.name,
          ...(def.owner ? { owner: def.owner } : {}),
          param: p.name,
          default: fallback,
          path: file.path,
          line: def.line,
        });
        break;
      }
    }
  }
  return out;
}

/** The class a parameter falls back to: the last capitalised name assigned when it is unset. */
function defaultClass(body: string, param: string): string | undefined {
  const p = escape(param);
  const assigned =
    new RegExp(`if\\s+${p}\\s+is\\s+None\\s*:\\s*${p}\\s*=\\s*([^\\n]+)`).exec(body)?.[1] ??
    new RegExp(`(?<![\\w.])${p}\\s*=\\s*${p}\\s*(?:or|\\?\\?|\\|\\|)\\s*([^\\n;]+)`).exec(body)?.[1] ??
    new RegExp(`(?<![\\w.])${p}\\s*(?:\\?\\?=|\\|\\|=)\\s*([^\\n;]+)`).exec(body)?.[1] ??
    // a default in the signature: `cls: type[Command] = Command`, `cls = Command`
    new RegExp(`[(,]\\s*${p}\\s*(?::[^=,)]+)?=\\s*([A-Z][\\w.]*)\\s*[,)]`).exec(body)?.[1];
  if (!assigned) return undefined;
  const names = assigned.match(/(?<![\w.])[A-Z]\w*/g)?.filter((n) => n !== 'None');
  return names?.[names.length - 1];
}

/** Whether the body builds the class (`cls(…)`, `new cls(…)`) or hands it on (`command(cls=cls)`). */
function usesClass(body: string, param: string): boolean {
  const p = escape(param);
  return (
    new RegExp(`(?<![\\w.$])${p}\\s*\\(`).test(body) ||
    new RegExp(`\\w\\s*=\\s*${p}\\s*[,)]`).test(body) ||
    new RegExp(`\\(\\s*(?:[^()]*,\\s*)?${p}\\s*[,)]`).test(body)
  );
}
