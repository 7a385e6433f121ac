// The LaTeX writer: main.tex plus its figures, and the ZIP bundle a user downloads and compiles.

import yazl from 'yazl';
import type { DocTree } from '../../tree/types.ts';
import { dejavuFile } from '../common/dejavu.ts';
import { rasterOf } from '../common/outline.ts';
import { renderBlocks, type LatexContext } from './handlers.ts';
import { cover, preamble } from './preamble.ts';
import { withLinkPolicy } from '../../tree/links.ts';

export interface LatexOutput {
  mainTex: string;
  /** Bundle-relative path → bytes (figures/*.png, figures/logo.png…). */
  files: Record<string, Uint8Array>;
}

export function writeLatex(input: DocTree): LatexOutput {
  const tree = withLinkPolicy(input); // links only to what the report itself chose
  const files: Record<string, Uint8Array> = {};
  const names: Record<string, string> = {};
  for (const [id, asset] of Object.entries(tree.assets)) {
    const { bytes, ext } = rasterOf(asset);
    const name = `figures/${id.replace(/[^A-Za-z0-9-]/g, '-')}.${ext}`;
    files[name] = bytes;
    names[id] = name;
  }
  const ctx: LatexContext = { assets: tree.assets, files: names, depth: 0 };
  const logo = tree.cover?.logoAsset ? names[tree.cover.logoAsset] : undefined;
  const toc = tree.toc ? '{\\hypersetup{linkcolor=black}\\tableofcontents}\n\\clearpage\n' : '';
  const mainTex = `${preamble(tree)}
\\begin{document}
${cover(tree, logo)}
${toc}
${renderBlocks(tree.blocks, ctx)}

\\end{document}
`;
  // xelatex sets characters the main fonts lack in DejaVu: ship the face when the text needs it
  if (mainTex.includes('\\atrchar{'))
    files['fonts/DejaVuSans.ttf'] = new Uint8Array(dejavuFile('DejaVuSans'));
  return { mainTex, files };
}

const README = `# Compiling this report

This folder holds the LaTeX source of the report: \`main.tex\` and its images in \`figures/\`.

With a TeX distribution installed (TeX Live or MiKTeX), run one of:

    latexmk -pdf main.tex        # pdflatex, runs as many passes as needed
    xelatex main.tex && xelatex main.tex

Either produces \`main.pdf\`. Two passes are needed for the table of contents and the
"Page X of Y" footer. The document uses only packages from TeX Live's recommended and extra
collections (geometry, graphicx, hyperref, longtable, booktabs, xcolor, fancyhdr, lastpage,
fvextra, tcolorbox, enumitem, titlesec, caption).
`;

/** main.tex, figures and a README, zipped with a fixed timestamp so equal trees give equal bytes. */
export async function writeLatexBundle(tree: DocTree): Promise<Uint8Array> {
  const { mainTex, files } = writeLatex(tree);
  const zip = new yazl.ZipFile();
  const mtime = new Date(tree.meta.generatedAt);
  zip.addBuffer(Buffer.from(mainTex), 'main.tex', { mtime });
  zip.addBuffer(Buffer.from(README), 'README.md', { mtime });
  for (const [name, bytes] of Object.entries(files))
    zip.addBuffer(Buffer.from(bytes), name, { mtime, compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
