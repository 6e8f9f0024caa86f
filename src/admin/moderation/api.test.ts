import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '#lib/api-client.ts';
import { answerFailure, moderationApi } from './api.ts';

describe('answerFailure', () => {
  it('is null for a success, JSON or empty', () => {
    expect(answerFailure(200, '{"success":true}')).toBeNull();
    expect(answerFailure(204, '')).toBeNull();
  });

  it('reads a plain-text error as it is (moderate and ban-ip answer errors as text)', () => {
    expect(answerFailure(409, 'Comment is already approved\n')).toBe('Comment is already approved');
    expect(answerFailure(400, '<b>not html</b>')).toBe('<b>not html</b>');
  });

  it('reads a JSON error, and a success: false answer even with status 200', () => {
    expect(answerFailure(404, '{"success":false,"error":"Comment not found"}')).toBe('Comment not found');
    expect(answerFailure(200, '{"success":false,"error":"Nope"}')).toBe('Nope');
  });

  it('falls back to the status, and shortens a long error page', () => {
    expect(answerFailure(500, '')).toBe('Request failed (500)');
    expect(answerFailure(502, '{"success":false}')).toBe('Request failed (502)');
    const long = answerFailure(502, 'x'.repeat(5000))!;
    expect(long).toHaveLength(301);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('moderationApi writes', () => {
  afterEach(() => vi.unstubAllGlobals());

  function answer(status: number, body: string) {
    const fetchMock = vi.fn(async () => new Response(body, { status }));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('sends the moderation as JSON and resolves on success', async () => {
    const fetchMock = answer(200, '{"success":true}');
    await moderationApi.moderate(12, 'reject');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/comments/moderate',
      expect.objectContaining({ method: 'POST', body: '{"id":12,"action":"reject"}' }),
    );
  });

  it("throws the server's plain text with the status", async () => {
    answer(400, 'Invalid IP address: 999.1.1.1');
    const error = await moderationApi.banIp('999.1.1.1', '').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid IP address: 999.1.1.1' });
  });

  it('turns a failed request into a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(moderationApi.moderate(1, 'approve')).rejects.toBeInstanceOf(NetworkError);
  });
});
