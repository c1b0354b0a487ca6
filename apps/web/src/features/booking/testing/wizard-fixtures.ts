/** Test data for the wizard's step tests: a state at any step, and the API answers the steps ask for. */
import type { MockRoute } from '@/test/api-mock';
import { WIZARD_STORAGE_KEY } from '../state/wizard-context';
import { freshWizard, NO_EXTRAS, type WizardState } from '../state/wizard-state';

const DAY = 86_400_000;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Hobart' }).format(new Date());
export const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** A Wednesday a few weeks ahead to the Saturday after it: weekday out, weekend home. */
export function testStay(): { startDate: string; endDate: string } {
  let start = plusDays(today(), 30);
  while (new Date(`${start}T12:00:00Z`).getUTCDay() !== 3) start = plusDays(start, 1);
  return { startDate: start, endDate: plusDays(start, 3) };
}

/** The wizard with every step up to `completed` answered. */
export function wizardAt(completed: number, overrides: Partial<WizardState> = {}): WizardState {
  const stay = testStay();
  const state: WizardState = {
    ...freshWizard(today()),
    completed,
    quote: {
      ...stay,
      lotId: completed >= 1 ? '2' : '',
      lotSlug: completed >= 1 ? 'outdoor' : '',
      lotName: completed >= 1 ? 'Outdoor' : '',
      price: completed >= 1 ? '63.00' : '',
    },
    details:
      completed >= 2
        ? {
            title: 'Ms',
            firstName: 'Harriet',
            lastName: 'Osei',
            phoneNumber: '0400 222 333',
            email: 'harriet@example.com',
            business: '',
          }
        : null,
    car:
      completed >= 3
        ? {
            vehicle: '',
            rego: 'ABC123',
            make: 'Mazda',
            model: 'CX-5',
            colour: 'Blue',
            vehicleType: '3',
            vehicleTypeName: 'SUV',
          }
        : null,
    flights:
      completed >= 4
        ? {
            sameDay: false,
            airlineOut: '1',
            notFlyingOut: false,
            flightOut: '11',
            flightNumberOut: 'QF1502',
            flightTimeOut: '06:00:00',
            busDepartureTime: '05:00:00',
            airlineIn: '1',
            notFlyingIn: false,
            flightIn: '21',
            flightNumberIn: 'QF1505',
            flightTimeIn: '10:30:00',
            passengersOut: 2,
            passengersIn: 2,
            confirmed: true,
            airlineOutName: 'Qantas',
            airlineInName: 'Qantas',
            flightOutLabel: 'QF1502',
            flightInLabel: 'QF1505',
          }
        : null,
    extras:
      completed >= 5
        ? {
            ids: ['7'],
            prices: { '7': '45.00' },
            names: { '7': 'Exterior wash' },
            promoCode: 'WELCOME10',
            discountRate: '0.1',
          }
        : NO_EXTRAS,
    booking: null,
    ...overrides,
  };
  return state;
}

export function startWizard(state: WizardState): void {
  window.sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(state));
}

export const storedWizard = (): WizardState =>
  JSON.parse(window.sessionStorage.getItem(WIZARD_STORAGE_KEY) ?? 'null') as WizardState;

export const noBlockout: MockRoute = {
  path: 'blockout-periods/current_form_blockout/',
  body: { data: null },
};

export function quotesRoute(full: { indoor?: boolean; outdoor?: boolean } = {}): MockRoute {
  const quote = (id: string, price: string, formatted: string, exceeded: boolean) => ({
    type: 'quotes',
    id: `${id}:x`,
    attributes: {
      price,
      formattedPrice: formatted,
      startDate: '',
      endDate: '',
      fillThresholdExceeded: exceeded,
      parkingBlockouts: [],
    },
    relationships: { lot: { data: { type: 'lots', id } } },
  });
  return {
    path: 'quotes/',
    body: {
      data: [
        quote('1', '80.00', '$80', full.indoor ?? false),
        quote('2', '63.00', '$63', full.outdoor ?? false),
      ],
      included: [
        { type: 'lots', id: '1', attributes: { name: 'Indoor', slug: 'indoor' } },
        { type: 'lots', id: '2', attributes: { name: 'Outdoor', slug: 'outdoor' } },
      ],
    },
  };
}

export const vehicleTypesRoute: MockRoute = {
  path: 'vehicle-types/',
  body: {
    data: [
      { type: 'vehicle-types', id: '3', attributes: { name: 'SUV' } },
      { type: 'vehicle-types', id: '1', attributes: { name: 'Sedan' } },
    ],
  },
};

export const airlinesRoute: MockRoute = {
  path: 'airlines/',
  body: {
    data: [
      { type: 'airlines', id: '9', attributes: { name: 'Not flying' } },
      { type: 'airlines', id: '1', attributes: { name: 'Qantas' } },
    ],
  },
};

export const flightsRoute: MockRoute = {
  path: 'flights/',
  reply: (call) => {
    const departure = call.url.searchParams.get('filter[departure]') === 'true';
    return {
      body: {
        data: [
          departure
            ? {
                type: 'flights',
                id: '11',
                attributes: {
                  flightNumber: 'QF1502',
                  flightLabel: 'QF1502 Hobart → Melbourne 06:00',
                  time: '06:00:00',
                },
                relationships: { busTrip: { data: { type: 'bus-trips', id: '5' } } },
              }
            : {
                type: 'flights',
                id: '21',
                attributes: {
                  flightNumber: 'QF1505',
                  flightLabel: 'QF1505 Melbourne → Hobart 10:30',
                  time: '10:30:00',
                },
                relationships: { busTrip: { data: null } },
              },
        ],
        included: departure
          ? [{ type: 'bus-trips', id: '5', attributes: { departureTime: '05:00:00' } }]
          : [],
      },
    };
  },
};

export const extrasRoute: MockRoute = {
  path: 'extras/',
  body: {
    data: [
      {
        type: 'extras',
        id: '7',
        attributes: {
          name: 'Exterior wash',
          description: 'Hand wash.',
          extraType: 'detailing',
          basePrice: '35.00',
          available: true,
        },
      },
      {
        type: 'extras',
        id: '8',
        attributes: {
          name: 'Full valet',
          description: 'Inside and out.',
          extraType: 'detailing',
          basePrice: '169.00',
          available: false,
        },
      },
      {
        type: 'extras',
        id: '9',
        attributes: {
          name: 'Tyre check',
          description: 'Pressures set.',
          extraType: 'service',
          basePrice: '15.00',
          available: true,
        },
      },
    ],
  },
};

export const variationsRoute: MockRoute = {
  path: 'extra-variations/',
  body: {
    data: [
      {
        type: 'extra-variations',
        id: '1',
        attributes: { price: '45.00' },
        relationships: { extra: { data: { type: 'extras', id: '7' } } },
      },
    ],
  },
};
