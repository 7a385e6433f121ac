// The document tree: a versioned, JSON-serialisable node union that every writer renders.
// A new node type costs one handler per writer (docx, latex, pdf).

export const DOC_TREE_VERSION = 1 as const;

/** Inline content inside paragraphs, list items, table cells and captions. */
export type Inline =
  | { type: 'text'; value: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'emphasis'; children: Inline[] }
  | { type: 'code'; value: string }
  | { type: 'link'; url: string; children: Inline[] }
  | { type: 'citation'; path: string; line?: number; endLine?: number }
  | { type: 'break' };

export type Block =
  | {
      type: 'heading';
      level: 1 | 2 | 3 | 4;
      text: string;
      numbered: boolean;
      id?: string;
      /** list an unnumbered heading in the contents */ toc?: boolean;
    }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Block[][] }
  | {
      type: 'table';
      header: Inline[][];
      rows: Inline[][][];
      align?: ('left' | 'right' | 'center')[];
      caption?: string;
    }
  | { type: 'code'; language?: string; value: string; caption?: string }
  | { type: 'figure'; asset: string; caption: string; widthRatio?: number }
  | { type: 'callout'; tone: 'info' | 'warning' | 'success'; title?: string; children: Block[] }
  | { type: 'quote'; children: Block[] }
  | { type: 'rule' }
  | { type: 'pageBreak' };

export interface CoverInfo {
  title: string; // project name
  subtitle: string; // "Technical Report"
  date: string; // formatted
  logoAsset?: string;
  company: {
    name: string | null;
    vat: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
    website: string | null;
  };
}

/** A figure's image: SVG source (charts) and/or a raster (uploaded images, rasterised charts). */
export interface Asset {
  id: string; // file-name-safe, e.g. "fig-languages"
  mime: 'image/svg+xml' | 'image/png' | 'image/jpeg';
  /** base64 bytes of the original */
  data: string;
  /** base64 PNG for writers that cannot embed SVG; present for SVG assets */
  png?: string;
  width: number; // pixels of the raster
  height: number;
}

export interface DocTree {
  version: typeof DOC_TREE_VERSION;
  meta: { title: string; generatedAt: string; generator: string };
  cover: CoverInfo | null;
  toc: boolean;
  blocks: Block[];
  assets: Record<string, Asset>;
  /**
   * The only URLs a link node may point at: addresses the template or the operator put in the report.
   * Absent or empty, the report has no links; writers render any other link as its text.
   */
  links?: string[];
}
