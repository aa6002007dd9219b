import { api, API_BASE } from '../../api/client.ts';
import type { EditAction, EditedImage } from './editState.ts';

/** POST /images/:imageId/image_edits (docs/api-contract.md "AI image edit"). */
export function startImageEdit(imageId: string, prompt: string) {
  return api.post<{ job_id: string; stream_token: string }>(
    `/images/${encodeURIComponent(imageId)}/image_edits`,
    { prompt },
    { asGuest: true },
  );
}

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
  const parse = (event: Event) => JSON.parse((event as MessageEvent<string>).data) as Record<string, unknown>;
  source.addEventListener('open', () => {
    failures = 0;
  });
  source.addEventListener('progress', (event) =>
    dispatch({ type: 'progress', step: String(parse(event).step) }),
  );
  source.addEventListener('partial', (event) => {
    const data = parse(event);
    dispatch({
      type: 'partial',
      index: Number(data.index),
      total: Number(data.total),
      b64: String(data.b64),
    });
  });
  source.addEventListener('done', (event) => {
    dispatch({ type: 'done', image: parse(event).image as EditedImage });
    source.close();
  });
  // 'error' is both the server's error event (a MessageEvent with data) and EventSource's connection failure.
  source.addEventListener('error', (event) => {
    if (event instanceof MessageEvent && typeof event.data === 'string') {
      dispatch({ type: 'error', message: String(parse(event).message ?? '') || undefined });
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
