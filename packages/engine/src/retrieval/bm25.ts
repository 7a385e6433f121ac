// BM25 (Okapi) ranking over small in-memory documents: fields are weighted by repeating their tokens.

import { tokenize } from './tokenize.ts';

export interface RetrievalDoc {
  id: string; // file path
  /** Field texts with weights: a path match counts more than a comment match. */
  fields: { text: string; weight: number }[];
}

export interface Hit {
  id: string;
  score: number;
  matched: string[]; // query terms (stemmed) that hit this document
}

export class Bm25Index {
  private readonly docs: { id: string; tf: Map<string, number>; len: number }[] = [];
  private readonly df = new Map<string, number>();
  private avgLen = 0;

  constructor(
    docs: RetrievalDoc[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    let total = 0;
    for (const d of docs) {
      const tf = new Map<string, number>();
      let len = 0;
      for (const f of d.fields) {
        for (const t of tokenize(f.text)) {
          tf.set(t, (tf.get(t) ?? 0) + f.weight);
          len += f.weight;
        }
      }
      for (const t of tf.keys()) this.df.set(t, (this.df.get(t) ?? 0) + 1);
      this.docs.push({ id: d.id, tf, len });
      total += len;
    }
    this.avgLen = this.docs.length ? total / this.docs.length : 0;
  }

  get size(): number {
    return this.docs.length;
  }

  search(query: string, limit = 5): Hit[] {
    const terms = [...new Set(tokenize(query))];
    const n = this.docs.length;
    const hits: Hit[] = [];
    for (const d of this.docs) {
      let score = 0;
      const matched: string[] = [];
      for (const t of terms) {
        const f = d.tf.get(t);
        if (!f) continue;
        const df = this.df.get(t) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score +=
          (idf * f * (this.k1 + 1)) / (f + this.k1 * (1 - this.b + (this.b * d.len) / (this.avgLen || 1)));
        matched.push(t);
      }
      if (score > 0) hits.push({ id: d.id, score, matched });
    }
    return hits.sort((x, y) => y.score - x.score || x.id.localeCompare(y.id)).slice(0, limit);
  }
}
