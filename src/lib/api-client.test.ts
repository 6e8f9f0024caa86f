import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client.ts';

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives a refusal's problems by field, beside its first problem as the message", async () => {
    answer(400, {
      success: false,
      error: 'The title is too long.',
      fields: { title: 'The title is too long.', slug: 'The slug is taken.' },
    });
    const error = await apiRequest('/api/chapters/create', { json: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'The title is too long.',
      fields: { title: 'The title is too long.', slug: 'The slug is taken.' },
    });
  });

  it('has no fields when the answer names none, or names them in another shape', async () => {
    answer(409, { success: false, error: 'Taken.' });
    expect(await apiRequest('/x').catch((caught: ApiError) => caught.fields)).toBeUndefined();
    answer(400, { success: false, error: 'Bad.', fields: ['title'] });
    expect(await apiRequest('/x').catch((caught: ApiError) => caught.fields)).toBeUndefined();
  });
});
