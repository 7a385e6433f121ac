// CI matrices read as the runs they make: the combinations a GitHub Actions `strategy.matrix` or a
// CircleCI workflow's `matrix: parameters:` expands to, and the steps (or branches of a step's shell
// script) that no combination ever reaches, so that what CI is said to run is what it runs.

/** One run of a matrix: each key's value (`{ os: 'ubuntu-latest', 'python-version': '3.12' }`). */
export type Combination = Record<string, unknown>;

// past this many combinations the matrix is not expanded: its conditions are not read either
const MAX_COMBINATIONS = 256;

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** Whether `value` holds every key of `part` (`exclude: [{ os: windows }]` against a combination). */
function matches(value: unknown, part: unknown): boolean {
  if (isObject(part)) return isObject(value) && Object.entries(part).every(([k, v]) => matches(value[k], v));
  return String(value) === String(part);
}

/** Every combination of the keys' lists, in order; null when there are too many to expand. */
export function product(lists: [string, unknown[]][]): Combination[] | null {
  let out: Combination[] = [{}];
  for (const [key, values] of lists) {
    out = out.flatMap((c) => values.map((v) => ({ ...c, [key]: v })));
    if (out.length > MAX_COMBINATIONS) return null;
  }
  return out;
}

/**
 * The combinations a GitHub Actions matrix runs: the product of its lists, less the `exclude`d ones,
 * with each `include` entry added to the combinations whose listed values it keeps, or run as a
 * combination of its own when it fits none (`include: [{ os: ubuntu, python: '3.10' }]` beside
 * `python: ['3.14']` adds a run on 3.10). Null for a matrix given by an expression, one whose key
 * is (`os: ${{ fromJSON(…) }}`), or one too large to expand.
 */
export function githubCombinations(matrix: unknown): Combination[] | null {
  if (!isObject(matrix)) return null;
  const lists: [string, unknown[]][] = [];
  for (const [k, v] of Object.entries(matrix)) {
    if (k === 'include' || k === 'exclude') continue;
    if (!Array.isArray(v) || v.some((x) => typeof x === 'string' && x.includes('${{'))) return null;
    lists.push([k, v]);
  }
  const include = matrix.include ?? [];
  const exclude = matrix.exclude ?? [];
  if (!Array.isArray(include) || !Array.isArray(exclude)) return null;
  const base = lists.length ? product(lists) : [];
  if (!base) return null;
  const kept = base.filter((c) => !exclude.some((e) => isObject(e) && matches(c, e)));
  const listed = new Set(lists.map(([k]) => k));
  const added: Combination[] = [];
  for (const entry of include) {
    if (!isObject(entry)) return null;
    let fits = false;
    for (const c of kept)
      if (Object.entries(entry).every(([k, v]) => !listed.has(k) || matches(c[k], v))) {
        Object.assign(c, entry);
        fits = true;
      }
    if (!fits) added.push({ ...entry });
  }
  const all = [...kept, ...added];
  return all.length > MAX_COMBINATIONS ? null : all;
}

/** The values `key` takes over the combinations, in the order they first come. */
export function valuesOf(combinations: Combination[], key: string): unknown[] {
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const c of combinations)
    if (key in c && !seen.has(JSON.stringify(c[key]))) {
      seen.add(JSON.stringify(c[key]));
      out.push(c[key]);
    }
  return out;
}

// ---- GitHub Actions `if:` expressions, read three-valued: true, false, or not known here

const UNKNOWN = Symbol('unknown');
type Value = string | number | boolean | null | typeof UNKNOWN | Record<string, unknown> | unknown[];

const TOKEN =
  /\s*(?:('(?:[^']|'')*')|(-?\d+(?:\.\d+)?)\b|(==|!=|<=|>=|&&|\|\||[()!,<>])|([A-Za-z_][\w-]*(?:\.[\w-]+|\[[^\]]*\])*))/y;

function tokenize(expr: string): string[] | null {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  for (;;) {
    const at = TOKEN.lastIndex;
    if (!expr.slice(at).trim()) return out;
    const m = TOKEN.exec(expr);
    if (!m || m.index !== at) return null;
    out.push(m[0].trim());
  }
}

const truthy = (v: Value): boolean | typeof UNKNOWN =>
  v === UNKNOWN ? UNKNOWN : !(v === false || v === 0 || v === '' || v === null);

// GitHub compares strings without case, and other types as numbers
function equal(a: Value, b: Value): boolean | typeof UNKNOWN {
  if (a === UNKNOWN || b === UNKNOWN) return UNKNOWN;
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (typeof a === 'object' || typeof b === 'object') return a === b;
  return Number(a ?? 0) === Number(b ?? 0);
}

/**
 * The value of a step's `if:` for one combination (`matrix.db == 'mysql'`), or UNKNOWN when it
 * depends on anything but the matrix (`github.ref`, `success()`, a step's output).
 */
function evaluate(expr: string, matrix: Combination): Value {
  const tokens = tokenize(expr);
  if (!tokens) return UNKNOWN;
  let i = 0;
  const peek = () => tokens[i];
  const or = (): Value => {
    let left = and();
    while (peek() === '||') {
      i++;
      const right = and();
      const l = truthy(left);
      left = l === true ? left : l === false ? right : truthy(right) === true ? right : UNKNOWN;
    }
    return left;
  };
  const and = (): Value => {
    let left = cmp();
    while (peek() === '&&') {
      i++;
      const right = cmp();
      const l = truthy(left);
      left = l === false ? left : l === true ? right : truthy(right) === false ? right : UNKNOWN;
    }
    return left;
  };
  const cmp = (): Value => {
    const left = unary();
    const op = peek();
    if (op !== '==' && op !== '!=') {
      if (op && ['<', '>', '<=', '>='].includes(op)) {
        i++;
        unary();
        return UNKNOWN;
      }
      return left;
    }
    i++;
    const e = equal(left, unary());
    return e === UNKNOWN ? UNKNOWN : op === '==' ? e : !e;
  };
  const unary = (): Value => {
    if (peek() === '!') {
      i++;
      const t = truthy(unary());
      return t === UNKNOWN ? UNKNOWN : !t;
    }
    return primary();
  };
  const primary = (): Value => {
    const t = tokens[i++];
    if (t === undefined) throw new Error('end');
    if (t === '(') {
      const v = or();
      if (tokens[i++] !== ')') throw new Error('paren');
      return v;
    }
    if (t.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
    if (/^-?\d/.test(t)) return Number(t);
    if (t === 'true' || t === 'false') return t === 'true';
    if (t === 'null') return null;
    if (peek() === '(') {
      i++;
      const args: Value[] = [];
      while (peek() !== ')') {
        args.push(or());
        if (peek() === ',') i++;
        else if (peek() !== ')') throw new Error('args');
      }
      i++;
      return call(t, args);
    }
    const path = /^matrix\.([\w-]+(?:\.[\w-]+)*)$/.exec(t);
    if (!path) return UNKNOWN;
    let v: unknown = matrix;
    for (const k of path[1]!.split('.')) v = isObject(v) ? (v[k] ?? null) : null;
    return v as Value;
  };
  try {
    const v = or();
    return i === tokens.length ? v : UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}

function call(name: string, args: Value[]): Value {
  const fn = name.toLowerCase();
  if (!['startswith', 'endswith', 'contains'].includes(fn) || args.length !== 2) return UNKNOWN;
  const [a, b] = args;
  if (a === UNKNOWN || b === UNKNOWN || Array.isArray(a) || typeof a === 'object') return UNKNOWN;
  const s = String(a ?? '').toLowerCase();
  const t = String(b ?? '').toLowerCase();
  return fn === 'startswith' ? s.startsWith(t) : fn === 'endswith' ? s.endsWith(t) : s.includes(t);
}

/**
 * Whether a step's `if:` is false in every combination the job runs (`if: matrix.os == 'windows'`
 * in a job whose matrix has no Windows): the step never runs. A condition on anything else may hold.
 */
export function neverRuns(condition: unknown, combinations: Combination[] | null): boolean {
  if (condition === false) return true;
  if (typeof condition !== 'string' || !combinations?.length) return false;
  const s = condition.trim();
  const whole = /^\$\{\{([\s\S]*)\}\}$/.exec(s);
  const expr = whole ? whole[1]! : s;
  if (expr.includes('${{')) return false;
  return combinations.every((c) => truthy(evaluate(expr, c)) === false);
}

// ---- CircleCI: the parameters a workflow runs a job with, and the shell branches they never take

/**
 * The parameter sets each workflow runs `job` with: one per combination of a `matrix: parameters:`
 * (less its `exclude`), with the values the workflow gives and the job's defaults; null when no
 * workflow names the job (a 2.0 configuration's lone `build`) or a matrix is too large.
 */
export function circleCombinations(
  doc: Record<string, unknown>,
  job: string,
): { runs: { combinations: Combination[]; matrix: string[] }[]; all: Combination[] } | null {
  const body = (doc.jobs as Record<string, unknown> | undefined)?.[job];
  const params = isObject(body) && isObject(body.parameters) ? body.parameters : {};
  const defaults: Combination = {};
  for (const [k, p] of Object.entries(params)) if (isObject(p) && 'default' in p) defaults[k] = p.default;
  const runs: { combinations: Combination[]; matrix: string[] }[] = [];
  const workflows = isObject(doc.workflows) ? Object.values(doc.workflows) : [];
  for (const w of workflows) {
    if (!isObject(w) || !Array.isArray(w.jobs)) continue;
    for (const entry of w.jobs) {
      if (entry === job) runs.push({ combinations: [defaults], matrix: [] });
      if (!isObject(entry) || !isObject(entry[job])) continue;
      const { matrix, ...given } = entry[job];
      const direct = { ...defaults, ...given };
      const lists = isObject(matrix) && isObject(matrix.parameters) ? matrix.parameters : {};
      const axes = Object.entries(lists).filter((e): e is [string, unknown[]] => Array.isArray(e[1]));
      const all = product(axes);
      if (!all) return null;
      const exclude = isObject(matrix) && Array.isArray(matrix.exclude) ? matrix.exclude : [];
      runs.push({
        combinations: all
          .filter((c) => !exclude.some((e) => isObject(e) && matches(c, e)))
          .map((c) => ({ ...direct, ...c })),
        matrix: axes.map(([k]) => k),
      });
    }
  }
  return runs.length ? { runs, all: runs.flatMap((r) => r.combinations) } : null;
}

const SHELL_TEST = /^\[\[?\s+(\S+)\s+(==?|!=)\s+(\S+)\s+\]\]?$/;

/** A shell `if` condition made of literal tests (`[ 1.22 = "latest" ] && [ true = true ]`), or UNKNOWN. */
function shellCondition(cond: string): boolean | typeof UNKNOWN {
  const parts = cond.split(/(&&|\|\|)/);
  let value: boolean | undefined;
  for (let i = 0; i < parts.length; i += 2) {
    const test = SHELL_TEST.exec(parts[i]!.trim());
    if (!test) return UNKNOWN;
    const [a, b] = [test[1]!, test[3]!].map((x) => x.replace(/^(["'])(.*)\1$/, '$2'));
    if (/[$`<>(){}*?\\"']/.test(a! + b!)) return UNKNOWN;
    const t = test[2] === '!=' ? a !== b : a === b;
    value = i === 0 ? t : parts[i - 1] === '&&' ? value! && t : value! || t;
  }
  return value ?? UNKNOWN;
}

/**
 * The lines of a shell script that run with `params` put for `<< parameters.x >>`: a branch of an
 * `if [[ << parameters.version >> = "latest" ]]; then … fi` whose test is false is dropped; a
 * test on anything but literals may go either way.
 */
export function reachedLines(script: string, params: Combination): boolean[] {
  const lines = script.split('\n');
  type Frame = { live: boolean; parentLive: boolean; mustMatch: boolean };
  const stack: Frame[] = [];
  const live = () => !stack.length || stack[stack.length - 1]!.live;
  const put = (s: string) =>
    s.replace(/<<\s*parameters\.([\w-]+)\s*>>/g, (m, k: string) =>
      k in params && ['string', 'number', 'boolean'].includes(typeof params[k]) ? String(params[k]) : m,
    );
  return lines.map((line) => {
    const s = line.trim();
    const keyword = /^(?:el)?if\s/.exec(s)?.[0].trim();
    if (keyword && /(?:^|[\s;])then$/.test(s) && !/\bfi$/.test(s)) {
      const v = shellCondition(put(s.slice(keyword.length, -'then'.length).trim().replace(/;$/, '')));
      if (keyword === 'if') {
        const parentLive = live();
        stack.push({
          live: parentLive && v !== false,
          parentLive,
          mustMatch: v === true,
        });
        return parentLive;
      }
      const f = stack[stack.length - 1];
      if (!f) return live();
      f.live = f.parentLive && !f.mustMatch && v !== false;
      f.mustMatch ||= v === true;
      return f.parentLive;
    }
    if (s === 'else' && stack.length) {
      const f = stack[stack.length - 1]!;
      f.live = f.parentLive && !f.mustMatch;
      return f.parentLive;
    }
    if (/^fi\b/.test(s) && stack.length) return stack.pop()!.parentLive;
    return live();
  });
}

/** `script` without the lines no parameter set reaches; as written when every set reaches them all. */
export function reachedScript(script: string, sets: Combination[]): string {
  if (!script.includes('<<') || !sets.length) return script;
  const lines = script.split('\n');
  const reached = lines.map(() => false);
  for (const params of sets) reachedLines(script, params).forEach((r, i) => (reached[i] ||= r));
  return reached.every(Boolean) ? script : lines.filter((_, i) => reached[i]).join('\n');
}
