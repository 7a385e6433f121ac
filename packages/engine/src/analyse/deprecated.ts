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
  const family = deprecationFamily(path);
  if (!family) return false;
  if (family !== 'go' && SAME_LINE.test(lines[line - 1] ?? '')) return true;
  if (preamble(lines, line, family).some((l) => MARK[family].test(l))) return true;
  return family === 'python' && warnsDeprecation(lines, line);
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
function warnsDeprecation(lines: string[], line: number): boolean {
  if (!/^\s*(?:async\s+)?def\s/.test(lines[line - 1] ?? '')) return false;
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
  if (!/^\s*(?:warnings\.)?warn\s*\(/.test(lines[i] ?? '')) return false;
  // the call's arguments, up to its closing bracket
  const call: string[] = [];
  let depth = 0;
  for (let j = i; j < lines.length && j < i + 12; j++) {
    call.push(lines[j]!);
    depth += count(lines[j]!, /\(/g) - count(lines[j]!, /\)/g);
    if (depth <= 0) break;
  }
  return /\b(?:Pending)?DeprecationWarning\b/.test(call.join('\n'));
}
