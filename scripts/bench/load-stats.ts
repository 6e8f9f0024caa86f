// What `npm run bench:load` measures per kind of request: latencies and answers, split into
// 2xx, 4xx (other than 429), 429 (a per-address limit), 5xx and no answer at all (a timeout or a
// dropped connection). Printed as one Markdown table.

export const REQUEST_KINDS = [
  'chapter page',
  'gallery page',
  'chapter likes',
  'chapter comments',
  'gallery-list page',
  'gallery search',
  'like chapter',
  'like image',
  'comment chapter',
  'comment image',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

interface KindStats {
  latenciesMs: number[];
  ok: number;
  clientErrors: number;
  tooMany: number;
  serverErrors: number;
  noAnswer: number;
}

/** The p-th percentile of values sorted ascending (NaN for none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const ms = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(value < 10 ? 1 : 0)} ms`);

export class LoadStats {
  /** When each answered request finished (performance.now()) and how long it took, in order. */
  private readonly timeline: { at: number; latencyMs: number }[] = [];
  private readonly kinds = new Map<RequestKind, KindStats>(
    REQUEST_KINDS.map((kind) => [kind, { latenciesMs: [], ok: 0, clientErrors: 0, tooMany: 0, serverErrors: 0, noAnswer: 0 }]),
  );

  /** `status` null: no answer came (timeout, connection reset). Latency counts answered requests only. */
  record(kind: RequestKind, latencyMs: number, status: number | null): void {
    const stats = this.kinds.get(kind)!;
    if (status === null) {
      stats.noAnswer++;
      return;
    }
    stats.latenciesMs.push(latencyMs);
    this.timeline.push({ at: performance.now(), latencyMs });
    if (status === 429) stats.tooMany++;
    else if (status >= 500) stats.serverErrors++;
    else if (status >= 400) stats.clientErrors++;
    else stats.ok++;
  }

  total(field: Exclude<keyof KindStats, 'latenciesMs'>): number {
    return [...this.kinds.values()].reduce((sum, stats) => sum + stats[field], 0);
  }

  /** p50 and p99 of the requests answered after `since` (performance.now()): the load without its cold start. */
  latencyAfter(since: number): string {
    const sorted = this.timeline
      .filter((sample) => sample.at >= since)
      .map((sample) => sample.latencyMs)
      .sort((a, b) => a - b);
    return `${sorted.length} requests, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}`;
  }

  /** One row per kind and a total, rates over `seconds` of load. */
  table(seconds: number): string {
    const lines = [
      '| request | count | req/s | p50 | p99 | max | 2xx | 4xx | 429 | 5xx | no answer |',
      '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ];
    const row = (name: string, stats: KindStats) => {
      const sorted = [...stats.latenciesMs].sort((a, b) => a - b);
      const count = sorted.length + stats.noAnswer;
      const cells = [count, (count / seconds).toFixed(1), ms(percentile(sorted, 50)), ms(percentile(sorted, 99)), ms(sorted.at(-1) ?? NaN)];
      lines.push(
        `| ${name} | ${[...cells, stats.ok, stats.clientErrors, stats.tooMany, stats.serverErrors, stats.noAnswer].join(' | ')} |`,
      );
    };
    for (const [kind, stats] of this.kinds) row(kind, stats);
    const all = [...this.kinds.values()];
    row('all', {
      latenciesMs: all.flatMap((stats) => stats.latenciesMs),
      ok: this.total('ok'),
      clientErrors: this.total('clientErrors'),
      tooMany: this.total('tooMany'),
      serverErrors: this.total('serverErrors'),
      noAnswer: this.total('noAnswer'),
    });
    return lines.join('\n');
  }
}
