/**
 * The AI image edit as a state machine (SPEC §4): idle -> queued -> requesting -> request_sent -> connected ->
 * request_accepted -> progress steps (one per partial image) -> done | error. The server reports the steps from
 * queued to request_accepted (providers/openai-images: request built, request sent, provider stream connected,
 * first provider event); partial images are the progress steps; the client adds idle and its own failures
 * ('Failed to start edit', 'Connection error').
 */

import type { ImageView } from '@stickerbook/api';

type EditPhase =
  | 'idle'
  | 'starting'
  | 'queued'
  | 'requesting'
  | 'request_sent'
  | 'connected'
  | 'request_accepted'
  | 'progress'
  | 'done'
  | 'error';

/** What went wrong, mapped to translated text by the modal. */
type EditFailure = 'start_failed' | 'connection_error' | 'edit_failed';

/** What the edit reads of the new image record the stream's done event carries. */
export type EditedImage = Pick<ImageView, 'id' | 'original_image_id' | 'blob'>;

export interface EditState {
  phase: EditPhase;
  /** Partial images received so far and how many the provider sends. */
  step: number;
  totalSteps: number;
  /** data: URL of the newest partial image, for the preview. */
  preview?: string;
  image?: EditedImage;
  failure?: EditFailure;
  /** The provider's own message for an edit that failed, if it sent one. */
  message?: string;
}

export type EditAction =
  | { type: 'start' }
  | { type: 'startFailed' }
  | { type: 'progress'; step: string }
  | { type: 'partial'; index: number; total: number; b64: string }
  | { type: 'done'; image: EditedImage }
  | { type: 'error'; message?: string }
  | { type: 'connectionLost' }
  | { type: 'reset' };

export const initialEditState: EditState = { phase: 'idle', step: 0, totalSteps: 0 };

const SERVER_STEPS: readonly EditPhase[] = [
  'queued',
  'requesting',
  'request_sent',
  'connected',
  'request_accepted',
];

const isFinished = (state: EditState) => state.phase === 'done' || state.phase === 'error';
export const isRunning = (state: EditState) => state.phase !== 'idle' && !isFinished(state);

export function editReducer(state: EditState, action: EditAction): EditState {
  if (action.type === 'reset') return initialEditState;
  if (action.type === 'start')
    return state.phase === 'idle' ? { ...initialEditState, phase: 'starting' } : state;
  // A finished edit ignores whatever still arrives (a late event, the stream closing).
  if (isFinished(state)) return state;
  switch (action.type) {
    case 'startFailed':
      return { ...state, phase: 'error', failure: 'start_failed' };
    case 'progress': {
      const phase = action.step as EditPhase;
      if (!SERVER_STEPS.includes(phase)) return state;
      // Steps only move forward: a replayed or late step never takes the edit back.
      const order = ['starting', ...SERVER_STEPS, 'progress'];
      return order.indexOf(phase) > order.indexOf(state.phase) ? { ...state, phase } : state;
    }
    case 'partial':
      return {
        ...state,
        phase: 'progress',
        step: Math.max(state.step, action.index + 1),
        totalSteps: action.total,
        preview: `data:image/png;base64,${action.b64}`,
      };
    case 'done':
      return { ...state, phase: 'done', image: action.image, preview: action.image.blob.large };
    case 'error':
      return { ...state, phase: 'error', failure: 'edit_failed', message: action.message };
    case 'connectionLost':
      return { ...state, phase: 'error', failure: 'connection_error' };
  }
}
