import type { ImageEditEventView } from '@stickerbook/api';

/** One stream event as the client receives it (SPEC §7): progress(step), partial(b64), done(image), error(message). */
export type EditStreamEvent = ImageEditEventView & {
  /** 1, 2, 3, ... per job: the SSE `id`, so a reconnecting EventSource resumes after `Last-Event-ID`. */
  id: number;
};

type Listener = (event: EditStreamEvent) => void;

/**
 * Everything one edit job has emitted, kept in memory while it runs and for a while after, so a stream that
 * connects late (or reconnects) gets the whole story in order, partial images included. Partials are large
 * (base64 PNGs), which is why they live here and not in the database.
 */
export class EditEventLog {
  private readonly events: EditStreamEvent[] = [];
  private readonly listeners = new Set<Listener>();
  finished = false;

  push(event: ImageEditEventView): void {
    if (this.finished) return;
    const entry: EditStreamEvent = { ...event, id: this.events.length + 1 };
    this.events.push(entry);
    if (event.event === 'done' || event.event === 'error') this.finished = true;
    for (const listener of this.listeners) listener(entry);
  }

  /** Replays the events after `afterId`, then follows new ones until unsubscribed. */
  subscribe(afterId: number, listener: Listener): () => void {
    for (const event of this.events) if (event.id > afterId) listener(event);
    if (this.finished) return () => undefined;
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** Server-sent event framing: data is JSON on one line. */
export function formatServerSentEvent(event: EditStreamEvent): string {
  return `id: ${event.id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
