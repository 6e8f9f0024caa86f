// A story's recurring release schedule (POST /api/stories/schedule).
import { z } from 'zod';
import { idField } from '#core/fields.ts';
import { TIME_OF_DAY_PATTERN } from '#lib/releases.ts';
import { fieldLabels } from '#core/zod-messages.ts';

export const releaseScheduleField = z.strictObject({
  weekdays: z
    .array(
      z.number().int('must be whole numbers').min(0, 'must be 0 (Sunday) to 6 (Saturday)').max(6, 'must be 0 (Sunday) to 6 (Saturday)'),
    )
    .min(1, 'must include at least one day')
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  time: z.string().regex(TIME_OF_DAY_PATTERN, 'must be a time of day such as 18:00'),
});

/** A schedule fills the story's unscheduled drafts; null removes the schedule (release times stay). */
export const storyScheduleSchema = z
  .strictObject({
    story_id: idField,
    schedule: releaseScheduleField.nullable(),
  })
  .register(fieldLabels, { story_id: 'The story', 'schedule.weekdays': 'The release days', 'schedule.time': 'The release time' });
