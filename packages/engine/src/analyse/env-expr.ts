// Small scanners for the text around an environment read: the argument or fallback expression that
// follows it, and what that expression's literal value is.

const MAX_EXPR = 200;

/**
 * The expression starting at `from` up to the first top-level `,` `;` `)` `]` `}` or line end,
 * brackets and string literals skipped over; null when none, or longer than 200 characters.
 */
export function exprAt(text: string, from: number): string | null {
  return exprSpan(text, from)?.expr ?? null;
}

/**
 * The positions of `text` from `from` (before `limit`) that sit outside string literals and brackets,
 * an unmatched closing bracket included; the caller answers `next(n)` to step over n more characters.
 */
function* topLevel(text: string, from: number, limit: number): Generator<number, void, number | undefined> {
  let depth = 0;
  let quote = '';
  for (let i = from; i < limit; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
    else if (depth === 0) i += (yield i) ?? 0;
  }
}

function exprSpan(text: string, from: number): { expr: string; end: number } | null {
  const limit = Math.min(text.length, from + MAX_EXPR);
  let end = limit;
  for (const i of topLevel(text, from, limit))
    if (/[)\]},;\n]/.test(text[i]!)) {
      end = i;
      break;
    }
  if (end >= limit && limit < text.length) return null;
  const expr = text.slice(from, end).trim();
  return expr ? { expr, end } : null;
}

/** The arguments of a call whose `(` is just before `from`, split at top-level commas (at most 6). */
export function argsAt(text: string, from: number): string[] {
  const args: string[] = [];
  let i = from;
  while (args.length < 6) {
    i += /^\s*/.exec(text.slice(i, i + 50))![0].length;
    const span = exprSpan(text, i);
    if (!span) break;
    args.push(span.expr);
    const rest = /^\s*,/.exec(text.slice(span.end, span.end + 50));
    if (!rest) break;
    i = span.end + rest[0].length;
  }
  return args;
}

// a literal possibly wrapped as Rust writes it: "x".to_string(), String::from("x"), |_| "x".into()
const RUST_WRAPPED =
  /^(?:\|[^|]{0,20}\|\s*)?(?:String::from\(\s*)?("[^"\\\n]{0,200}")\s*\)?(?:\.(?:to_string|to_owned|into)\(\))?$/;

/** The value of a literal expression (string, number, boolean, null); undefined when it is code. */
export function literalOf(expr: string): string | undefined {
  const e = expr.trim();
  const quoted = /^(['"`])([^'"`\\\n]{0,200})\1$/.exec(e);
  if (quoted) return quoted[2];
  const rust = RUST_WRAPPED.exec(e);
  if (rust) return rust[1]!.slice(1, -1);
  if (/^-?\d[\d_.]*$/.test(e)) return e.replace(/_/g, '');
  if (/^(true|false|True|False|None|null|nil|undefined)$/.test(e)) return e;
  return undefined;
}

/** A function from a character index of `text` to its 1-based line number. */
export function lineFinder(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

// an operator that carries an expression on to the next line, at the end of one line or the start of the next
const CONTINUES_AFTER = /(\?\?|\|\||&&|\bor|\band|[+?:])$/;
const CONTINUES_BEFORE = /^[ \t]*(\?\?|\|\||&&|or\b|and\b|[+?]|:(?!:))/;

/**
 * The expression at `from` like `exprAt`, continued over line breaks where an operator ends one line
 * or starts the next (`process.env.A ??⏎ process.env.B ??⏎ ''`, a ternary split over lines).
 */
export function chainAt(text: string, from: number): string | null {
  const parts: string[] = [];
  let i = from;
  for (let n = 0; n < 8; n++) {
    const span = exprSpan(text, i);
    if (!span) break;
    parts.push(span.expr);
    if (text[span.end] !== '\n') break;
    const next = span.end + 1;
    if (!CONTINUES_AFTER.test(span.expr) && !CONTINUES_BEFORE.test(text.slice(next, next + 40))) break;
    i = next + /^\s*/.exec(text.slice(next, next + 200))![0].length;
  }
  return parts.length ? parts.join(' ') : null;
}

/**
 * The operands an expression falls back through, in order: split at top-level `??`, `||`, `or` and
 * a ternary's `?`/`:`, so `A ?? B ?? ''` gives [A, B, ''] and `c ? A : 'x'` gives [c, A, 'x'].
 */
export function fallbackOperands(expr: string): string[] {
  const out: string[] = [];
  let last = 0;
  const cut = (at: number, skip: number) => {
    out.push(expr.slice(last, at).trim());
    last = at + skip;
  };
  const walk = topLevel(expr, 0, expr.length);
  for (let r = walk.next(); !r.done;) {
    const i = r.value;
    const c = expr[i]!;
    let skip = 0;
    if (expr.startsWith('??', i) || expr.startsWith('||', i)) {
      cut(i, 2);
      skip = 1;
    } else if (/^\sor\s/.test(expr.slice(i, i + 4))) cut(i, 3);
    // a ternary's `?` and `:`, not optional chaining (`?.`) or a type annotation's `::`
    else if (c === '?' && expr[i + 1] !== '.') cut(i, 1);
    else if (c === ':' && expr[i + 1] !== ':' && expr[i - 1] !== ':') cut(i, 1);
    r = walk.next(skip);
  }
  out.push(expr.slice(last).trim());
  return out.filter(Boolean);
}
