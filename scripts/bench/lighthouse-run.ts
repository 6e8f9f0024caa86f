// One Lighthouse run on one URL with its mobile defaults (simulated slow 4G and a 4x slower CPU),
// in a fresh headless Chromium that is stopped by its PID afterwards, and the numbers
// budgeted (docs/product.md, Speed and capacity): the four category scores, LCP, CLS, bytes and requests (all, and without images).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { resolveChromium } from '#scripts/test/chromium.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface PageMeasure {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  kib: number;
  requests: number;
  kibNoImages: number;
  requestsNoImages: number;
  /** Audits that cost points, for the report (id: title). */
  failing: string[];
}

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceType?: string;
}

export async function measurePage(url: string): Promise<PageMeasure> {
  const { executablePath } = resolveChromium(process.env, 'system');
  const chrome = await chromeLauncher.launch({
    ...(executablePath ? { chromePath: executablePath } : {}),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter((item) =>
      /^https?:/.test(item.url),
    );
    const withoutImages = items.filter((item) => item.resourceType !== 'Image');
    const kib = (list: NetworkItem[]) => list.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as PageMeasure['scores'];
    const failing = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual',
      )
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return {
      scores,
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      kib: kib(items),
      requests: items.length,
      kibNoImages: kib(withoutImages),
      requestsNoImages: withoutImages.length,
      failing,
    };
  } finally {
    chrome.kill();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `runs` Lighthouse runs on one URL, each number the median of the runs; prints each run's LCP. */
export async function measurePageMedian(url: string, runs: number): Promise<PageMeasure> {
  const measured: PageMeasure[] = [];
  for (let run = 1; run <= runs; run++) measured.push(await measurePage(url));
  console.log(`lighthouse ${new URL(url).pathname}: ${measured.map((run) => `${Math.round(run.lcpMs)} ms`).join(', ')}`);
  const pick = (get: (run: PageMeasure) => number) => median(measured.map(get));
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, pick((run) => run.scores[id])])) as PageMeasure['scores'],
    lcpMs: pick((run) => run.lcpMs),
    cls: pick((run) => run.cls),
    kib: pick((run) => run.kib),
    requests: pick((run) => run.requests),
    kibNoImages: pick((run) => run.kibNoImages),
    requestsNoImages: pick((run) => run.requestsNoImages),
    failing: [...new Set(measured.flatMap((run) => run.failing))],
  };
}
