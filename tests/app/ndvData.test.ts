import { describe, expect, it } from 'vitest';
import { bracketPath, itemPathOf, parameterPathOf, valueText } from '../../src/app/editor/ndv/copyData.ts';
import { binaryUrl, previewKind } from '../../src/app/editor/ndv/BinaryView.tsx';
import { estimateDataBytes, TOO_MUCH_DATA_BYTES } from '../../src/app/editor/ndv/RunDataView.tsx';
import { runLink } from '../../src/app/editor/ndv/runLink.ts';

describe('copy paths', () => {
  it('writes item and parameter paths as n8n does', () => {
    expect(bracketPath(['my key', 0, 'a'])).toBe('["my key"][0]["a"]');
    expect(itemPathOf('HTTP Request', 3, ['data', 0])).toBe('{{ $item(3).$node["HTTP Request"].json["data"][0] }}');
    expect(parameterPathOf('Say "hi"', ['x'])).toBe('{{ $node["Say \\"hi\\""].json["x"] }}');
  });
  it('copies strings as they are and the rest as pretty JSON', () => {
    expect(valueText('plain')).toBe('plain');
    expect(valueText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(valueText(null)).toBe('null');
  });
});

describe('binary previews', () => {
  it('picks the preview by mime type', () => {
    expect(previewKind('image/png')).toBe('image');
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('video/mp4')).toBe('video');
    expect(previewKind('audio/mpeg')).toBe('audio');
    expect(previewKind('application/json; charset=utf-8')).toBe('json');
    expect(previewKind('application/ld+json')).toBe('json');
    expect(previewKind('text/csv')).toBe('text');
    expect(previewKind('application/zip')).toBe('none');
    expect(previewKind(undefined)).toBe('none');
  });
  it('downloads stored data with a plain GET of /rest/data/{id}', () => {
    expect(binaryUrl('filesystem-v2:executions/7/binary_data/x y', 'download')).toBe('/rest/data/filesystem-v2%3Aexecutions%2F7%2Fbinary_data%2Fx%20y?action=download');
  });
});

describe('too much data', () => {
  it('estimates the JSON size from a sample, close to the real size', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({ json: { id: i, name: `name ${i}`, pad: 'x'.repeat(i % 50) } }));
    const real = items.reduce((n, i) => n + JSON.stringify(i.json).length, 0);
    const est = estimateDataBytes(items);
    expect(Math.abs(est - real) / real).toBeLessThan(0.1);
    expect(estimateDataBytes([])).toBe(0);
  });
  it('has a threshold above the 100,000 x 20 bench data (about 43 MB)', () => {
    expect(TOO_MUCH_DATA_BYTES).toBe(64 * 1024 * 1024);
  });
});

describe('run linking', () => {
  it('links only the same run count above 1, and starts linked for each node', () => {
    runLink.forNode('a');
    runLink.setRuns('input', 3);
    runLink.setRuns('output', 2);
    expect(runLink.active).toBe(false);
    runLink.setRuns('output', 3);
    expect(runLink.active).toBe(true);
    runLink.setRunIndex(1);
    runLink.setLinked(false, 1);
    expect(runLink.active).toBe(false);
    runLink.setLinked(true, 2);
    expect(runLink.runIndex).toBe(2);
    runLink.setRuns('input', 1);
    runLink.setRuns('output', 1);
    expect(runLink.linkable).toBe(false);
    runLink.setLinked(false, 0);
    runLink.forNode('b');
    expect(runLink.linked).toBe(true);
    expect(runLink.runIndex).toBe(-1);
  });
});
