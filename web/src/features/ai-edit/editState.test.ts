import { describe, expect, it } from 'vitest';
import { editReducer, initialEditState, type EditAction, type EditState } from './editState.ts';

const run = (actions: EditAction[], from: EditState = initialEditState) => actions.reduce(editReducer, from);
const image = {
  id: 'new',
  original_image_id: 'orig',
  blob: { small: 's', medium: 'm', large: 'l', full: 'f', original: 'o', filename: 'a.png' },
};

describe('the AI edit states', () => {
  it('walks idle, queued, requesting, request_sent, connected, request_accepted, progress steps, done', () => {
    const phases: string[] = [];
    let state = initialEditState;
    const actions: EditAction[] = [
      { type: 'start' },
      ...['queued', 'requesting', 'request_sent', 'connected', 'request_accepted'].map(
        (step) => ({ type: 'progress', step }) as EditAction,
      ),
      { type: 'partial', index: 0, total: 2, b64: 'AAA' },
      { type: 'partial', index: 1, total: 2, b64: 'BBB' },
      { type: 'done', image },
    ];
    for (const action of actions) {
      state = editReducer(state, action);
      phases.push(state.phase);
    }
    expect(phases).toEqual([
      'starting',
      'queued',
      'requesting',
      'request_sent',
      'connected',
      'request_accepted',
      'progress',
      'progress',
      'done',
    ]);
    expect(state).toMatchObject({ step: 2, totalSteps: 2, image, preview: 'l' });
  });

  it('shows the newest partial image as the preview', () => {
    const state = run([{ type: 'start' }, { type: 'partial', index: 0, total: 2, b64: 'AAA' }]);
    expect(state).toMatchObject({ phase: 'progress', step: 1, preview: 'data:image/png;base64,AAA' });
  });

  it('never goes back to an earlier step when a step arrives late', () => {
    const state = run([
      { type: 'start' },
      { type: 'progress', step: 'connected' },
      { type: 'progress', step: 'queued' },
    ]);
    expect(state.phase).toBe('connected');
  });

  it("ends in 'Failed to start edit', 'Connection error' or 'Edit failed' and ignores what arrives after", () => {
    expect(run([{ type: 'start' }, { type: 'startFailed' }]).failure).toBe('start_failed');
    const lost = run([{ type: 'start' }, { type: 'progress', step: 'queued' }, { type: 'connectionLost' }]);
    expect(lost).toMatchObject({ phase: 'error', failure: 'connection_error' });
    const failed = run([{ type: 'start' }, { type: 'error', message: 'Rejected by the safety system' }]);
    expect(failed).toMatchObject({
      phase: 'error',
      failure: 'edit_failed',
      message: 'Rejected by the safety system',
    });
    expect(editReducer(failed, { type: 'done', image })).toBe(failed);
    expect(run([{ type: 'reset' }, { type: 'start' }], failed).phase).toBe('starting');
  });
});
