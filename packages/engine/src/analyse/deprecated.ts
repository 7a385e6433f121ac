// Whether a declaration's authors mark it deprecated, in each language's own convention: a name kept
// for old callers is no way into the product and does not lead its public surface.

type Family = 'go' | 'js' | 'jvm' | 'python' | 'rust' | 'cs';

const FAMILY: [RegExp, Family][] = [
  [/\.go$/, 'go'],
  [/\.(?:[cm]?[jt]sx?|vue|svelte|php)$/, 'js'],
  [/\.(?:java|kts?|scala|groovy)$/, 'jvm'],
  [/\.pyi?$/, 'python'],
  [/\.rs$/, 'rust'],
  [/\.cs$/, 'cs'],
];

/** Any of the marks, case aside: a file without it has nothing to read declaration by declaration. */
export const DEPRECATION = /deprecat|Obsolete/i;

/** The marks of each family, in the comments and annotations right above a declaration. */
const MARK: Record<Family, RegExp> = {
  // a paragraph of the doc comment that starts `Deprecated:` (go.dev/wiki/Deprecated)
  go: /^[ \t]*\/\/[ \t]*Deprecated:/,
  // JSDoc's (and PHPDoc's) `@deprecated` tag
  js: /^[ \t]*(?:\/\*\*[ \t]*|\*[ \t]*)?@deprecated\b/,
  // the `@Deprecated` annotation or javadoc's `@deprecated` tag
  jvm: /^[ \t]*(?:@(?:java\.lang\.|kotlin\.)?Deprecated\b|(?:\/\*\*[ \t]*|\*[ \t]*)?@deprecated\b)/,
  // PEP 702's `@deprecated(…)` (typing_extensions, warnings) and the `deprecated` package's decorator
  python: /^[ \t]*@(?:[\w.]+\.)?deprecated\b/,
  // `#[deprecated]`, `#[deprecated(since = …, note = …)]`
  rust: /^[ \t]*#\[[ \t]*deprecated\b/,
  cs: /^[ \t]*\[[ \t]*(?:System\.)?Obsolete(?:Attribute)?\b/,
};

/** A comment line of each family, and a line that opens an annotation, decorator or attribute. */
const COMMENT: Record<Family, RegExp> = {
  go: /^\s*(?:\/\/|\/\*|\*)/,
  js: /^\s*(?:\/\/|\/\*|\*)/,
  jvm: /^\s*(?:\/\/|\/\*|\*)/,
  python: /^\s*#/,
  rust: /^\s*(?:\/\/|\/\*|\*)/,
  cs: /^\s*(?:\/\/|\/\*|\*)/,
};
const ANNOTATION: Record<Family, RegExp | null> = {
  go: null,
  js: /^\s*@/,
  jvm: /^\s*@/,
  python: /^\s*@/,
  rust: /^\s*#!?\[/,
  cs: /^\s*\[/,
};

// the mark on the declaration's own line: `/** @deprecated */ export function f()`, `@Deprecated fun f()`
const SAME_LINE =
  /\/\*\*.*@deprecated\b.*\*\/|^\s*@(?:java\.lang\.|kotlin\.)?Deprecated\b|^\s*#\[\s*deprecated\b|^\s*\[\s*(?:System\.)?Obsolete\b/;

/** The family of deprecation marks a file's path says it uses, or undefined for none we read. */
export function deprecationFamily(path: string): Family | undefined {
  return FAMILY.find(([re]) => re.test(path))?.[1];
}

/**
 * Whether the declaration at `line` (1-based) of a file is marked deprecated: Go's `// Deprecated:`
 * paragraph, JSDoc's `@deprecated`, Java's and Kotlin's `@Deprecated` or javadoc `@deprecated`, Python's
 * `@deprecated` decorator or a body that opens by warning `DeprecationWarning`, Rust's `#[deprecated]`.
 */
export function deprecatedAt(lines: string[], line: number, path: string): boolean {
  return deprecationNote(lines, line, path) !== undefined;
}

/**
 * The text of the mark on the declaration at `line`, or undefined when it has none: the `Deprecated:`
 * paragraph, the `@deprecated` tag up to the next, the attribute's arguments, the warning's call.
 */
export function deprecationNote(lines: string[], line: number, path: string): string | undefined {
  const family = deprecationFamily(path);
  if (!family) return undefined;
  const own = lines[line - 1] ?? '';
  if (family !== 'go' && SAME_LINE.test(own)) return own;
  const above = preamble(lines, line, family);
  const notes: string[] = [];
  above.forEach((l, i) => {
    if (!MARK[family].test(l)) return;
    // the mark's paragraph: up to an empty comment line, the next tag or the comment's end
    const para = [l];
    for (const next of above.slice(i + 1, i + 4)) {
      if (/^(?:\/\/|\*|#)?$|^\*\/|^(?:\/\*\*|\*)?[ \t]*@(?!link)\w/.test(next.trim())) break;
      para.push(next);
    }
    notes.push(para.join('\n'));
  });
  if (notes.length) return notes.join('\n');
  return family === 'python' ? warnsDeprecation(lines, line) : undefined;
}

/**
 * The name a deprecation note says to use instead: `Deprecated: Use Dialer instead.` → `Dialer`,
 * `Use [Dialer] instead.` → `Dialer`, `@deprecated Use {@link #parse}` → `parse`, `Use
 * websocket.Upgrader instead` → `Upgrader`, `note = "use \`run\`"` → `run`, `Deprecated since 2.0;
 * use start() instead` → `start`.
 */
export function replacementIn(note: string): string | undefined {
  // "use the NetConn method", "use it with care" name nothing themselves
  const m =
    /\buse\s+(?!(?:the|a|an|this|that|it|of|with|in)\b)(?:\{@link(?:plain)?\s+|[`'"[])?#?([A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*)/i.exec(
      note,
    );
  // a qualified name is the last of its parts: the package's (`websocket.Upgrader`), the receiver's
  // (`c.WriteJSON`), the class's (`Jsoup#parse`)
  return m?.[1]!.split(/\.|::|#/).pop();
}

/**
 * The lines right above a declaration that belong to it: its doc comment, decorators, annotations and
 * attributes, up to a blank line or code. A block comment (`/*` … `*\/`) and an annotation's arguments
 * over several lines (`@Deprecated(` … `since = "9")`) are read whole.
 */
function preamble(lines: string[], line: number, family: Family): string[] {
  const out: string[] = [];
  const annotation = ANNOTATION[family];
  for (let i = line - 2; i >= 0 && line - i < 80; i--) {
    const l = lines[i]!;
    if (!l.trim()) break;
    if (/\*\/\s*$/.test(l) && !/\/\*/.test(l)) {
      // a block comment's last line: the comment up to the line that opens it
      let j = i;
      while (j > 0 && !/\/\*/.test(lines[j]!)) j--;
      out.unshift(...lines.slice(j, i + 1));
      i = j;
    } else if (COMMENT[family].test(l) || annotation?.test(l)) out.unshift(l);
    else if (annotation && count(l, /[)\]]/g) > count(l, /[([]/g)) {
      // the last line of an annotation's arguments: kept when the line that opens them is an annotation
      let open = 0;
      let j = i;
      for (; j >= 0 && i - j < 20; j--) {
        open += count(lines[j]!, /[)\]]/g) - count(lines[j]!, /[([]/g);
        if (open <= 0) break;
      }
      if (j < 0 || open > 0 || !annotation.test(lines[j]!)) break;
      out.unshift(...lines.slice(j, i + 1));
      i = j;
    } else break;
  }
  return out;
}

const count = (s: string, re: RegExp) => s.match(re)?.length ?? 0;

/**
 * A Python function whose body opens, after its docstring, by warning its callers away:
 * `warnings.warn("use X instead", DeprecationWarning, stacklevel=2)`.
 */
function warnsDeprecation(lines: string[], line: number): string | undefined {
  if (!/^\s*(?:async\s+)?def\s/.test(lines[line - 1] ?? '')) return undefined;
  // the signature ends at the first line closing it with `:` (parameters may span lines)
  let i = line - 1;
  while (i < lines.length && i < line + 40 && !/\)\s*(?:->[^:]*)?:\s*(?:#.*)?$/.test(lines[i]!)) i++;
  i++;
  const next = () => {
    while (i < lines.length && (!lines[i]!.trim() || /^\s*#/.test(lines[i]!))) i++;
  };
  next();
  // a docstring, on one line or several
  const doc = /^\s*[rRbBuU]?("""|''')/.exec(lines[i] ?? '');
  if (doc) {
    const rest = lines[i]!.slice(lines[i]!.indexOf(doc[1]!) + 3);
    if (!rest.includes(doc[1]!)) while (++i < lines.length && !lines[i]!.includes(doc[1]!));
    i++;
    next();
  }
  if (!/^\s*(?:warnings\.)?warn\s*\(/.test(lines[i] ?? '')) return undefined;
  // the call's arguments, up to its closing bracket
  const call: string[] = [];
  let depth = 0;
  for (let j = i; j < lines.length && j < i + 12; j++) {
    call.push(lines[j]!);
    depth += count(lines[j]!, /\(/g) - count(lines[j]!, /\)/g);
    if (depth <= 0) break;
  }
  const text = call.join('\n');
  return /\b(?:Pending)?DeprecationWarning\b/.test(text) ? text : undefined;
}
