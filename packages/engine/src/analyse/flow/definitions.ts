// Definitions, the calls inside them and the names a file imports, read line by line from code whose
// comments are already blanked. One small table of patterns per language family: enough to follow
// the calls between a project's central functions, not a parser (multi-line signatures are missed).

export interface Def {
  name: string;
  kind: 'function' | 'method' | 'type';
  /** The class, struct, impl or receiver a method belongs to. */
  owner?: string;
  /** What a type extends or implements, as written. */
  bases?: string[];
  line: number;
  /** Last line of the body (a function ends where the next definition starts). */
  end: number;
  indent: number;
  /**
   * A method an interface declares without a body (`Page<Owner> findByName(String name);`): the
   * framework behind the interface implements it, so a call of it is where the work leaves the code.
   */
  declared?: true;
  /** Its authors mark it deprecated (`// Deprecated: Use Dialer instead.`; analyse/deprecated.ts). */
  deprecated?: true;
  /** The name its deprecation note says to use instead (`Dialer`, of `Use Dialer instead.`). */
  replacement?: string;
}

/** One file as the flow passes read it: its definitions, imports, lines and words (index.ts fileModel). */
export interface FileModel {
  path: string;
  language: string;
  defs: Def[];
  bindings: Map<string, string>;
  lines: string[];
  /** The lines with string and regular-expression literals emptied, and joined. */
  bare: string[];
  bareText: string;
  code: string;
  words: Map<string, number>;
}

export interface Target {
  file: FileModel;
  def: Def;
}

export interface Call {
  /** The first and last segment of the qualifier (`self.walker.build` → self, walker). */
  root?: string;
  qualifier?: string;
  name: string;
  line: number;
  /** `new X(…)`, `X::new(…)`, `X{…}`-style construction. */
  creates: boolean;
  /** `fn.bind(…)`: the function runs when what the call returns is called, not here. */
  bound?: boolean;
}

type Family = 'js' | 'python' | 'go' | 'rust' | 'jvm' | 'ruby' | 'php' | 'c';

const FAMILY: Record<string, Family> = {
  JavaScript: 'js',
  TypeScript: 'js',
  JSX: 'js',
  Python: 'python',
  Go: 'go',
  Rust: 'rust',
  Java: 'jvm',
  Kotlin: 'jvm',
  'C#': 'jvm',
  Scala: 'jvm',
  Ruby: 'ruby',
  PHP: 'php',
  C: 'c',
  'C++': 'c',
  'C/C++ Header': 'c',
};

export const familyOf = (language: string | null): Family | undefined =>
  language ? FAMILY[language] : undefined;

const KEYWORDS = new Set(
  (
    'if else elif for foreach while do switch case catch try finally return function typeof instanceof ' +
    'sizeof match loop new delete throw throws await yield super this self Self cls import export from ' +
    'require and or not in is with assert lambda def class struct enum interface trait impl fn func go ' +
    'defer select where when using unless until begin end elsif rescue ensure let var const val static ' +
    'Some Ok Err None Box Vec String Option Result print println void int long char bool boolean double float'
  ).split(' '),
);

// The words a family's own grammar reserves before `(`: elsewhere a keyword of another language
// (`match`, `select`, `loop`) is an ordinary method name (`match(method, path) {`, `def match(self, …)`)
const RESERVED: Partial<Record<Family, Set<string>>> = {
  js: new Set(
    'if else for while do switch case catch try finally return function typeof instanceof throw await yield super this import export with new class'.split(
      ' ',
    ),
  ),
  // Rust's own keywords: `fn print`, `fn some` are ordinary names there; `new` stays out, since
  // `X::new(…)` is read as making an X
  rust: new Set(
    'as break const continue crate else enum extern fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait type unsafe use where while async await dyn new'.split(
      ' ',
    ),
  ),
  python: new Set(
    'if elif else for while try except finally with return def class lambda and or not in is assert yield await import from raise del pass global nonlocal async print'.split(
      ' ',
    ),
  ),
};

const indentOf = (line: string) => /^\s*/.exec(line)![0].replace(/\t/g, '    ').length;

interface Pattern {
  re: RegExp;
  kind: 'function' | 'type' | 'container';
  /** Capture group of the name (and of the bases or the impl's type where there is one). */
  name: number;
  bases?: number;
}

const JS: Pattern[] = [
  {
    re: /^\s*(?:export\s+(?:default\s+)?|module\.exports\s*=\s*|(?:const|let|var)\s+[\w$]+\s*=\s*)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)(?:<[^>]*>)?(?:\s+extends\s+([\w$.]+))?/,
    kind: 'type',
    name: 1,
    bases: 2,
  },
  {
    re: /^\s*(?:export\s+(?:default\s+)?)?(?:async\s+)?function(?:\s*\*)?\s*([A-Za-z_$][\w$]*)\s*[(<]/,
    kind: 'function',
    name: 1,
  },
  // a generic arrow function, or one whose parameters run over several lines: `compose = <E>(`
  {
    re: /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?<[^>]*>\s*\(/,
    kind: 'function',
    name: 1,
  },
  {
    // parameters over several lines, destructured or not: `const f = async ({` then `email,` …
    re: /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?\((?:\s*[{[])?\s*$/,
    kind: 'function',
    name: 1,
  },
  {
    re: /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)/,
    kind: 'function',
    name: 1,
  },
  {
    re: /^\s*(?:[\w$]+\.)+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?function\b/,
    kind: 'function',
    name: 1,
  },
  // an arrow function given to an export or a member: `module.exports.destination = (dest) => {`,
  // `exports.x = async ({`, `obj.x = async (req) => {` (a bare `module.exports = …` names nothing)
  {
    re: /^\s*(?!module\.exports\s*=)(?:[\w$]+\.)+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?(?:\((?:[^()]|\([^()]*\))*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>|\((?:\s*[{[])?\s*$)/,
    kind: 'function',
    name: 1,
  },
  { re: /^\s+([A-Za-z_$][\w$]*)\s*:\s*(?:async\s+)?function\b/, kind: 'function', name: 1 },
  {
    // type parameters may hold a function type and nested ones: `#retry<T extends (…) => Promise<any>>(`
    re: /^\s+(?:(?:static|async|get|set|public|private|protected|readonly|override)\s+)*(?:\*\s*)?(#?[A-Za-z_$][\w$]*)\s*(?:<(?:[^<>=]|=(?!>)|=>|<[^<>]*>)*>)?\((?:[^()]|\([^()]*\))*\)\s*(?::[^{=]+)?\{\s*$/,
    kind: 'function',
    name: 1,
  }, // a class field holding a function: `fetch = (request) => {`, or typed over several lines `fetch: (`
  {
    // typed or not, its body a block or an expression: `render: Renderer = (...args) => {`,
    // `getLayout = (): Layout | undefined => this.#layout`
    re: /^\s+(?:(?:static|public|private|protected|readonly)\s+)*(#?[A-Za-z_$][\w$]*)\s*(?:(?::\s*[\w$.<>[\], |]{1,200})?=\s*(?:async\s+)?(?:\([^()]*\)|[\w$]+)\s*(?::\s*[^=]{1,200}?)?=>|:\s*\($)/,
    kind: 'function',
    name: 1,
  },
];

const PYTHON: Pattern[] = [
  { re: /^\s*class\s+([A-Za-z_]\w*)\s*(?:\(([^)]*)\)\s*)?:/, kind: 'type', name: 1, bases: 2 },
  { re: /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*[([]/, kind: 'function', name: 1 },
];

const GO: Pattern[] = [
  { re: /^type\s+([A-Za-z_]\w*)(?:\[[^\]]*\])?\s+(?:struct|interface)\b/, kind: 'type', name: 1 },
  { re: /^\s+([A-Z]\w*)\s+(?:struct|interface)\s*\{/, kind: 'type', name: 1 },
  // the receiver's type is the owner (group 1), the name is group 2
  {
    re: /^func\s+(?:\(\s*(?:\w+\s+)?(?:\*\s*)?([A-Za-z_]\w*)(?:\[[^\]]*\])?\s*\)\s*)?([A-Za-z_]\w*)\s*[[(]/,
    kind: 'function',
    name: 2,
    bases: 1,
  },
];

const RUST: Pattern[] = [
  {
    re: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:struct|enum|trait|union)\s+([A-Za-z_]\w*)/,
    kind: 'type',
    name: 1,
  },
  // impl [Trait for] Type: a container whose functions are methods of Type (group 2), Trait in group 1
  {
    re: /^\s*(?:unsafe\s+)?impl(?:<[^{]*?>)?\s+(?:([\w:]+)(?:<[^{]*?>)?\s+for\s+)?&?(?:'\w+\s+)?([\w:]+)/,
    kind: 'container',
    name: 2,
    bases: 1,
  },
  {
    re: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:default\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+"[^"]*"\s+)?fn\s+([A-Za-z_]\w*)/,
    kind: 'function',
    name: 1,
  },
];

const MODIFIERS =
  '(?:(?:public|private|protected|internal|static|final|abstract|synchronized|native|override|virtual|async|default|sealed|open|suspend|inline|data|partial|readonly|extern|unsafe|new)\\s+)*';

const JVM: Pattern[] = [
  {
    re: new RegExp(
      `^\\s*(?:@\\w+(?:\\([^)]*\\))?\\s+)*${MODIFIERS}(?:class|interface|enum|record|object)\\s+([A-Za-z_]\\w*)`,
    ),
    kind: 'type',
    name: 1,
  },
  {
    re: new RegExp(`^\\s*${MODIFIERS}fun\\s+(?:<[^>]*>\\s*)?(?:[\\w.]+\\.)?([A-Za-z_]\\w*)\\s*\\(`),
    kind: 'function',
    name: 1,
  },
  {
    re: new RegExp(
      `^\\s+(?:@\\w+(?:\\([^)]*\\))?\\s+)*${MODIFIERS}(?:<[^>]+>\\s+)?[A-Za-z_][\\w.]*(?:<[^()]*>)?(?:\\[\\])*\\??\\s+([A-Za-z_]\\w*)\\s*\\((?:[^;=()]|(?<![=!<>])=(?![=>])|\\([^()]*\\))*(?:\\)[^;=]*)?$`,
    ),
    // a C# parameter's default value (`ServiceLifetime lifetime = ServiceLifetime.Transient`) is no
    // assignment: the head still defines a method
    kind: 'function',
    name: 1,
  },
];

/** A method head an interface declares and ends with `;`: `Page<Owner> findByLastName(String name);`. */
const JVM_DECLARED = new RegExp(
  `^\\s+(?:@\\w+(?:\\([^)]*\\))?\\s+)*(?:(?:public|abstract|default)\\s+)*(?:<[^>]+>\\s+)?[A-Za-z_][\\w.]*(?:<[^()]*>)?(?:\\[\\])*\\s+([A-Za-z_]\\w*)\\s*\\([^;=()]*\\)\\s*(?:throws\\s[\\w., ]*)?;\\s*$`,
);

const RUBY: Pattern[] = [
  { re: /^\s*(?:class|module)\s+([A-Z][\w:]*)(?:\s*<\s*([\w:]+))?/, kind: 'type', name: 1, bases: 2 },
  { re: /^\s*def\s+(?:self\.)?([A-Za-z_]\w*[?!=]?)/, kind: 'function', name: 1 },
];

const PHP: Pattern[] = [
  {
    re: /^\s*(?:abstract\s+|final\s+)?(?:class|interface|trait|enum)\s+([A-Za-z_]\w*)(?:\s+extends\s+([\w\\]+))?/,
    kind: 'type',
    name: 1,
    bases: 2,
  },
  {
    re: /^\s*(?:(?:public|private|protected|static|final|abstract)\s+)*function\s+&?([A-Za-z_]\w*)\s*\(/,
    kind: 'function',
    name: 1,
  },
];

const C: Pattern[] = [
  { re: /^(?:typedef\s+)?(?:struct|class|union)\s+([A-Za-z_]\w*)\s*(?:[:{]|$)/, kind: 'type', name: 1 },
  {
    re: /^(?:static\s+|inline\s+|extern\s+|const\s+|unsigned\s+|signed\s+|struct\s+|virtual\s+)*[A-Za-z_][\w:<>]*[\s*&]+([A-Za-z_][\w:~]*)\s*\([^;]*$/,
    kind: 'function',
    name: 1,
  },
];

const PATTERNS: Record<Family, Pattern[]> = {
  js: JS,
  python: PYTHON,
  go: GO,
  rust: RUST,
  jvm: JVM,
  ruby: RUBY,
  php: PHP,
  c: C,
};

/** What a class line extends or implements, in the languages that say it after the name. */
function basesOf(line: string, family: Family): string[] {
  const out: string[] = [];
  if (family === 'jvm' || family === 'php') {
    // each clause runs to the next keyword or brace: `extends A<B> implements C, D {`
    const ext = /\bextends\s+([\w.<>,][\w.<>, ]*)/.exec(line);
    if (ext) out.push(...ext[1]!.split(/\simplements\b/)[0]!.split(','));
    const imp = /\bimplements\s+([\w.<>,][\w.<>, ]*)/.exec(line);
    if (imp) out.push(...imp[1]!.split(','));
    const colon = /:([\w.<>(), ]*)(?:\{\s*)?$/.exec(line.replace(/\([^()]*\)/, ''));
    if (!out.length && colon?.[1]!.trim() && !/\bfun\b/.test(line)) out.push(...colon[1]!.split(','));
  }
  return out.map((b) => b.split(/[<(]/)[0]!.trim().split('.').pop()!).filter((b) => /^[A-Za-z_]\w*$/.test(b));
}

/** A class member that opens its parameter list at the end of the line and closes it with `) {` below. */
function multiLineMethod(lines: string[], i: number): boolean {
  const line = lines[i]!;
  const head =
    /^\s+(?:(?:static|async|public|private|protected|override|readonly)\s+)*#?[A-Za-z_$][\w$]*\s*(?:<(?:[^<>=]|=(?!>)|=>|<[^<>]*>)*>)?\(\s*$/.test(
      line,
    ) ||
    // type parameters over several lines: `route<` … `>(` … `): Hono<…> {`
    /^\s+(?:(?:static|async|public|private|protected|override|readonly)\s+)*#?[A-Za-z_$][\w$]*\s*<\s*$/.test(
      line,
    );
  // a class field holding an arrow function whose parameters run over several lines: `request = (` …
  // `): Response => {`
  // (typed, or generic: `json: JSONRespond = <` … `>(` … `): R => {`)
  const arrow =
    !head &&
    /^\s+(?:(?:static|public|private|protected|readonly)\s+)*#?[A-Za-z_$][\w$]*\s*(?::\s*[\w$.<>[\], |]{1,200})?=\s*(?:async\s+)?(?:<[^()]*>\s*)?[(<]\s*$/.test(
      line,
    );
  // a field whose function type runs over several lines: `set: Set<` … `> = (key, value) => {`
  if (
    /^\s+(?:(?:static|public|private|protected|readonly)\s+)*#?[A-Za-z_$][\w$]*\s*:\s*[\w$.]+<\s*$/.test(line)
  ) {
    const at = indentOf(line);
    for (let j = i + 1; j < Math.min(lines.length, i + 16); j++) {
      if (/^\s*>\s*=\s*(?:async\s+)?(?:\([^()]*\)|[\w$]+)\s*(?::[^=]{0,200}?)?=>/.test(lines[j]!))
        return true;
      if (indentOf(lines[j]!) <= at && !/^\s*(?:>|$)/.test(lines[j]!)) return false;
    }
    return false;
  }
  if (!head && !arrow) return false;
  // an arrow's parameters close before its return type or its arrow (`): Layout<` … `> => …`): a
  // parenthesised value takes no type
  const closes = arrow ? /^\s*\)\s*(?::|=>)/ : /^\s*\)\s*(?::[^{;]{0,200})?\{\s*$/;
  for (let j = i + 1; j < Math.min(lines.length, i + 16); j++) {
    if (closes.test(lines[j]!)) return true;
    if (/[;{}]\s*$/.test(lines[j]!)) return false;
  }
  return false;
}

/**
 * The lines (0-based) that start inside a JavaScript template literal opened on an earlier line.
 * Quotes end at their line; a template's `${…}` is read as part of its text.
 */
export function templateContinuations(lines: string[]): Set<number> {
  const out = new Set<number>();
  let template = false;
  for (let i = 0; i < lines.length; i++) {
    if (template) out.add(i);
    const line = lines[i]!;
    if (!template && !line.includes('`')) continue;
    let quote = '';
    for (let j = 0; j < line.length; j++) {
      const c = line[j]!;
      if (c === '\\') j++;
      else if (template) template = c !== '`';
      else if (quote) quote = c === quote ? '' : quote;
      else if (c === '`') template = true;
      else if (c === '"' || c === "'") quote = c;
    }
  }
  return out;
}

const readDefinitions = new WeakMap<
  object,
  Map<string, { code: string; language: string | null; defs: Def[] }>
>();

/**
 * A file's definitions (`definitions`) read once for every pass reading the same sources: the file's
 * centrality and the flow pass both read its comment-blanked code. The list is shared, not to be changed.
 */
export function definitionsOf(src: object, path: string, code: string, language: string | null): Def[] {
  let byPath = readDefinitions.get(src);
  if (!byPath) readDefinitions.set(src, (byPath = new Map()));
  const hit = byPath.get(path);
  if (hit && hit.code === code && hit.language === language) return hit.defs;
  const defs = definitions(code, language);
  byPath.set(path, { code, language, defs });
  return defs;
}

const GO_IMPORT = /^[ \t]*(?:import[ \t]+)?([\w.]+[ \t]+)?"([^"]+)"[ \t]*$/gm;
const GO_IMPORT_AT = new RegExp(GO_IMPORT.source, 'my');

/**
 * The matches of GO_IMPORT in a Go file, tried only at the start of a line holding a quote, which
 * an import line must: the same matches as searching the whole text at every position.
 */
export function* goImportLines(code: string): Generator<RegExpExecArray> {
  // `^` and `$` also take a carriage return or a Unicode line separator for a line's end
  if (/[\r\u2028\u2029]/.test(code)) {
    yield* code.matchAll(GO_IMPORT);
    return;
  }
  const next = (from: number) => {
    const eol = code.indexOf('\n', from);
    return eol < 0 ? code.length : eol + 1;
  };
  for (let at = 0; at < code.length;) {
    const quote = code.indexOf('"', at);
    if (quote < 0) return;
    GO_IMPORT_AT.lastIndex = code.lastIndexOf('\n', quote - 1) + 1;
    const m = GO_IMPORT_AT.exec(code);
    if (m) yield m;
    at = next(m ? m.index + m[0].length : quote);
  }
}

/** The definitions of one file, with the line where each function's body ends. */
export function definitions(code: string, language: string | null): Def[] {
  const family = familyOf(language);
  if (!family) return [];
  const patterns = PATTERNS[family];
  const lines = code.split('\n');
  const defs: Def[] = [];
  const containers: { name: string; indent: number; iface?: boolean }[] = [];
  // blocks that end the function before them: impl blocks and inline modules (Rust's `mod tests {`)
  const marks: { line: number; indent: number }[] = [];
  const inText = family === 'js' ? templateContinuations(lines) : undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    // a line inside a multi-line template literal is text, wherever it starts (an error message's
    // second line at column 0): it neither ends a class nor defines anything
    if (inText?.has(i)) continue;
    // any other line at or left of a class's indentation (not its closing bracket) ends the class
    const at = indentOf(line);
    // (a multi-line class head's `> {` or `implements …` line continues it, and so does the
    // `where` clause of a Rust impl whose bounds run over several lines)
    while (
      containers.length &&
      containers[containers.length - 1]!.indent >= at &&
      !/^\s*(?:[})\]>{]|extends\b|implements\b)/.test(line) &&
      !(family === 'rust' && /^\s*where\b/.test(line))
    )
      containers.pop();
    // a method whose parameters run over several lines: `#dispatch(` … `): Response {`
    if (family === 'js' && containers.length && multiLineMethod(lines, i)) {
      const m =
        /^\s+(?:(?:static|async|public|private|protected|override|readonly)\s+)*(#?[A-Za-z_$][\w$]*)/.exec(
          line,
        )!;
      if (!KEYWORDS.has(m[1]!)) {
        const owner = containers[containers.length - 1]!.name;
        defs.push({ name: m[1]!, kind: 'method', owner, line: i + 1, end: lines.length, indent: at });
        continue;
      }
    }
    // a method an interface only declares: its own one-line definition, with no body to follow
    const top = containers[containers.length - 1];
    const declared = family === 'jvm' && top?.iface ? JVM_DECLARED.exec(line) : null;
    if (declared && !KEYWORDS.has(declared[1]!)) {
      defs.push({
        name: declared[1]!,
        kind: 'method',
        owner: top!.name,
        line: i + 1,
        end: i + 1,
        indent: at,
        declared: true,
      });
      continue;
    }
    if (family === 'rust' && /^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{/.test(line)) {
      marks.push({ line: i + 1, indent: indentOf(line) });
      // a `#[cfg(test)]` module holds tests, not the product's functions: skip to its closing brace
      if (/#\[cfg\(test\)\]/.test(lines[i - 1] ?? '') || /^\s*mod\s+tests?\s*\{/.test(line)) {
        const indent = indentOf(line);
        for (i++; i < lines.length && !(indentOf(lines[i]!) <= indent && /^\s*\}/.test(lines[i]!)); i++);
        continue;
      }
    }
    // Ruby's `class << self` opens the enclosing class's singleton: its methods (Sinatra's `get`,
    // `call`, `new`) are that class's own, where much of a framework's DSL lives
    if (family === 'ruby' && containers.length && /^\s*class\s*<<\s*self\b/.test(line)) {
      containers.push({ name: containers[containers.length - 1]!.name, indent: at });
      marks.push({ line: i + 1, indent: at });
      continue;
    }
    for (const p of patterns) {
      const m = p.re.exec(line);
      if (!m || !m[p.name]) continue;
      const name = m[p.name]!.split('::').pop()!;
      if ((RESERVED[family] ?? KEYWORDS).has(name) && p.kind !== 'container') break;
      const indent = indentOf(line);
      while (containers.length && containers[containers.length - 1]!.indent >= indent) containers.pop();
      if (p.kind === 'container') {
        containers.push({ name, indent });
        marks.push({ line: i + 1, indent });
        const type = defs.find((d) => d.kind === 'type' && d.name === name);
        if (type && m[p.bases!]) type.bases = [...(type.bases ?? []), m[p.bases!]!.split('::').pop()!];
        break;
      }
      if (p.kind === 'type') {
        const bases =
          p.bases !== undefined && m[p.bases]
            ? m[p.bases]!.split(',')
                // `abc.ABC` is ABC, `t.Generic[V]` is Generic, `Base(metaclass=…)` is Base
                .map((b) =>
                  b
                    .trim()
                    .split(/[(\s[]/)[0]!
                    .split(/\.|::/)
                    .pop()!,
                )
                .filter((b) => /^[A-Za-z_]\w*$/.test(b) && !/^(object|Generic|Protocol)$/.test(b))
            : basesOf(line, family);
        defs.push({
          name,
          kind: 'type',
          line: i + 1,
          end: i + 1,
          indent,
          ...(bases.length ? { bases } : {}),
        });
        containers.push({
          name,
          indent,
          ...(family === 'jvm' && /\binterface\s/.test(line) ? { iface: true } : {}),
        });
        break;
      }
      const receiver = family === 'go' && p.bases !== undefined ? m[p.bases] : undefined;
      // `Logger.prototype.child = function (…)` is a method of Logger
      const proto =
        family === 'js' ? /^\s*([A-Za-z_$][\w$]*)\.prototype\.[\w$]+\s*=/.exec(line)?.[1] : undefined;
      const owner = receiver ?? proto ?? containers[containers.length - 1]?.name;
      defs.push({
        name,
        kind: owner ? 'method' : 'function',
        ...(owner ? { owner } : {}),
        line: i + 1,
        end: lines.length,
        indent,
      });
      break;
    }
  }
  // a function's body runs to the line before the next definition that is not nested in it
  const starts = [...defs, ...marks].sort((x, y) => x.line - y.line);
  let shape: JsLine[] | undefined;
  // where each JavaScript function reached before it was cut at its closing brace
  const reach = new Map<Def, number>();
  for (const d of defs) {
    if (d.kind === 'type' || d.declared) continue;
    const next = starts.find((n) => n.line > d.line && n.indent <= d.indent);
    d.end = next ? next.line - 1 : lines.length;
    // a Ruby method ends at its own `end`: the class body after it (`reset!`, `set :x, …` run when
    // the class loads) is no part of it; a one-line or endless method ends on its own line
    if (family === 'ruby') d.end = Math.min(d.end, rubyEnd(lines, d));
    // a JavaScript function ends where its statement does, at its own closing brace: what follows it
    // before the next definition (`module.exports.destination = (dest) => {…}` after `function pino`)
    // is not its body
    if (family === 'js') {
      reach.set(d, d.end);
      d.end = Math.min(d.end, jsEnd((shape ??= jsShape(lines)), d));
    }
  }
  // a function nested in another (a closure, a decorator's wrapper) is part of what the outer one does;
  // one inside a function the patterns miss (`html: HTMLRespond = (` … `const res = (html) =>`) stays
  // folded into the function before it, though the calls it makes are no longer that one's
  const outer = defs.filter((d) => d.kind !== 'type');
  const within = (o: Def, d: Def) => o.end >= d.end || (reach.get(o) ?? o.end) >= (reach.get(d) ?? d.end);
  return defs.filter(
    (d) => d.kind === 'type' || !outer.some((o) => o !== d && o.line < d.line && within(o, d)),
  );
}

/** One line of JavaScript as its brackets shape it. */
interface JsLine {
  /** The depth of the open brackets of every kind where the line starts, where it ends and its lowest. */
  start: number;
  end: number;
  low: number;
  /** Its first and last two characters of code (a string or a regular expression reads as `"`). */
  first: string;
  last: string;
  /** Whether it ends inside a template literal or a block comment. */
  open: boolean;
}

// a `/` after one of these (or at a line's start, or after `return`…) opens a regular expression; after
// a name, a `)` or a `}` it divides (`<Link href={x} />` closes an element)
const REGEX_AFTER = '(,=:[!&|?{;+-*%<>~^';
const REGEX_WORD = /\b(?:return|typeof|case|in|of|void|yield|await|else|do|delete|new)$/;

/**
 * The bracket depths of every line of a JavaScript file, strings, template literals (their `${…}` read
 * as code), regular expressions and comments skipped. A quote left open at a line's end is no string
 * (an apostrophe in JSX text: `<p>Don't have an account?</p>`).
 */
function jsShape(lines: string[]): JsLine[] {
  const out: JsLine[] = [];
  let depth = 0;
  let template = false;
  let comment = false;
  // the depth at which each template's open `${` sits: the `}` back to it resumes the template's text
  const holes: number[] = [];
  for (const line of lines) {
    const start = depth;
    let low = depth;
    let first = '';
    let last = '';
    const mark = (c: string) => {
      if (!first) first = c;
      last = (last + c).slice(-2);
    };
    for (let j = 0; j < line.length; j++) {
      const c = line[j]!;
      const two = line.slice(j, j + 2);
      if (comment) {
        if (two === '*/') {
          comment = false;
          j++;
        }
      } else if (template) {
        if (c === '\\') j++;
        else if (c === '`') {
          template = false;
          mark('"');
        } else if (two === '${') {
          holes.push(depth++);
          template = false;
          j++;
        }
      } else if (c === ' ' || c === '\t' || c === '\r') continue;
      else if (two === '//') break;
      else if (two === '/*') {
        comment = true;
        j++;
      } else if (c === '`') template = true;
      else if (
        c === '"' ||
        c === "'" ||
        (c === '/' &&
          (!last || REGEX_AFTER.includes(last.slice(-1)) || REGEX_WORD.test(line.slice(0, j).trimEnd())) &&
          !last.endsWith('<'))
      ) {
        let k = j + 1;
        for (let klass = false; k < line.length && (line[k] !== c || klass); k++) {
          if (line[k] === '\\') k++;
          else if (c === '/' && (line[k] === '[' || line[k] === ']')) klass = line[k] === '[';
        }
        if (k < line.length) j = k;
        mark(k < line.length ? '"' : c);
      } else {
        if ('([{'.includes(c)) depth++;
        else if (')]}'.includes(c)) {
          low = Math.min(low, --depth);
          if (c === '}' && holes.length && holes[holes.length - 1] === depth) {
            holes.pop();
            template = true;
            continue;
          }
        }
        mark(c);
      }
    }
    out.push({ start, end: depth, low, first, last, open: template || comment });
  }
  return out;
}

// a line ending in an operator, or followed by one starting with `.`, `?`, `{` or another operator,
// continues its statement: `const f = (x) =>` then `x + 1`, `): Promise<X>` then `{`
const GOES_ON = /(?:[=,+\-*/%&|?:.<>!^~([{]|=>)$/;
const CONTINUES = /^[.?:{&|+*=>]/;

/**
 * The last line of the JavaScript function defined on `d.line`: where its brackets close and its
 * statement ends, or the line before one that closes a bracket opened before it; `d.end` when that
 * comes no earlier. The blank and comment lines right after it stay with it, as when a function ran
 * to the next definition: a body's size is read with them (`createStore`'s two lines and a blank are
 * a step, not a helper too small to be one).
 */
function jsEnd(shape: JsLine[], d: Def): number {
  const base = shape[d.line - 1]!.start;
  let end = d.end;
  for (let i = d.line - 1; i < d.end; i++) {
    const l = shape[i]!;
    if (l.low < base) {
      end = Math.max(d.line, i);
      break;
    }
    if (!l.first || l.open || l.end > base || GOES_ON.test(l.last)) continue;
    const next = shape.slice(i + 1, i + 40).find((n) => n.first);
    if (next && CONTINUES.test(next.first)) continue;
    end = i + 1;
    break;
  }
  while (end < d.end && !shape[end]!.first && !shape[end]!.open) end++;
  return end;
}

/** The line of a Ruby method's `end`: the first line at its indentation that closes it. */
function rubyEnd(lines: string[], d: Def): number {
  const head = lines[d.line - 1]!;
  if (/\bend\s*$/.test(head) || /^\s*def\s+[^(=\s]+(?:\([^)]*\))?\s*=[^=~]/.test(head)) return d.line;
  for (let i = d.line; i < lines.length; i++) {
    const line = lines[i]!;
    // a method-wide `rescue` or `ensure` sits at the method's indentation and belongs to it
    if (!line.trim() || /^\s*(?:rescue|ensure|else)\b/.test(line)) continue;
    if (indentOf(line) <= d.indent) return /^\s*end\b/.test(line) ? i + 1 : i;
  }
  return lines.length;
}

const CALL =
  /(?:\bnew\s+)?(?<![\w$#]|[\w$](?:\?\.|\.|::|->))((?:[A-Za-z_$][\w$]*\s*(?:\?\.|\.|::|->)\s*)*)(#?[A-Za-z_$][\w$]*)\s*(?:::<[^>]*>\s*)?(?:(!)\s*)?\(/g;

/**
 * The calls made on lines [from, to] of the comment-blanked code, in order, without duplicates;
 * `self` is the name defined on the first line, which is not a call there.
 */
export function callsIn(
  lines: string[],
  from: number,
  to: number,
  self?: string,
  /** The file's language: Ruby's calls need no parentheses and its names may end in `!` or `?`. */
  language?: string | null,
): Call[] {
  const out: Call[] = [];
  const seen = new Set<string>();
  const ruby = language === 'Ruby';
  for (let i = from; i <= to && i <= lines.length; i++) {
    const raw = lines[i - 1]!;
    // outside Ruby a call has parentheses: a line without one makes none
    if (!ruby && !raw.includes('(')) continue;
    // string contents can hold anything that looks like a call
    const line = raw.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""');
    const matches = ruby ? rubyCalls(line) : line.matchAll(CALL);
    for (const m of matches) {
      if (m[3]) continue; // a macro
      // raising an error is not part of how the work is done
      if (/\b(raise|throw|panic)\b/.test(line.slice(0, m.index))) continue;
      const name = m[2]!;
      const segments = m[1]!
        .split(/\?\.|\.|::|->/)
        .map((segment) => segment.trim())
        .filter(Boolean);
      // a keyword of one language is a method name in another (`this.router.match(…)` in TypeScript)
      if (KEYWORDS.has(name) && name !== 'new' && !segments.length) continue;
      if (i === from && name === self && !m[1]) continue;
      // a method of an unnamed receiver (`"".join(…)`, `f().g(…)`, `xs[0].h(…)`) is nobody's free function
      if (!segments.length && /[^\s]\s*[.]\s*$/.test(line.slice(0, m.index))) segments.push('?');
      // `dup.call!(env)` runs the method on a copy of the object itself
      if (ruby && segments.length === 1 && /^(dup|clone)$/.test(segments[0]!)) segments[0] = 'self';
      let callee = name;
      let qualifier = segments[segments.length - 1];
      let creates = /^new\s/.test(m[0]);
      let bound = false;
      // `dispatchRequest.bind(this)`, `fn.call(ctx, x)`, `fn.apply(ctx, args)`: a JavaScript function's
      // own methods run that function, now or when what they return is called
      if (
        !ruby &&
        /^(bind|call|apply)$/.test(name) &&
        segments.length === 1 &&
        !/^(this|self|super|Function|Reflect|\?)$/.test(segments[0]!)
      ) {
        callee = segments.pop()!;
        qualifier = undefined;
        bound = name === 'bind';
      }
      // X::new(…) and X.new(…) construct an X
      if (name === 'new' && qualifier) {
        callee = qualifier;
        qualifier = segments[segments.length - 2];
        creates = true;
      }
      if (name === 'new' && !qualifier && !segments.length) continue;
      const key = `${segments.join('.')}.${callee}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        ...(segments[0] ? { root: segments[0] } : {}),
        ...(qualifier ? { qualifier } : {}),
        name: callee,
        line: i,
        creates,
        ...(bound ? { bound } : {}),
      });
    }
  }
  return out;
}

const WORD = /[A-Za-z_$][\w$]*/g;
// a call through a field of a value (`this.router.match(…)`, `mx.handler.ServeHTTP(…)`): a separator, a
// name, a separator
const CHAINED = /(?:\.|::|->)\s*#?[A-Za-z_$][\w$]*\s*(?:\.|::|->)/;

/** The words of names, each name's `#`, `!` and `?` aside: what a call of one of them must write. */
export function nameWords(names: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const name of names) for (const m of name.matchAll(WORD)) out.add(m[0]);
  return out;
}

/**
 * Whether lines [from, to] surely make no call named by one of `words` (see `nameWords`), read as
 * `callsIn` reads them: outside Ruby only lines with a parenthesis, and the name `self` defined on the
 * first line is no call there unless a receiver precedes it. With `chained`, a call through a field
 * (`this.router.match(…)`) also counts, whatever its name. A cheap test before resolving each call:
 * false says nothing, true that every call `callsIn` finds there is named by none of the words.
 */
export function callsNone(
  lines: string[],
  from: number,
  to: number,
  self: string,
  language: string | null,
  words: Set<string>,
  chained: boolean,
): boolean {
  const ruby = language === 'Ruby';
  for (let i = from; i <= to && i <= lines.length; i++) {
    const line = lines[i - 1]!;
    if (!ruby && !line.includes('(')) continue;
    if (chained && CHAINED.test(line)) return false;
    // the words WORD finds, read character by character
    for (let at = 0; at < line.length;) {
      if (!wordStart(line.charCodeAt(at))) {
        at++;
        continue;
      }
      let end = at + 1;
      while (end < line.length && (wordStart(line.charCodeAt(end)) || digit(line.charCodeAt(end)))) end++;
      const w = line.slice(at, end);
      if (words.has(w) && !(i === from && w === self && !/[.:>]\s*$/.test(line.slice(0, at)))) return false;
      at = end;
    }
  }
  return true;
}

/** `[A-Za-z_$]` */
const wordStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
const digit = (c: number) => c >= 48 && c <= 57;

// Ruby calls that CALL misses: a name ending in `!` or `?` (`route!`, `dispatch!(env)`, `static?`),
// which is always a method, and a name followed by a block (`invoke { … }`, `synchronize do`); a bare
// name is left alone, as it may be a local variable
const RUBY_CALL =
  /(?<![\w$#@:]|[\w$)\]](?:&\.|\.|::))((?:[A-Za-z_]\w*\s*(?:&\.|\.|::)\s*)*)([A-Za-z_]\w*(?:[!?](?![=~])|(?=\s*\{|\s+do\b)))/g;

/** A Ruby line's calls in CALL's shape: the receiver chain, then the name with its `!` or `?`. */
function rubyCalls(line: string): RegExpExecArray[] {
  // `do`, `if` and the like before a block are no calls
  const found = [...line.matchAll(RUBY_CALL)].filter((m) => !KEYWORDS.has(m[2]!) && !RUBY_WORDS.has(m[2]!));
  // `call!(env)` is Ruby's bang method, taken above with its `!`, not a macro
  for (const m of line.matchAll(CALL)) if (!m[3]) found.push(m);
  return found.sort((x, y) => x.index - y.index);
}

const RUBY_WORDS = new Set(['lambda', 'proc', 'loop', 'begin', 'then', 'else', 'elsif', 'ensure', 'rescue']);

// `<Pricing user={user} />`: a capitalised JSX element, not a type argument (`Promise<User>`, which
// follows a name) nor a generic parameter list (`<T,>(`, `<P extends …>`)
const JSX_ELEMENT = /(?<![\w$.\])][ \t]?)<([A-Z][\w$]*)(?=[\s/>]|$)(?!>\s*\()(?!\s+extends\b)/g;

/**
 * The components a JSX module renders on lines [from, to], as calls: rendering `<Pricing …/>` runs
 * `Pricing`, so a page leads to the components it renders and on to what they call.
 */
export function jsxElementsIn(lines: string[], from: number, to: number): Call[] {
  const out: Call[] = [];
  const seen = new Set<string>();
  for (let i = from; i <= to && i <= lines.length; i++) {
    const line = lines[i - 1]!;
    for (const m of line.matchAll(JSX_ELEMENT)) {
      const name = m[1]!;
      if (seen.has(name)) continue;
      seen.add(name);
      out.push({ name, line: i, creates: false });
    }
  }
  return out;
}

/**
 * Local names bound to imports in one file → the module they come from (`compose` → koa-compose,
 * `thread` → std::thread, `pflag` → github.com/spf13/pflag, `WalkBuilder` → ignore).
 */
export function importBindings(code: string, language: string | null): Map<string, string> {
  const family = familyOf(language);
  const out = new Map<string, string>();
  const bind = (names: string, from: string) => {
    for (const part of names.split(',')) {
      const m = /^\s*(?:type\s+)?([\w$]+)(?:\s+as\s+([\w$]+)|\s*:\s*([\w$]+))?\s*$/.exec(part);
      if (m) out.set(m[2] ?? m[3] ?? m[1]!, from);
    }
  };
  if (family === 'js') {
    for (const m of code.matchAll(
      /(?:const|let|var)\s+(?:([\w$]+)|\{([^}]*)\})\s*=\s*require\(\s*['"]([^'"]+)['"]\s*\)/g,
    ))
      if (m[1]) out.set(m[1], m[3]!);
      else bind(m[2]!, m[3]!);
    for (const m of code.matchAll(
      /import\s+(?:type\s+)?(?:([\w$]+)\s*(?:,\s*)?)?(?:\*\s+as\s+([\w$]+)\s*|\{([^}]*)\}\s*)?from\s*['"]([^'"]+)['"]/g,
    )) {
      if (m[1]) out.set(m[1], m[4]!);
      if (m[2]) out.set(m[2], m[4]!);
      if (m[3]) bind(m[3], m[4]!);
    }
  } else if (family === 'python') {
    for (const m of code.matchAll(/^[ \t]*import\s+([\w.]+)(?:\s+as\s+(\w+))?/gm))
      out.set(m[2] ?? m[1]!.split('.')[0]!, m[1]!);
    for (const m of code.matchAll(/^[ \t]*from\s+([\w.]+)\s+import\s+\(?([^)\n]+)\)?/gm)) bind(m[2]!, m[1]!);
  } else if (family === 'go') {
    for (const m of goImportLines(code)) {
      const alias = m[1]?.trim();
      const base = m[2]!
        .split('/')
        .pop()!
        .replace(/^go-|\.v\d+$|\.go$/, '');
      out.set(alias && alias !== '.' && alias !== '_' ? alias : base.replace(/-/g, '_'), m[2]!);
    }
  } else if (family === 'rust') {
    for (const m of code.matchAll(/^[ \t]*(?:pub\s+)?use\s+([^\s;][^;]*);/gm)) {
      const path = m[1]!.replace(/\s+/g, '');
      const brace = /^(.*?)::\{(.*)\}$/.exec(path);
      const items = brace ? brace[2]!.split(',').map((x) => `${brace[1]}::${x}`) : [path];
      for (const item of items) {
        const alias = /^(.*)as(\w+)$/.exec(item.replace(/\s/g, ''));
        const full = alias ? alias[1]! : item;
        const local = alias ? alias[2]! : full.split('::').pop()!;
        if (local && local !== 'self' && local !== '*') out.set(local, full);
        if (local === 'self') out.set(full.split('::').slice(-2, -1)[0]!, full.replace(/::self$/, ''));
      }
    }
  } else if (family === 'jvm') {
    for (const m of code.matchAll(/^[ \t]*import\s+(?:static\s+)?([\w.]+)[ \t]*(?:;[ \t]*)?$/gm))
      out.set(m[1]!.split('.').pop()!, m[1]!);
  } else if (family === 'php') {
    for (const m of code.matchAll(/^[ \t]*use\s+([\w\\]+)(?:\s+as\s+(\w+))?\s*;/gm))
      out.set(m[2] ?? m[1]!.split('\\').pop()!, m[1]!);
  }
  return out;
}
