// Segment values as the dashboard shows them (decision 0010): the rollups keep them raw (an hour
// is 0-23, a weekday 0-6 from Sunday, no referrer is '').
import type { AudienceSegment } from '#lib/analytics-report.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** No referring site: an address typed or bookmarked, or a link on this site. */
export const NO_REFERRER_LABEL = 'Direct';

export function segmentLabel(segment: AudienceSegment, value: string): string {
  switch (segment) {
    case 'hour':
      return `${value.padStart(2, '0')}:00`;
    case 'day_of_week':
      return WEEKDAYS[Number(value)] ?? value;
    case 'referrer':
      return value || NO_REFERRER_LABEL;
    default:
      return value;
  }
}
