// Writing analytics events. The queries behind the dashboard live beside this (issue 9, item 2).
import type { Insertable, Kysely } from 'kysely';
import type { AnalyticsEventTable, Database } from '../../db/types.ts';

export type NewAnalyticsEvent = Insertable<AnalyticsEventTable>;

export const analyticsStore = {
  async record(db: Kysely<Database>, event: NewAnalyticsEvent): Promise<void> {
    await db.insertInto('analytics_events').values(event).execute();
  },
};
