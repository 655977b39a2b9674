import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NotificationsSection } from './notifications-section';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const DEFAULTS = { sessionRequest: 'instant', dataRequest: 'instant', kitResults: 'instant', feeDue: 'instant', timeZone: 'UTC' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** fetch answering GET with `state` and PUT with `put` (or echoing the body as saved). */
function server(state: object, put?: (body: object) => Response) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      const body = JSON.parse(init.body as string) as object;
      return put ? put(body) : json({ ...body, saved: true, timeZoneSource: 'chosen' });
    }
    return json(state);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const putBodies = (fetch: ReturnType<typeof server>) =>
  fetch.mock.calls.filter((c) => (c[1] as RequestInit | undefined)?.method === 'PUT').map((c) => JSON.parse((c[1] as RequestInit).body as string));

describe('NotificationsSection', () => {
  it("says the defaults until saved, shows the practice's time zone from its address (not this browser's), and saves what was chosen", async () => {
    const show = vi.spyOn(notifications, 'show');
    const fetch = server({ ...DEFAULTS, timeZone: 'Africa/Johannesburg', timeZoneSource: 'address', saved: false });
    renderWithProviders(<NotificationsSection email="ada@example.test" />);
    expect(await screen.findByText(/E-mails to ada@example.test when something happens/)).toBeInTheDocument();
    expect(screen.getByText('These are the defaults (every e-mail instantly) until you save.')).toBeInTheDocument();
    const zone = screen.getAllByLabelText('Time zone of the practice').find((e) => e.tagName === 'INPUT')!;
    expect(zone).toHaveValue('Africa/Johannesburg');
    expect(zone).toHaveAccessibleDescription(/It comes from your practice's address until you choose another\.$/);
    const requests = screen.getByRole('radiogroup', { name: 'A new session request' });
    expect(requests).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'A data-request fee is due in 3 days' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio', { name: 'Instantly' }).every((r) => (r as HTMLInputElement).checked)).toBe(true);

    await userEvent.click(screen.getAllByRole('radio', { name: 'Daily digest at 07:00' })[0]!);
    await userEvent.click(screen.getAllByRole('radio', { name: 'Off' })[3]!);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Your notification settings are saved.' })));
    // The digest then comes at 07:00 in Cape Town (issue 33: it came at 09:00 local, in UTC).
    expect(putBodies(fetch)).toEqual([{ ...DEFAULTS, sessionRequest: 'digest', feeDue: 'off', timeZone: 'Africa/Johannesburg' }]);
    expect(screen.queryByText(/These are the defaults/)).not.toBeInTheDocument();
    expect(screen.queryByText(/It comes from your practice's address/)).not.toBeInTheDocument();
  });

  it("keeps what was chosen and shows the server's word under the time zone when a save is refused", async () => {
    const fetch = server({ ...DEFAULTS, timeZone: 'Africa/Johannesburg', timeZoneSource: 'chosen', saved: true }, () =>
      json({ error: { code: '400400', message: 'Bad request', fieldErrors: { timeZone: ['Choose a time zone from the list'] } } }, 400),
    );
    renderWithProviders(<NotificationsSection email="ada@example.test" />);
    await userEvent.click((await screen.findAllByRole('radio', { name: 'Off' }))[1]!);
    expect(screen.getByText('You have changes that are not saved yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Choose a time zone from the list')).toBeInTheDocument();
    expect((screen.getAllByRole('radio', { name: 'Off' })[1] as HTMLInputElement).checked).toBe(true);
    expect(putBodies(fetch)).toHaveLength(1);
  });
  it('says when the settings cannot be loaded, and tries again on request', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ++calls === 1 ? json({ error: { code: '500505', message: 'x' } }, 500) : json({ ...DEFAULTS, timeZoneSource: 'default', saved: false }),
      ),
    );
    renderWithProviders(<NotificationsSection email="ada@example.test" />);
    expect(await screen.findByText('Your notification settings could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radiogroup', { name: 'A new session request' })).toBeInTheDocument();
  });
});
