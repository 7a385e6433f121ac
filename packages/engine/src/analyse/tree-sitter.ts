// Symbols and imports from real syntax trees (tree-sitter WASM grammars from npm) for TypeScript,
// JavaScript, Python and Go. Loading can fail on an unusual platform; callers then keep the regex
// extractor, so tree-sitter is an upgrade, never a requirement.

import { createRequire } from 'node:module';
import Parser from 'web-tree-sitter';
import type { SymbolInfo, SymbolsResult } from './types.ts';

type Kind = SymbolInfo['kind'];
type SyntaxNode = Parser.SyntaxNode;

interface Grammar {
  wasm: string;
  patterns: string[];
}

const TS_PATTERNS = [
  '(function_declaration name: (identifier) @function)',
  '(generator_function_declaration name: (identifier) @function)',
  '(class_declaration name: (type_identifier) @class)',
  '(abstract_class_declaration name: (type_identifier) @class)',
  '(method_definition name: (property_identifier) @method)',
  '(interface_declaration name: (type_identifier) @interface)',
  '(type_alias_declaration name: (type_identifier) @type)',
  '(enum_declaration name: (identifier) @enum)',
  '(internal_module name: (identifier) @module)',
  '(lexical_declaration (variable_declarator name: (identifier) @const))',
  '(import_statement source: (string) @import)',
  '(export_statement source: (string) @import)',
  '(call_expression function: (identifier) @_fn arguments: (arguments . (string) @require))',
  '(call_expression function: (import) arguments: (arguments . (string) @import))',
];
const JS_PATTERNS = TS_PATTERNS.map((p) =>
  p.replace(
    '(class_declaration name: (type_identifier) @class)',
    '(class_declaration name: (identifier) @class)',
  ),
);

const GRAMMARS: Record<string, Grammar> = {
  typescript: { wasm: 'tree-sitter-typescript.wasm', patterns: TS_PATTERNS },
  tsx: { wasm: 'tree-sitter-tsx.wasm', patterns: TS_PATTERNS },
  javascript: { wasm: 'tree-sitter-javascript.wasm', patterns: JS_PATTERNS },
  python: {
    wasm: 'tree-sitter-python.wasm',
    patterns: [
      '(function_definition name: (identifier) @function)',
      '(class_definition name: (identifier) @class)',
      '(import_statement name: (dotted_name) @import)',
      '(import_statement name: (aliased_import name: (dotted_name) @import))',
      '(import_from_statement module_name: (_) @import)',
    ],
  },
  go: {
    wasm: 'tree-sitter-go.wasm',
    patterns: [
      '(function_declaration name: (identifier) @function)',
      '(method_declaration name: (field_identifier) @method)',
      '(type_spec name: (type_identifier) @type)',
      '(import_spec path: (interpreted_string_literal) @import)',
    ],
  },
};

interface Loaded {
  parser: Parser;
  query: Parser.Query;
}

export interface TreeSitterExtractor {
  /** Null when this language has no grammar loaded: use the regex extractor. */
  extract(path: string, text: string, language: string): SymbolsResult | null;
  languages: string[];
}

let loading: Promise<TreeSitterExtractor | null> | null = null;

/** Loads the grammars once per process; resolves to null when tree-sitter cannot run here. */
export function loadTreeSitter(): Promise<TreeSitterExtractor | null> {
  loading ??= init().catch(() => null);
  return loading;
}

async function init(): Promise<TreeSitterExtractor | null> {
  const require = createRequire(import.meta.url);
  await Parser.init();
  const loaded = new Map<string, Loaded>();
  for (const [id, g] of Object.entries(GRAMMARS)) {
    try {
      const lang = await Parser.Language.load(require.resolve(`tree-sitter-wasms/out/${g.wasm}`));
      // keep only the patterns this grammar version understands
      const ok = g.patterns.filter((p) => {
        try {
          lang.query(p).delete();
          return true;
        } catch {
          return false;
        }
      });
      const parser = new Parser();
      parser.setLanguage(lang);
      loaded.set(id, { parser, query: lang.query(ok.join('\n')) });
    } catch {
      /* this grammar is unavailable: its languages fall back to regex */
    }
  }
  if (loaded.size === 0) return null;
  const grammarFor = (path: string, language: string): Loaded | undefined => {
    if (language === 'TypeScript') return loaded.get(path.endsWith('.tsx') ? 'tsx' : 'typescript');
    if (language === 'JavaScript' || language === 'JSX') return loaded.get('javascript');
    if (language === 'Python') return loaded.get('python');
    if (language === 'Go') return loaded.get('go');
    return undefined;
  };
  return {
    languages: [...loaded.keys()],
    extract(path, text, language) {
      const g = grammarFor(path, language);
      if (!g) return null;
      const tree = g.parser.parse(text);
      try {
        return collect(path, language, g.query.captures(tree.rootNode), listedExports(text));
      } finally {
        tree.delete();
      }
    },
  };
}

function hasAncestor(node: SyntaxNode, type: string, stopAt?: string): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === type) return true;
    if (stopAt && p.type === stopAt) return false;
  }
  return false;
}

function unquote(s: string): string {
  return s.replace(/^["'`]|["'`]$/g, '');
}

/** The names a JavaScript module exports by a list of its own (`export { Toast, Button }`), not re-exports. */
export function listedExports(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^export\s*(?:type\s*)?\{([^}]*)\}(?!\s*from\b)/gm))
    for (const part of m[1]!.split(',')) {
      // exported under its own name only: `Tiny as TinyBase` is exported as another name
      const words = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+/);
      if (words[0] && (words.length === 1 || words[2] === words[0])) out.add(words[0]);
    }
  for (const m of text.matchAll(/^export\s+default\s+([A-Za-z_$][\w$]*)[ \t]*;?$/gm)) out.add(m[1]!);
  return out;
}

function collect(
  path: string,
  language: string,
  captures: Parser.QueryCapture[],
  listed: Set<string> = new Set(),
): SymbolsResult {
  const out: SymbolsResult = { symbols: [], imports: [] };
  const python = language === 'Python';
  const go = language === 'Go';
  for (let i = 0; i < captures.length; i++) {
    const { name, node } = captures[i]!;
    const line = node.startPosition.row + 1;
    if (name === '_fn') {
      const next = captures[i + 1];
      if (node.text === 'require' && next?.name === 'require')
        out.imports.push({
          from: path,
          specifier: unquote(next.node.text),
          line: next.node.startPosition.row + 1,
        });
      i++;
      continue;
    }
    if (name === 'require') continue;
    if (name === 'import') {
      out.imports.push({ from: path, specifier: unquote(node.text), line });
      continue;
    }
    const decl = node.parent!;
    let kind = name as Kind;
    let exported: boolean;
    if (python) {
      // a function defined inside another function is a local helper, no symbol of the module
      if (hasAncestor(decl, 'function_definition')) continue;
      // a class inside a class (Django's `Meta`, an admin's `Media`) configures its owner: no symbol of the module
      if (kind === 'class' && hasAncestor(decl, 'class_definition')) continue;
      if (kind === 'function' && hasAncestor(decl, 'class_definition', 'function_definition'))
        kind = 'method';
      exported = !node.text.startsWith('_');
    } else if (go) {
      if (kind === 'type') {
        const t = decl.childForFieldName('type')?.type;
        kind = t === 'struct_type' ? 'struct' : t === 'interface_type' ? 'interface' : 'type';
      }
      exported = /^[A-Z]/.test(node.text);
    } else {
      // a method of an object literal handed to a call (`createClient(url, key, { cookies: { get() {} } })`)
      // is a callback the call receives, not a name the module offers
      if (kind === 'method' && hasAncestor(decl, 'arguments', 'class_body')) continue;
      // exported where declared, or by a list or a default export of the module's own
      exported =
        hasAncestor(node, 'export_statement') ||
        (listed.has(node.text) && !hasAncestor(decl, 'statement_block'));
      if (kind === 'const') {
        // only module-level exported constants are API; locals are noise. A module-level constant
        // that holds a function (`const upsert = async (…) => {…}`) is a function, whatever exports it
        const lexical = decl.parent;
        const top = lexical?.parent?.type === 'program' || lexical?.parent?.type === 'export_statement';
        const value = decl.childForFieldName('value')?.type;
        const fn = value === 'arrow_function' || value === 'function_expression' || value === 'function';
        if (!top || (!exported && !fn)) continue;
        if (fn) kind = 'function';
      }
    }
    out.symbols.push({ path, name: node.text, kind, line, exported });
  }
  return out;
}
