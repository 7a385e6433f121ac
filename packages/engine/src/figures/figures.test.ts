import { describe, expect, it } from 'vitest';
import { dependencyGraphSvg, layoutGraph } from './dependency-graph.ts';
import { languageChartSvg } from './language-chart.ts';
import { rasterise } from './svg.ts';

const graph = {
  nodes: Array.from({ length: 20 }, (_, i) => ({ id: `src/mod${i}`, files: 3, lines: 1000 - i * 10 })),
  edges: [
    { from: 'src/mod0', to: 'src/mod1', weight: 3 },
    { from: 'src/mod1', to: 'src/mod2', weight: 1 },
    { from: 'src/mod2', to: 'src/mod0', weight: 1 }, // a cycle
    { from: 'src/mod0', to: 'src/mod19', weight: 1 }, // to a module outside the top 15
  ],
};

describe('figures', () => {
  it('lays out the top 15 modules in layers, breaking cycles, the same way every time', () => {
    const a = layoutGraph(graph);
    expect(a.nodes).toHaveLength(15);
    expect(a.nodes.map((n) => n.id)).not.toContain('src/mod19');
    expect(a.layers[0]).toContain('src/mod0');
    expect(a.layers.findIndex((l) => l.includes('src/mod1'))).toBe(1);
    expect(a.layers.findIndex((l) => l.includes('src/mod2'))).toBe(2);
    expect(dependencyGraphSvg(graph)).toBe(dependencyGraphSvg(structuredClone(graph)));
  });

  it('labels the chart with escaped language names and percentages', () => {
    const svg = languageChartSvg([
      { language: 'C++', files: 1, code: 300, comment: 0, blank: 0 },
      { language: 'Bourne <Shell>', files: 1, code: 100, comment: 0, blank: 0 },
    ]);
    expect(svg).toContain('Bourne &lt;Shell&gt;');
    expect(svg).toContain('300 lines · 75.0%');
  });

  it('rasterises with text drawn (labels add ink)', () => {
    const withText = rasterise(
      languageChartSvg([{ language: 'TypeScript', files: 1, code: 10, comment: 0, blank: 0 }]),
    );
    const noText = rasterise(
      languageChartSvg([{ language: 'TypeScript', files: 1, code: 10, comment: 0, blank: 0 }]).replace(
        /<text[^>]*>[^<]*<\/text>/g,
        '',
      ),
    );
    expect(withText.png.subarray(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47]));
    expect(withText.width).toBe(1600);
    expect(withText.png.length).toBeGreaterThan(noText.png.length + 1000);
  });
});
