/** One stream event as the client receives it (SPEC §7): progress(step), partial(b64), done(image), error(message). */
export interface EditStreamEvent {
  /** 1, 2, 3, ... per job: the SSE `id`, so a reconnecting EventSource resumes after `Last-Event-ID`. */
  id: number;
  event: 'progress' | 'partial' | 'done' | 'error';
  data: unknown;
}

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

  push(event: EditStreamEvent['event'], data: unknown): void {
    if (this.finished) return;
    const entry = { id: this.events.length + 1, event, data };
    this.events.push(entry);
    if (event === 'done' || event === 'error') this.finished = true;
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
