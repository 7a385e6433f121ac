// Types that hold values of their own type: a tree's nodes (chi's routing `node`, cobra's `Command`
// and its subcommands). Read from the type's own fields, and named as the code names the structure.

export interface ChildrenField {
  /** The field holding the children (`children`, `commands`). */
  field: string;
  line: number;
  /** The kind of tree the file's own comments name ("radix tree", "trie"), with where. */
  named?: { words: string; line: number };
}

const TREE_WORDS =
  /\b(?:(?:radix|patricia|prefix|binary|search|b\+?|red-black|avl|suffix)[ -](?:tree|trie)|trie)\b/i;

/**
 * The field of a Go struct `name` (declared at `line`) that holds several values of the struct's own
 * type: `[]*T`, `[N]T`, `map[K]*T`, or a local type that stands for one (`type nodes []*node`). A
 * single pointer (`parent *T`, `next *T`) is a link, not children.
 */
export function childrenField(text: string, name: string, line: number): ChildrenField | undefined {
  const lines = text.split('\n');
  const head = lines[line - 1] ?? '';
  if (!new RegExp(`^type\\s+${name}(?:\\[[^\\]\\n]*\\])?\\s+struct\\s*\\{\\s*$`).test(head)) return undefined;
  const many = (t: string) => new RegExp(`^(?:\\[[^\\]]*\\]|map\\[[^\\]]+\\])+\\*?${name}$`).test(t);
  // local types that stand for a collection of the struct
  const aliases = new Set<string>();
  for (const m of text.matchAll(/^type\s+(\w+)\s+(\S+)\s*$/gm)) if (many(m[2]!)) aliases.add(m[1]!);
  for (let i = line; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^\}/.test(l)) break;
    const f = /^[ \t]+([A-Za-z_]\w*)[ \t]+([^`/\n]+)/.exec(l);
    if (!f) continue;
    // `[ntCatchAll + 1]nodes` is one type: spaces inside its brackets are not a separator
    const type = f[2]!.replace(/\s+/g, '');
    const elem = /^(?:\[[^\]]*\]|map\[[^\]]+\])+\*?(\w+)$/.exec(type)?.[1];
    if (many(type) || aliases.has(type) || (elem && aliases.has(elem))) {
      const out: ChildrenField = { field: f[1]!, line: i + 1 };
      const named = treeWords(text, line);
      return named ? { ...out, named } : out;
    }
  }
  return undefined;
}

/**
 * The kind of tree named in the comment right above the type or in the file's opening comment
 * (before its first declaration), where the authors say what the structure is.
 */
function treeWords(text: string, line: number): ChildrenField['named'] {
  const lines = text.split('\n');
  const above: number[] = [];
  for (let i = line - 2; i >= 0 && /^\s*\/\//.test(lines[i]!); i--) above.push(i);
  const opening: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (/^(func|type|var|const)\b/.test(l)) break;
    if (l.startsWith('//')) opening.push(i);
  }
  for (const i of [...above, ...opening]) {
    const m = TREE_WORDS.exec(lines[i]!);
    if (m) return { words: m[0].toLowerCase(), line: i + 1 };
  }
  return undefined;
}

export interface NodeKinds {
  /** The struct's field that holds the kind (`typ`), and the kind's type (`nodeTyp`). */
  field: string;
  type: string;
  /** The constants of that type, each with the example its line comment gives (`/{user}`). */
  kinds: { name: string; note?: string }[];
  /** The lines of the constant block. */
  line: number;
  end: number;
}

/**
 * The kinds a Go struct's values come in: a field typed with a local integer type whose values the
 * file enumerates with `iota` (`typ nodeTyp` → `ntStatic`, `ntRegexp`, `ntParam`, `ntCatchAll`),
 * with each constant's trailing comment, where the authors give an example of that kind.
 */
export function nodeKinds(text: string, name: string, line: number): NodeKinds | undefined {
  const lines = text.split('\n');
  if (!new RegExp(`^type\\s+${name}\\s+struct\\s*\\{`).test(lines[line - 1] ?? '')) return undefined;
  const enums = new Set([...text.matchAll(/^type\s+(\w+)\s+u?int\d*\s*$/gm)].map((m) => m[1]!));
  for (let i = line; i < lines.length && !/^\}/.test(lines[i]!); i++) {
    const f = /^[ \t]+([a-z_]\w*)[ \t]+(\w+)[ \t]*(?:\/\/.*)?$/.exec(lines[i]!);
    if (!f || !enums.has(f[2]!)) continue;
    const first = lines.findIndex((l) => new RegExp(`^\\s+\\w+\\s+${f[2]}\\s*=\\s*iota\\b`).test(l));
    if (first < 0) continue;
    const kinds: NodeKinds['kinds'] = [];
    let j = first;
    for (; j < lines.length; j++) {
      const k = /^\s+([A-Za-z_]\w*)(?:\s+\w+\s*=\s*iota)?\s*(?:\/\/(.*))?$/.exec(lines[j]!);
      if (!k) break;
      const note = k[2]?.trim();
      kinds.push({ name: k[1]!, ...(note ? { note } : {}) });
    }
    if (kinds.length >= 2) return { field: f[1]!, type: f[2]!, kinds, line: first + 1, end: j };
  }
  return undefined;
}

/**
 * What a Go interface declares: its own methods and the interfaces it embeds (`http.Handler`,
 * `Routes`), read from its body.
 */
export function interfaceOf(
  text: string,
  name: string,
  line: number,
): { methods: string[]; embeds: string[] } | undefined {
  const lines = text.split('\n');
  if (!new RegExp(`^type\\s+${name}\\s+interface\\s*\\{\\s*$`).test(lines[line - 1] ?? '')) return undefined;
  const methods: string[] = [];
  const embeds: string[] = [];
  for (let i = line; i < lines.length && !/^\}/.test(lines[i]!); i++) {
    const m = /^\s+([A-Za-z_]\w*)\(/.exec(lines[i]!);
    if (m) methods.push(m[1]!);
    const e = /^\s+([A-Za-z_][\w.]*)\s*(?:\/\/.*)?$/.exec(lines[i]!);
    if (e) embeds.push(e[1]!);
  }
  return methods.length || embeds.length ? { methods, embeds } : undefined;
}
