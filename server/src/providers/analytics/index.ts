import type { Config } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import { insertAnalyticsEvents } from './events-repository.ts';

/** One accepted analytics call, as the route hands it to a sink. */
export interface AnalyticsRecord {
  event: string;
  anonymousId: string;
  /** From the verified access token of a signed-in user; null for guests and anonymous visitors. */
  userId: string | null;
  properties: Record<string, string | number | boolean | null>;
  marketing: Record<string, string>;
  path: string | null;
  occurredAt: Date;
}

/**
 * Where accepted analytics go (DESIGN.md "Outside services": a consent-gated client with a pluggable sink).
 * A sink for an outside service (Segment, PostHog, ...) implements this and is chosen in `createAnalyticsSink`.
 */
export interface AnalyticsSink {
  readonly name: string;
  record(events: AnalyticsRecord[]): Promise<void>;
}

/** The default with no credentials: the events are kept in our own database (`analytics_events`). */
class DatabaseAnalyticsSink implements AnalyticsSink {
  readonly name = 'database';
  constructor(private readonly db: Db) {}

  record(events: AnalyticsRecord[]): Promise<void> {
    return insertAnalyticsEvents(this.db, events);
  }
}

/** No outside analytics service is configured today, so the database sink is the only choice. */
export function createAnalyticsSink(_config: Config, deps: { db: Db }): AnalyticsSink {
  return new DatabaseAnalyticsSink(deps.db);
}
