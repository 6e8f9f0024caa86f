import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { sendLike } from './like-request.ts';

describe('sendLike', () => {
  it('sends a like again once when the first came back 409 (no visitor cookie yet)', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'Please like again.'))
      .mockResolvedValueOnce({ like_count: 1, user_liked: true });
    await expect(sendLike(send)).resolves.toEqual({ like_count: 1, user_liked: true });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second 409, and never repeats other failures', async () => {
    const conflict = vi.fn().mockRejectedValue(new ApiError(409, 'again'));
    await expect(sendLike(conflict)).rejects.toMatchObject({ status: 409 });
    expect(conflict).toHaveBeenCalledTimes(2);
    for (const error of [new ApiError(429, 'slow down'), new ApiError(403, 'banned'), new Error('offline')]) {
      const send = vi.fn().mockRejectedValue(error);
      await expect(sendLike(send)).rejects.toBe(error);
      expect(send).toHaveBeenCalledTimes(1);
    }
  });
});
