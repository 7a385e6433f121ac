// The shared content cache: every kept file is read from disk once, decoded once, and handed to
// each pass through a synchronous lookup, so passes stay pure functions of (files, text).

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { WorkspaceFile } from '../types.ts';

export interface Sources {
  files: WorkspaceFile[];
  /** Decoded text of a kept file; null for binary, unreadable or over-budget files. */
  text(path: string): string | null;
  has(path: string): boolean;
  /** Symbolic links the walk kept apart, by path, to their target inside the tree. */
  links?: Map<string, string>;
}

export interface LoadOptions {
  /** Stop caching text after this many bytes in total, so a huge tree cannot exhaust memory. */
  maxTotalBytes?: number;
  maxFileBytes?: number;
  concurrency?: number;
}

/** Builds Sources from an in-memory map (tests) or anything already read. */
export function sourcesFromMap(contents: Record<string, string>): Sources {
  const map = new Map(Object.entries(contents));
  const files = [...map].map(([p, t]) => ({ path: p, size: Buffer.byteLength(t) }));
  return { files, text: (p) => map.get(p) ?? null, has: (p) => map.has(p) };
}

export async function loadSources(
  root: string,
  files: WorkspaceFile[],
  opts: LoadOptions = {},
): Promise<Sources> {
  const maxTotal = opts.maxTotalBytes ?? 512 * 1024 * 1024;
  const maxFile = opts.maxFileBytes ?? 5 * 1024 * 1024;
  const map = new Map<string, string | null>();
  let budget = maxTotal;
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++]!;
      if (f.size > maxFile || f.size > budget) {
        map.set(f.path, null);
        continue;
      }
      budget -= f.size;
      try {
        const buf = await readFile(path.join(root, ...f.path.split('/')));
        map.set(f.path, looksBinary(buf) ? null : buf.toString('utf8'));
      } catch {
        map.set(f.path, null);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 16 }, worker));
  const known = new Set(files.map((f) => f.path));
  return { files, text: (p) => map.get(p) ?? null, has: (p) => known.has(p) };
}

/** A NUL byte in the first 8 KB is what git and cloc take as "binary". */
export function looksBinary(buf: Uint8Array): boolean {
  const n = Math.min(buf.length, 8000);
  for (let i = 0; i < n; i++) if (buf[i] === 0) return true;
  return false;
}

export function contentHash(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/** Line number (1-based) of a character offset, via a precomputed index of line starts. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  private static last: { text: string; index: LineIndex } | undefined;
  /** The index of a text, the last one made reused: the passes read each file with several searches in turn. */
  static of(text: string): LineIndex {
    const last = LineIndex.last;
    if (last && last.text === text) return last.index;
    const index = new LineIndex(text);
    LineIndex.last = { text, index };
    return index;
  }
}

/** Every match of a global regex with its 1-based line, without splitting the text into lines. */
export function* matchesWithLines(text: string, re: RegExp): Generator<{ m: RegExpExecArray; line: number }> {
  let index: LineIndex | null = null;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) re.lastIndex++;
    index ??= LineIndex.of(text);
    yield { m, line: index.lineOf(m.index) };
  }
}

export function baseName(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

export function dirName(p: string): string {
  const i = p.lastIndexOf('/');
  return i < 0 ? '' : p.slice(0, i);
}

/**
 * Where the text before a position on its line leaves off: inside a string literal, after a line
 * comment opener (`//`, or `#` when `hash` is set), inside a block comment line, or in code. Strings
 * that span lines are not followed; a quote inside a comment does not count.
 */
export function lineState(prefix: string, hash = false): 'code' | 'string' | 'comment' {
  if (/^\s*(\/\*|\*(?!\/)|<!--)/.test(prefix)) return 'comment';
  let quote = '';
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if ((c === '/' && prefix[i + 1] === '/') || (hash && c === '#')) return 'comment';
    else if (c === '/' && prefix[i + 1] === '*' && !prefix.includes('*/', i + 2)) return 'comment';
  }
  return quote ? 'string' : 'code';
}

/** The text from the start of the line holding `index` up to `index`. */
export function linePrefix(text: string, index: number): string {
  return text.slice(text.lastIndexOf('\n', index - 1) + 1, index);
}

/** Every package.json outside node_modules, parsed; one that does not parse is skipped. */
export function* packageJsons(src: Sources): Generator<{ path: string; pkg: Record<string, unknown> }> {
  for (const f of src.files) {
    if (baseName(f.path) !== 'package.json' || f.path.includes('node_modules/')) continue;
    try {
      yield { path: f.path, pkg: JSON.parse(src.text(f.path) ?? '') as Record<string, unknown> };
    } catch {
      continue;
    }
  }
}
