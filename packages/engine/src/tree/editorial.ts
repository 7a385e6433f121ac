// Editorial rules over the finished document: no sentence of prose printed twice, no scaffolding.
// The chapters are written one by one, so two of them can reach the same sentence (an overview
// line and the section that details it); this pass keeps its first printing and drops the others,
// and `editorialFindings` measures what is left, for the tests.

import { inlineText } from './markdown.ts';
import type { Block, DocTree, Inline } from './types.ts';

/** Sentences shorter than this (in words) are labels or fragments, not statements worth comparing. */
const MIN_WORDS = 5;

/** Phrases that announce text instead of saying something. */
export const SCAFFOLDING = [
  /\bthe (?:\w+ )?sections? below\b/i,
  /\brest on these findings\b/i,
  /\bthis (?:chapter|section) (?:describes|covers|presents|discusses)\b/i,
  /\bin this (?:chapter|section),? we\b/i,
  // sentences about how the report chose or ordered what follows, not about the code
  /\beach with what it is for\b/i,
  /\bcarry the most weight\b/i,
  /\bled by those (?:its|the) main path runs through\b/i,
  /\btraced from the entry point\b/i,
  /\bderived from the manifests\b/i,
  /\bby their annotations, directives\b/i,
  /\bas the stages that parse it handle it\b/i,
  /\bthe table gives no(?:ne| share)\b/i,
  /\beach group by how often\b/i,
];

/**
 * Where sentences end: the index just past each stop (`.`, `!`, `?`) that is followed by a space
 * and by something that can start a sentence (a capital, a digit, an opening mark). "e.g. x" and
 * "mux.go. it" do not end one.
 */
function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (let i = 0; i < text.length - 2; i++) {
    const c = text[i];
    if ((c === '.' || c === '!' || c === '?') && text[i + 1] === ' ' && STARTS.test(text[i + 2]!))
      ends.push(i + 1);
  }
  return ends;
}
const STARTS = /[A-Z0-9"'(`*\u2018\u201c]/;

/** Cuts text at its sentence ends; the pieces, joined, give the text back. */
function cut(text: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const end of sentenceEnds(text)) {
    pieces.push(text.slice(start, end));
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces;
}

export function sentencesOf(text: string): string[] {
  return cut(text)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The comparison key of a sentence: words only, case and punctuation folded. */
export function sentenceKey(sentence: string): string | null {
  // a sentence that introduces a list or a table belongs to it, wherever it appears
  if (sentence.trimEnd().endsWith(':')) return null;
  const words = sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_./:-]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  return words.length >= MIN_WORDS ? words.join(' ') : null;
}

/** Prose blocks: paragraphs and list items, in document order, with callouts and quotes opened. */
function* proseBlocks(blocks: Block[]): Generator<Extract<Block, { type: 'paragraph' }>> {
  for (const b of blocks) {
    if (b.type === 'paragraph') yield b;
    else if (b.type === 'list') for (const item of b.items) yield* proseBlocks(item);
    else if (b.type === 'callout' || b.type === 'quote') yield* proseBlocks(b.children);
  }
}

export interface EditorialFindings {
  sentences: number;
  /** Sentences printed again after their first printing (each later printing counts once). */
  repeated: string[];
  scaffolding: string[];
}

export function editorialFindings(tree: DocTree): EditorialFindings {
  const seen = new Set<string>();
  const repeated: string[] = [];
  const scaffolding: string[] = [];
  let sentences = 0;
  for (const p of proseBlocks(tree.blocks)) {
    for (const group of sentenceGroups(p.children)) {
      const s = inlineText(group).trim();
      // a sentence introducing a list or a table is never a repeat, but may well be scaffolding
      if (SCAFFOLDING.some((re) => re.test(s))) scaffolding.push(s);
      const key = groupKey(group);
      if (!key) continue;
      sentences++;
      if (seen.has(key)) repeated.push(s);
      seen.add(key);
    }
  }
  return { sentences, repeated, scaffolding };
}

/**
 * Drops every sentence of prose already printed earlier in the document, and the paragraphs, list
 * items and lists this leaves empty. A paragraph is only rewritten when a sentence goes: its inline
 * marks (code, citations, emphasis) stay as they were otherwise.
 */
export function dropRepeatedBlocks(blocks: Block[]): Block[] {
  return repeatFilter()(blocks);
}

/**
 * The same, one part of a document at a time: each call drops what this or an earlier call saw.
 * `keepIfEmptied` gives a part back whole when dropping would leave nothing of it (a section
 * that only repeats still needs its one line), and remembers its sentences all the same.
 */
export function repeatFilter(): (blocks: Block[], keepIfEmptied?: boolean) => Block[] {
  const seen = new Set<string>();
  return (blocks, keepIfEmptied = false) => {
    const before = new Set(seen);
    const out = pruneBlocks(blocks, seen);
    if (out.length > 0 || !keepIfEmptied || blocks.length === 0) return out;
    seen.clear();
    for (const k of before) seen.add(k);
    return blocks;
  };
}

function pruneBlocks(blocks: Block[], seen: Set<string>): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    if (b.type === 'table') {
      // a table printed again goes, with the sentence that introduced it
      const key = `table:${JSON.stringify([b.header, b.rows].map((r) => JSON.stringify(r)))}`;
      if (seen.has(key)) {
        const lead = out[out.length - 1];
        if (lead?.type === 'paragraph' && inlineText(lead.children).trimEnd().endsWith(':')) out.pop();
        continue;
      }
      seen.add(key);
      out.push(b);
    } else if (b.type === 'paragraph') {
      const children = pruneParagraph(b.children, seen);
      if (children.length) out.push(children === b.children ? b : { ...b, children });
    } else if (b.type === 'list') {
      const items = b.items.map((item) => pruneBlocks(item, seen)).filter((item) => item.length > 0);
      if (items.length) out.push({ ...b, items });
    } else if (b.type === 'callout' || b.type === 'quote') {
      const children = pruneBlocks(b.children, seen);
      if (children.length) out.push({ ...b, children });
    } else out.push(b);
  }
  return out;
}

/**
 * A paragraph's inlines grouped by sentence. Sentences are cut inside top-level text nodes only (a
 * stop inside code or a citation never ends one), so each group keeps its own marks.
 */
function sentenceGroups(children: Inline[]): Inline[][] {
  // adjacent text nodes read as one ("… steps. " + "24 tests …" holds a sentence end)
  const joined: Inline[] = [];
  for (const node of children) {
    const last = joined[joined.length - 1];
    if (node.type === 'text' && last?.type === 'text')
      joined[joined.length - 1] = { type: 'text', value: last.value + node.value };
    else joined.push(node);
  }
  const groups: Inline[][] = [[]];
  for (const node of joined) {
    if (node.type !== 'text') {
      groups[groups.length - 1]!.push(node);
      continue;
    }
    const pieces = cut(node.value);
    pieces.forEach((piece, i) => {
      if (piece) groups[groups.length - 1]!.push({ type: 'text', value: piece });
      if (i < pieces.length - 1) groups.push([]);
    });
  }
  // what follows a stop with no words of its own ("… with chi. (profiler.go:26)", "… go test.
  // (`context_test.go`)") is the evidence of the sentence before it, and goes with that sentence
  const merged: Inline[][] = [];
  for (const g of groups) {
    const words = inlineText(g.filter((n) => n.type !== 'citation' && n.type !== 'code'));
    if (merged.length && !/[\p{L}\p{N}]/u.test(words)) merged[merged.length - 1]!.push(...g);
    else merged.push(g);
  }
  return merged.filter((g) => g.length > 0);
}

/** A sentence's key without its citations: the same statement cited once and once not is one statement. */
function groupKey(group: Inline[]): string | null {
  return sentenceKey(inlineText(group.filter((n) => n.type !== 'citation')));
}

/** The paragraph's inlines without the sentences already seen (the same array when none is). */
function pruneParagraph(children: Inline[], seen: Set<string>): Inline[] {
  let dropped = false;
  const kept: Inline[] = [];
  for (const group of sentenceGroups(children)) {
    const key = groupKey(group);
    if (key && seen.has(key)) {
      dropped = true;
      continue;
    }
    if (key) seen.add(key);
    kept.push(...group);
  }
  if (!dropped) return children;
  // the first kept sentence may now start with the space that followed a dropped one
  const first = kept[0];
  if (first?.type === 'text') kept[0] = { type: 'text', value: first.value.replace(/^\s+/, '') };
  return kept.filter((n) => n.type !== 'text' || n.value !== '');
}
