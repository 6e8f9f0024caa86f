// The metadata readers on hostile files (decision 18): each gives a bounded result, never throws,
// and lets the event loop turn while it works. No timing here (the benchmark measures time):
// responsiveness is counted in event-loop turns, and a hang is a run that does not end.
import { describe, expect, it, vi } from 'vitest';
import {
  comfyApiPrompt,
  comfyPng,
  comfyUiWorkflow,
  enormousTextPng,
  ifdMaze,
  ifdMazeJpeg,
  textBombPng,
  turnsDuring,
} from '#scripts/test/hostile-files.ts';
import { ReadBudget } from './budget.ts';
import { MAX_NODES, graphFromApiPrompt } from './comfy-graph.ts';
import { graphFromWorkflow } from './comfy-workflow.ts';
import { parseComfyGraph } from './comfyui.ts';
import { readExif } from './exif.ts';
import { extractGenerationMetadata } from './index.ts';
import { readPngText } from './png-chunks.ts';
import { png, tEXt, webp } from './test-files.ts';

const MB = 1024 * 1024;

describe('PNG text bombs', () => {
  it('stops inflating at the file budget: the text taken never passes it', async () => {
    const file = textBombPng(10);
    const budget = new ReadBudget(3 * MB);
    const take = vi.spyOn(budget, 'take');
    const texts = await readPngText(file, budget);
    const taken = take.mock.calls.filter((_, i) => take.mock.results[i]!.value === true).reduce((sum, [bytes]) => sum + bytes, 0);
    expect(taken).toBeLessThanOrEqual(3 * MB);
    expect(take.mock.results.at(-1)!.value).toBe(false); // it stopped at the first piece past the budget
    expect(take.mock.calls.length).toBeLessThan(100); // and did not go on to the other nine chunks
    expect(texts.size).toBe(0); // every bomb passed the one-text cap
  });

  it.each([10, 60])('%i zTXt/iTXt bombs: no metadata, and the event loop keeps turning', async (chunks) => {
    const { result, turns } = await turnsDuring(() => extractGenerationMetadata(textBombPng(chunks)));
    expect(result.generator).toBeNull();
    expect(turns).toBeGreaterThanOrEqual(4); // one turn at least every megabyte of the 8 MB budget
  });

  it('8 MB of plain tEXt: one text over the cap is skipped, texts under it are read up to the file budget', async () => {
    expect((await extractGenerationMetadata(enormousTextPng(8 * MB))).generator).toBeNull();
    const file = enormousTextPng(12 * MB, 3 * MB);
    const { result, turns } = await turnsDuring(() => readPngText(file));
    expect([...result.keys()]).toEqual(['parameters', 'parameters1']); // the third would pass 8 MB
    expect(turns).toBeGreaterThanOrEqual(2);
    const read = await extractGenerationMetadata(enormousTextPng(3 * MB));
    expect(read).toMatchObject({ generator: 'automatic1111', checkpoint: 'huge', settings: { steps: 20 } });
  });
});

describe('EXIF IFDs pointing at each other', () => {
  it('a 64 KB APP1 of chained and cyclic IFDs: bounded text, no throw', async () => {
    const result = await extractGenerationMetadata(ifdMazeJpeg());
    expect(result.generator).toBeNull();
    const exif = readExif(ifdMaze(65_000));
    expect(exif.tagTexts.length).toBeLessThanOrEqual(32);
    expect(exif.tagTexts.reduce((sum, text) => sum + text.length, 0)).toBeLessThanOrEqual(4 * MB);
  });

  it('a WebP EXIF of 4 MB whose thousands of entries all claim the whole block', async () => {
    const exif = readExif(ifdMaze(4 * MB, 4000));
    expect(exif.tagTexts.reduce((sum, text) => sum + text.length, 0)).toBeLessThanOrEqual(4 * MB);
    expect((await extractGenerationMetadata(webp(ifdMaze(4 * MB, 4000)))).generator).toBeNull();
  });
});

describe('ComfyUI graphs of 100,000 nodes', () => {
  it.each(['chain', 'cycle', 'fan'] as const)('API prompt, %s: the graph is cut at its node cap and walked within bounds', (shape) => {
    const graph = graphFromApiPrompt(comfyApiPrompt(100_000, shape))!;
    expect(graph.size).toBe(MAX_NODES);
    const result = parseComfyGraph(graph);
    expect(result === null || result.generator === 'comfyui').toBe(true);
  });

  it.each(['ring', 'exits'] as const)('UI workflow, %s: every input followed around a ring of reroutes, or out of a subgraph', (shape) => {
    const graph = graphFromWorkflow(comfyUiWorkflow(100_000, shape));
    expect(graph === null || graph.size <= MAX_NODES).toBe(true);
    if (graph) parseComfyGraph(graph);
  });

  it('in a file: a graph over the one-text cap is skipped, one under it read in steps', async () => {
    expect((await extractGenerationMetadata(comfyPng(comfyApiPrompt(100_000)))).generator).toBeNull();
    const { result, turns } = await turnsDuring(() => extractGenerationMetadata(comfyPng(comfyApiPrompt(10_000, 'chain'))));
    expect(result.generator).toBe('comfyui');
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});

describe('text parsers on texts built to make them quadratic', () => {
  const readText = (keyword: string, text: string) => extractGenerationMetadata(png([tEXt(keyword, text)]));

  it('an A1111 settings line of half a million unbalanced JSON values', async () => {
    const result = await readText('parameters', `a fox\nSteps: 20, Sampler: Euler, ${'k: {, '.repeat(500_000)}`);
    expect(result).toMatchObject({ generator: 'automatic1111', prompt: 'a fox', settings: { steps: 20, sampler: 'Euler' } });
  });

  it('an InvokeAI Dream line of three million brackets never closed', async () => {
    const result = await readText('Dream', `"a boat ${'['.repeat(3_000_000)}" -s 30`);
    expect(result).toMatchObject({ generator: 'invokeai', negativePrompt: null, settings: { steps: 30 } });
    expect(result.prompt === `a boat ${'['.repeat(3_000_000)}`).toBe(true); // no "]": nothing is a negative
  });

  it('a JSON text with NaN and an unterminated string of a million escaped quotes', async () => {
    const result = await readText('prompt', `{"a": NaN, "b": "${'\\"'.repeat(1_500_000)}`);
    expect(result.generator).toBeNull();
  });
});
