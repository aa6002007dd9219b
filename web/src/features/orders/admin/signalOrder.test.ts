import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors.ts';
import { addSignalAsking } from './signalOrder.ts';

const outOfOrder = new ApiError(
  'SIGNAL_OUT_OF_ORDER',
  409,
  '„Alben versendet“ kommt erst nach „Bestellung angenommen“; das fehlt noch.',
);

describe('adding a staff signal out of SPEC §4’s order (issue 22 item 6)', () => {
  it('asks with the server’s reason and sends again with confirm only after a yes', async () => {
    const sent: boolean[] = [];
    const asked: string[] = [];
    const answer = await addSignalAsking(
      async (confirm) => {
        sent.push(confirm);
        if (!confirm) throw outOfOrder;
        return 'added';
      },
      async (reason) => {
        asked.push(reason);
        return true;
      },
    );
    expect(answer).toBe('added');
    expect(sent).toEqual([false, true]);
    expect(asked).toEqual([outOfOrder.message]);
  });

  it('sends nothing more when the admin says no', async () => {
    const sent: boolean[] = [];
    const answer = await addSignalAsking(
      async (confirm) => {
        sent.push(confirm);
        throw outOfOrder;
      },
      async () => false,
    );
    expect(answer).toBeNull();
    expect(sent).toEqual([false]);
  });

  it('asks nothing for a signal in order, and passes other refusals on', async () => {
    const ask = async () => {
      throw new Error('must not ask');
    };
    expect(await addSignalAsking(async () => 'added', ask)).toBe('added');
    const present = new ApiError('SIGNAL_ALREADY_PRESENT', 409, 'already there');
    await expect(
      addSignalAsking(async () => {
        throw present;
      }, ask),
    ).rejects.toBe(present);
  });
});
