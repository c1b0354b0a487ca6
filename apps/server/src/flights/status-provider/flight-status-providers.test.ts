/**
 * The outside services of flight-aware returns (issue 24): the AeroDataBox adapter reads the API's answer
 * (scheduled, revised, runway times; status), the Twilio adapter posts what Twilio's Messages API takes, and
 * production refuses the local stand-ins like it refuses the local payments.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { PRODUCTION_ESSENTIALS } from '../../test/server';
import { createTwilioSms, toE164 } from '../../sms/sms';
import { createAeroDataBoxProvider, parseAeroDataBoxArrival } from './aerodatabox-provider';

const leg = (status: string, arrival: Record<string, unknown>) => ({
  number: 'QF 1234',
  status,
  departure: { airport: { iata: 'SYD' }, scheduledTime: { utc: '2026-12-10 03:00Z' } },
  arrival: { airport: { iata: 'HBA' }, ...arrival },
});

describe('AeroDataBox', () => {
  it('reads a late arrival from the revised time, and a cancellation', () => {
    const late = parseAeroDataBoxArrival(
      [
        leg('Delayed', {
          scheduledTime: { utc: '2026-12-10 05:00Z', local: '2026-12-10 16:00+11:00' },
          revisedTime: { utc: '2026-12-10 07:10Z', local: '2026-12-10 18:10+11:00' },
        }),
      ],
      'HBA',
    );
    expect(late).toEqual({
      state: 'delayed',
      scheduledArrival: new Date('2026-12-10T05:00:00Z'),
      estimatedArrival: new Date('2026-12-10T07:10:00Z'),
    });
    expect(
      parseAeroDataBoxArrival([leg('Canceled', { scheduledTime: { utc: '2026-12-10 05:00Z' } })], 'HBA'),
    ).toMatchObject({ state: 'cancelled', estimatedArrival: null });
    // A leg landing at another airport is not ours; an unreadable answer is nothing.
    expect(
      parseAeroDataBoxArrival([leg('Expected', { scheduledTime: { utc: '2026-12-10 05:00Z' } })], 'MEL'),
    ).toBeNull();
    expect(parseAeroDataBoxArrival({ message: 'nope' }, undefined)).toBeNull();
  });

  it('asks by flight number and arrival date with the RapidAPI key; 204 is an unknown flight', async () => {
    const seen: Array<{ url: string; headers: Headers }> = [];
    const provider = createAeroDataBoxProvider({
      apiKey: 'key-1',
      baseUrl: 'https://aerodatabox.p.rapidapi.com',
      host: 'aerodatabox.p.rapidapi.com',
      airportIata: undefined,
      fetch: (input, init) => {
        seen.push({ url: String(input), headers: new Headers(init?.headers) });
        return Promise.resolve(new Response(null, { status: 204 }));
      },
    });
    expect(await provider.arrival('QF1234', '2026-12-10')).toBeNull();
    expect(seen[0]?.url).toBe(
      'https://aerodatabox.p.rapidapi.com/flights/number/QF1234/2026-12-10?dateLocalRole=Arrival&withAircraftImage=false&withLocation=false',
    );
    expect(seen[0]?.headers.get('x-rapidapi-key')).toBe('key-1');
    expect(seen[0]?.headers.get('x-rapidapi-host')).toBe('aerodatabox.p.rapidapi.com');
  });
});

describe('Twilio', () => {
  it('posts To, From and Body form-encoded with basic auth, the number in E.164', async () => {
    const seen: Array<{ url: string; init: RequestInit | undefined }> = [];
    const sms = createTwilioSms({
      accountSid: 'AC123',
      authToken: 'secret',
      from: '+61400000000',
      baseUrl: 'https://api.twilio.com',
      fetch: (input, init) => {
        seen.push({ url: String(input), init });
        return Promise.resolve(new Response('{}', { status: 201 }));
      },
    });
    await sms.send({ to: '0412 345 678', body: 'Your car will be ready' });
    expect(seen[0]?.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json');
    expect(new Headers(seen[0]?.init?.headers).get('authorization')).toBe(
      `Basic ${Buffer.from('AC123:secret').toString('base64')}`,
    );
    expect(Object.fromEntries(new URLSearchParams(String(seen[0]?.init?.body)))).toEqual({
      To: '+61412345678',
      From: '+61400000000',
      Body: 'Your car will be ready',
    });
    expect(toE164('+64 21 555 0101')).toBe('+64215550101');
    expect(toE164('call me')).toBeNull();
  });
});

describe('configuration', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://db/parking',
    ...PRODUCTION_ESSENTIALS,
  };
  it('production refuses the local flight-status provider unless switched off, and the captured SMS outbox', () => {
    const { FLIGHT_STATUS_PROVIDER: _none, ...unset } = production;
    expect(() => loadConfig(unset)).toThrow(/FLIGHT_STATUS_API_KEY.*FLIGHT_STATUS_PROVIDER=none/);
    expect(() => loadConfig({ ...production, FLIGHT_STATUS_PROVIDER: 'local' })).toThrow(
      'local flight-status',
    );
    expect(loadConfig(production).flightStatus).toEqual({ provider: 'none' });
    expect(loadConfig({ ...unset, FLIGHT_STATUS_API_KEY: 'k' }).flightStatus).toMatchObject({
      provider: 'aerodatabox',
      apiKey: 'k',
      host: 'aerodatabox.p.rapidapi.com',
    });
    expect(loadConfig(production).sms).toEqual({ provider: 'none' });
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'captured' })).toThrow('cannot run in production');
    expect(() => loadConfig({ ...production, TWILIO_ACCOUNT_SID: 'AC1' })).toThrow('TWILIO_AUTH_TOKEN');
    // Outside production: the local provider and the captured outbox, the free cap 24 hours.
    const development = loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/d' });
    expect(development.flightStatus).toEqual({ provider: 'local' });
    expect(development.sms).toEqual({ provider: 'captured', dir: '/tmp/d/sms' });
    expect(development.flightDelayFreeHours).toBe(24);
    expect(() => loadConfig({ NODE_ENV: 'test', FLIGHT_STATUS_PROVIDER: 'aerodatabox' })).toThrow(
      'needs FLIGHT_STATUS_API_KEY',
    );
  });
});
