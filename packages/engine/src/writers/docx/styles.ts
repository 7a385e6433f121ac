// Styles and numbering definitions of the DOCX writer: real Word styles so users can restyle the report.

import {
  AlignmentType,
  LevelFormat,
  LevelSuffix,
  LineRuleType,
  type INumberingOptions,
  type IStylesOptions,
} from 'docx';

export const FONT = 'Calibri';
export const HEADING_FONT = 'Calibri Light';
export const MONO = 'Consolas';
export const BLUE = '1E3A8A';
export const MUTED = '6B7280';
export const CITE = '1D4ED8';
export const CODE_BG = 'F4F6F8';
export const RULE = 'CBD5E1';
export const HEAD_BG = 'E5EAF2';

/** A4 with 2.4 cm margins, in twips; the text width sizes tables and figures. */
export const PAGE = { width: 11906, height: 16838, margin: 1361 };
export const TEXT_WIDTH_TWIPS = PAGE.width - 2 * PAGE.margin;
export const TEXT_WIDTH_PX = Math.round((TEXT_WIDTH_TWIPS / 1440) * 96);

export const styles: IStylesOptions = {
  default: {
    document: {
      run: { font: FONT, size: 22, color: '1F2937' },
      // `auto`: 276 is 1.15 lines; without the rule LibreOffice reads an exact height that clips images
      paragraph: { spacing: { after: 120, line: 276, lineRule: LineRuleType.AUTO } },
    },
    title: {
      run: { font: HEADING_FONT, size: 60, bold: true, color: BLUE },
      paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 600, after: 240 } },
    },
    heading1: {
      run: { font: HEADING_FONT, size: 36, bold: true, color: BLUE },
      paragraph: { spacing: { before: 480, after: 160 }, keepNext: true, keepLines: true },
    },
    heading2: {
      run: { font: HEADING_FONT, size: 30, bold: true, color: BLUE },
      paragraph: { spacing: { before: 320, after: 120 }, keepNext: true, keepLines: true },
    },
    heading3: {
      run: { font: HEADING_FONT, size: 26, bold: true, color: '1F2937' },
      paragraph: { spacing: { before: 240, after: 100 }, keepNext: true, keepLines: true },
    },
    heading4: {
      run: { font: FONT, size: 22, bold: true, color: '1F2937' },
      paragraph: { spacing: { before: 200, after: 80 }, keepNext: true },
    },
    hyperlink: { run: { color: CITE, underline: {} } },
  },
  paragraphStyles: [
    {
      id: 'Subtitle',
      name: 'Subtitle',
      basedOn: 'Normal',
      run: { size: 32, color: '374151' },
      paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 120 } },
    },
    {
      id: 'Code',
      name: 'Code',
      basedOn: 'Normal',
      run: { font: MONO, size: 17 },
      paragraph: { spacing: { before: 0, after: 0, line: 240, lineRule: LineRuleType.AUTO } },
    },
    {
      id: 'Caption',
      name: 'Caption',
      basedOn: 'Normal',
      run: { size: 18, italics: true, color: '374151' },
      paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 60, after: 240 } },
    },
    {
      id: 'Quote',
      name: 'Quote',
      basedOn: 'Normal',
      run: { italics: true, color: '374151' },
      paragraph: { indent: { left: 567 } },
    },
    {
      id: 'TOCHeading',
      name: 'TOC Heading',
      basedOn: 'Normal',
      run: { font: HEADING_FONT, size: 36, bold: true, color: BLUE },
      paragraph: { spacing: { after: 240 } },
    },
    {
      id: 'TableText',
      name: 'Table Text',
      basedOn: 'Normal',
      run: { size: 19 },
      paragraph: { spacing: { before: 0, after: 0, line: 252 } },
    },
  ],
};

const bulletLevels = ['•', '◦', '▪', '•', '◦', '▪', '•', '◦', '▪'].map((text, level) => ({
  level,
  format: LevelFormat.BULLET,
  text,
  alignment: AlignmentType.LEFT,
  style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 300 } } },
}));

const orderedFormats = [LevelFormat.DECIMAL, LevelFormat.LOWER_LETTER, LevelFormat.LOWER_ROMAN];
const orderedLevels = Array.from({ length: 9 }, (_, level) => ({
  level,
  format: orderedFormats[level % 3]!,
  text: `%${level + 1}.`,
  alignment: AlignmentType.LEFT,
  style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 340 } } },
}));

export const numbering: INumberingOptions = {
  config: [
    {
      reference: 'headings',
      levels: ['%1', '%1.%2', '%1.%2.%3'].map((text, level) => ({
        level,
        format: LevelFormat.DECIMAL,
        text,
        alignment: AlignmentType.LEFT,
        suffix: LevelSuffix.TAB,
        style: { paragraph: { indent: { left: 0, hanging: 0 }, tabStops: [] } },
      })),
    },
    { reference: 'bullets', levels: bulletLevels },
    { reference: 'ordered', levels: orderedLevels },
  ],
};
