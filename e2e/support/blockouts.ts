import { expect, type APIRequestContext } from '@playwright/test';
import { adminApi, adminToken } from './booking';
import { addDays } from './paid-booking';
import { hobartInstant } from './wizard';

/**
 * A blockout period made through the API as the demo admin: a `parking` one of the whole `day` (or of its
 * `from` to `to`, Hobart times), or an `extra` one naming `extras` by id. Returns its removal.
 */
export async function blockOut(
  request: APIRequestContext,
  day: string,
  message: string,
  options: {
    hours?: { from: string; to: string };
    /** The extras an `extra` blockout makes unavailable (a `parking` one without). */
    extras?: string[];
    /** Whole days from `day` (1 by default). */
    days?: number;
  } = {},
): Promise<() => Promise<void>> {
  const { hours = { from: '00:00', to: '24:00' }, extras, days = 1 } = options;
  const token = await adminToken(request);
  const created = await adminApi(request, token, 'POST', 'blockout-periods/', {
    data: {
      type: 'blockout-periods',
      attributes: {
        name: `E2E closed ${day}`,
        message,
        blockType: extras ? 'extra' : 'parking',
        startDatetime: hobartInstant(day, hours.from).toISOString(),
        endDatetime: (hours.to === '24:00'
          ? hobartInstant(addDays(day, days), '00:00')
          : hobartInstant(day, hours.to)
        ).toISOString(),
      },
      ...(extras
        ? {
            relationships: {
              extras: { data: extras.map((id) => ({ type: 'extras', id })) },
            },
          }
        : {}),
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = (created.body as { data: { id: string } }).data.id;
  return async () => {
    expect((await adminApi(request, token, 'DELETE', `blockout-periods/${id}/`)).status).toBe(204);
  };
}
