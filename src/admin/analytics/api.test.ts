import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '#lib/api-client.ts';
import { analyticsPath, summaryFailure } from './api.ts';

describe('analyticsPath', () => {
  it('asks each report with its query', () => {
    expect(analyticsPath('summary', { days: 30 })).toBe('/api/admin/analytics/summary?days=30');
    expect(analyticsPath('segment', { days: 7, segment: 'day_of_week' })).toBe('/api/admin/analytics/segment?days=7&segment=day_of_week');
    expect(analyticsPath('content', { days: 365, type: 'pages' })).toBe('/api/admin/analytics/content?days=365&type=pages');
  });

  it('encodes a story slug, so no slug can add or change query fields', () => {
    expect(analyticsPath('retention', { days: 90, story: "a&days=7'../<x>" })).toBe(
      '/api/admin/analytics/retention?days=90&story=a%26days%3D7%27..%2F%3Cx%3E',
    );
  });
});

describe('summaryFailure', () => {
  it("says 'Failed to load summary data' for an error answer", () => {
    expect(summaryFailure(new ApiError(500, 'Something went wrong.'))).toBe('Failed to load summary data');
    expect(summaryFailure(new ApiError(403, 'Your role does not allow this action.'))).toBe('Failed to load summary data');
  });

  it("says 'Failed to load analytics data' when no answer came", () => {
    expect(summaryFailure(new NetworkError('Failed to fetch'))).toBe('Failed to load analytics data');
    expect(summaryFailure(new TypeError("Cannot read properties of null (reading 'summary')"))).toBe('Failed to load analytics data');
  });
});
