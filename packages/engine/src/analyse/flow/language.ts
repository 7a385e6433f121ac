/**
 * The language a product reads, where its main path lexes and parses an input of its own (a command
 * runner's justfile, a template engine's templates, a query tool's statements): the product enums its
 * parsing stages work with, each with the kinds it comes in. Those kinds are what users write, so they
 * say how the product is configured and extended better than any list of its functions.
 */
import type { FileModel } from './definitions.ts';

export interface LanguageConstruct {
  name: string;
  path: string;
  line: number;
  /** Its kinds (the enum's variants), in the order they are declared. */
  kinds: string[];
}

/** Fewest kinds for an enum to be a construct of the language rather than a small switch. */
const MIN_KINDS = 6;
/** The constructs told, at most. */
const MAX_CONSTRUCTS = 5;
/**
 * The stages of a language's reading: one that cuts text into tokens and one that parses them. Both
 * are needed, since a parse alone (a configuration file's, the command line's) reads no language.
 */
const LEXES = /lex|tokeni[sz]/i;
const PARSES = /pars/i;
/**
 * Enums of the reading itself rather than of the language: its errors, its tokens and keywords (the
 * words that open the constructs the other enums tell) and its states.
 */
const PLUMBING = /Error|Token|Keyword|State$/;
const ENUM_HEAD =
  /^\s*(?:(?:pub|export|public|private|protected|internal)(?:\([^)]*\))?\s+)*(?:const\s+)?enum\s+([A-Za-z_]\w*)/;
const KIND = /^\s*([A-Z]\w*)\s*(?:[,({=]|$)/;

/** An enum's variants: the names that open a line at its body's first indentation (attributes and comments passed over). */
export function enumKinds(lines: string[], line: number): string[] {
  if (!/\{\s*$/.test(lines[line - 1] ?? '')) return [];
  let indent = -1;
  const out: string[] = [];
  for (let i = line; i < lines.length; i++) {
    const text = lines[i]!;
    const trimmed = text.trim();
    if (!trimmed || /^(?:\/\/|#\[|\/\*|\*|@)/.test(trimmed)) continue;
    const at = /^\s*/.exec(text)![0].length;
    if (indent < 0) indent = at;
    if (at < indent) break;
    if (at !== indent) continue;
    const m = KIND.exec(text);
    if (m && !out.includes(m[1]!)) out.push(m[1]!);
  }
  return out;
}

/**
 * The enums of the language the stages in `stageFiles` read, when `stages` (`Owner.name`) lex and
 * parse text: enums of the product with `MIN_KINDS` kinds or more that a stage file outside their own names,
 * errors and tokens left out, and of those only enums a stage names a kind of (`Setting::Shell`).
 * The enum with kinds named after the others (an `Item` that is a `Setting` …) is the language's top
 * level and comes first; the rest follow, the largest first.
 */
export function inputLanguage(
  models: FileModel[],
  stages: string[],
  stageFiles: string[],
): LanguageConstruct[] {
  if (!stages.some((s) => LEXES.test(s)) || !stages.some((s) => PARSES.test(s))) return [];
  // the raw text: a Rust lifetime (`Expression<'src>`) reads as a quote to the literal-emptied lines
  const readers = models
    .filter((m) => stageFiles.includes(m.path))
    .map((m) => ({ path: m.path, text: m.lines.join('\n') }));
  if (!readers.length) return [];
  const found: (LanguageConstruct & { named: number })[] = [];
  for (const m of models) {
    m.lines.forEach((text, i) => {
      const name = ENUM_HEAD.exec(text)?.[1];
      if (!name || PLUMBING.test(name) || found.some((f) => f.name === name)) return;
      const kinds = enumKinds(m.lines, i + 1);
      if (kinds.length < MIN_KINDS) return;
      const word = new RegExp(`\\b${name}\\b`);
      const users = readers.filter((r) => r.path !== m.path && word.test(r.text));
      if (!users.length) return;
      const qualified = new RegExp(`\\b${name}(?:::|\\.)([A-Z]\\w*)`, 'g');
      const named = new Set(users.flatMap((r) => [...r.text.matchAll(qualified)].map((x) => x[1])));
      // an enum the stages only mention, never choosing one of its kinds, is not one they read
      if (named.size) found.push({ name, path: m.path, line: i + 1, kinds, named: named.size });
    });
  }
  const names = new Set(found.map((f) => f.name));
  const holds = (f: LanguageConstruct) => f.kinds.filter((k) => names.has(k)).length;
  return found
    .slice()
    .sort((x, y) => holds(y) - holds(x) || y.kinds.length - x.kinds.length || x.name.localeCompare(y.name))
    .slice(0, MAX_CONSTRUCTS)
    .map(({ name, path, line, kinds }) => ({ name, path, line, kinds }));
}
