import type { ImageEditBody, ImageEditEventView, StartedImageEditView } from '@stickerbook/api';
import { api, API_BASE } from '../../api/client.ts';
import type { EditAction } from './editState.ts';

/** POST /images/:imageId/image_edits (docs/api-contract.md "AI image edit"). */
export function startImageEdit(imageId: string, prompt: string) {
  return api.post<StartedImageEditView>(
    `/images/${encodeURIComponent(imageId)}/image_edits`,
    { prompt } satisfies ImageEditBody,
    { asGuest: true },
  );
}

/** The JSON `data` of a stream event of this name. */
type EventData<E extends ImageEditEventView['event']> = Extract<ImageEditEventView, { event: E }>['data'];

/**
 * Follows an edit's event stream with EventSource (the stream token in the URL stands in for the bearer token
 * EventSource cannot send) and turns its events into reducer actions. A broken connection is retried by the
 * browser once (the server resumes after Last-Event-ID); a second failure is 'Connection error'. Returns close().
 */
export function followImageEdit(
  jobId: string,
  streamToken: string,
  dispatch: (action: EditAction) => void,
  EventSourceImpl: typeof EventSource = EventSource,
): () => void {
  const url = `${API_BASE}/image_edits/${encodeURIComponent(jobId)}/stream?token=${encodeURIComponent(streamToken)}`;
  const source = new EventSourceImpl(url);
  let failures = 0;
  const parse = <E extends ImageEditEventView['event']>(_name: E, event: Event) =>
    JSON.parse((event as MessageEvent<string>).data) as EventData<E>;
  source.addEventListener('open', () => {
    failures = 0;
  });
  source.addEventListener('progress', (event) =>
    dispatch({ type: 'progress', step: parse('progress', event).step }),
  );
  source.addEventListener('partial', (event) => {
    const { index, total, b64 } = parse('partial', event);
    dispatch({ type: 'partial', index, total, b64 });
  });
  source.addEventListener('done', (event) => {
    dispatch({ type: 'done', image: parse('done', event).image });
    source.close();
  });
  // 'error' is both the server's error event (a MessageEvent with data) and EventSource's connection failure.
  source.addEventListener('error', (event) => {
    if (event instanceof MessageEvent && typeof event.data === 'string') {
      dispatch({ type: 'error', message: parse('error', event).message || undefined });
      source.close();
      return;
    }
    failures += 1;
    if (source.readyState === EventSourceImpl.CLOSED || failures > 1) {
      dispatch({ type: 'connectionLost' });
      source.close();
    }
  });
  return () => source.close();
}
