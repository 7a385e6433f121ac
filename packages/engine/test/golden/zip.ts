// Test helpers: read a ZIP (DOCX, LaTeX bundle) in memory and normalise DOCX XML for golden comparison.

import yauzl from 'yauzl';

export async function unzip(bytes: Uint8Array): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (e, z) => (e ? reject(e) : resolve(z))),
  );
  const out = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

/**
 * The docx package names hyperlink relationships randomly and numbers drawings and bookmarks with
 * process-wide counters; renumber those in order of appearance so only real changes show.
 */
export function normaliseXml(xml: string): string {
  const seq = (re: RegExp, make: (n: number) => string) => {
    const seen = new Map<string, string>();
    return (s: string) =>
      s.replace(re, (m) => seen.get(m) ?? (seen.set(m, make(seen.size + 1)), seen.get(m)!));
  };
  const toc = seq(/_Toc\d+/g, (n) => `_Toc${n}`);
  const ids = (s: string) => {
    const byKind = new Map<string, Map<string, number>>();
    return s.replace(
      /<(wp:docPr|pic:cNvPr|w:bookmarkStart|w:bookmarkEnd) ([^>]*?)\b(w:id|id)="(\d+)"/g,
      (_m, tag: string, pre: string, attr: string, v: string) => {
        const kind = tag.startsWith('w:bookmark') ? 'bookmark' : 'drawing';
        const map = byKind.get(kind) ?? new Map<string, number>();
        byKind.set(kind, map);
        if (!map.has(v)) map.set(v, map.size + 1);
        return `<${tag} ${pre}${attr}="${map.get(v)}"`;
      },
    );
  };
  return ids(toc(xml.replace(/rId[a-z0-9_-]{12,}/gi, 'rIdLINK'))).replace(/></g, '>\n<');
}
