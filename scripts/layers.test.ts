import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './repo-files.ts';
import { importGraph } from './import-graph.ts';
import { layerViolations } from './layers.ts';

const edge = (from: string, to: string, typeOnly = false) => ({ from, to, typeOnly });

describe('the layering (decision 35)', () => {
  it('holds for every import of functions/, db/, src/ and scripts/', () => {
    const graph = importGraph(['functions', 'db', 'src', 'scripts']);
    expect(graph.length).toBeGreaterThan(1000);
    expect(layerViolations(graph)).toEqual([]);
  });

  it.each([
    [edge('functions/core/guards.ts', 'functions/moderation/ban-store.ts'), 'functions/core imports only core, db/ and src/lib'],
    [edge('functions/stories/routes.ts', 'scripts/server/storage.ts'), 'nothing but scripts/ and tests imports scripts/'],
    [edge('functions/stories/routes.ts', 'functions/app.ts'), 'a feature imports only features, functions/core, db/ and src/lib'],
    [edge('db/types.ts', 'functions/stories/schema.ts'), 'db/ imports only db/ and src/lib'],
    [edge('src/lib/stories.ts', 'functions/stories/schema.ts'), 'src/lib imports only src/lib'],
    [edge('src/admin/Dashboard.tsx', 'functions/dashboard/store.ts'), "the admin and the islands import only the server's schema.ts"],
  ])('refuses %j', (bad, rule) => {
    expect(layerViolations([bad])).toEqual([expect.stringContaining(rule)]);
  });

  it('lets the admin import schemas, messages, roles and types, and tests import anything', () => {
    const allowed = [
      edge('src/admin/stories/api.ts', 'functions/stories/schema.ts'),
      edge('src/admin/subscribers/MailStatusPanel.tsx', 'functions/subscriptions/messages.ts'),
      edge('src/admin/sections.ts', 'functions/core/roles.ts'),
      edge('src/admin/Dashboard.tsx', 'functions/dashboard/store.ts', true),
      edge('functions/core/rate-limit.test.ts', 'scripts/test/database.ts'),
      edge('functions/images/test-kit.ts', 'functions/app.ts'),
    ];
    expect(layerViolations(allowed)).toEqual([]);
  });

  it('finds folders that import each other, however long the way round', () => {
    const graph = [
      edge('functions/galleries/store.ts', 'functions/images/store.ts'),
      edge('functions/images/upload.ts', 'functions/uploads/usage.ts'),
      edge('functions/uploads/usage.ts', 'functions/galleries/store.ts'),
      edge('functions/likes/routes.ts', 'functions/comments/store.ts'),
    ];
    expect(layerViolations(graph)).toEqual(['functions/{galleries,images,uploads} import each other: give what they share one home']);
  });

  it("reaches other folders through package.json's aliases (#core/…, #lib/…), not ../../ paths", () => {
    const climbing = /(?:from|import\()\s*'(\.\.\/\.\.\/(?!public\/|node_modules\/|package\.json')[^']*)'/g;
    const found = filesUnder(['functions', 'db', 'src', 'scripts', 'tests'], /\.(tsx?|mjs|astro)$/).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(climbing)].map((match) => `${file}: ${match[1]}`),
    );
    expect(found).toEqual([]);
  });
});
