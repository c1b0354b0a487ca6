/**
 * Reference data for the demo seed: a Hobart airport car park, its lots, timetables, extras and products
 * (its people, vehicles and free text: data-people.ts, data-vehicles.ts, data-notes.ts).
 */

export const DEMO_PASSWORD = 'demo-pass-1';

export const BOOKING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export type LotSlug = 'indoor' | 'outdoor';

export const LOTS = [
  {
    slug: 'indoor',
    name: 'Indoor',
    productCodename: 'unlimited_indoor_parking',
    lotType: 'indoor',
    spaces: 150,
    fillRateThreshold: '0.9',
    rate: '12.00',
    regions: [
      ['Level 1', 8],
      ['Level 2', 8],
      ['Level 3', 6],
    ],
    // Short-term rate table: the price of a stay of 1..14 days.
    table: [32, 50, 66, 80, 93, 105, 116, 126, 135, 144, 153, 162, 171, 180],
  },
  {
    slug: 'outdoor',
    name: 'Outdoor',
    productCodename: 'unlimited_outdoor_parking',
    lotType: 'outdoor',
    spaces: 400,
    fillRateThreshold: '0.95',
    rate: '9.00',
    regions: [
      ['Zone A', 12],
      ['Zone B', 12],
      ['Zone C', 10],
      ['Overflow', 4],
    ],
    table: [25, 39, 52, 63, 73, 82, 90, 97, 104, 111, 118, 125, 132, 139],
  },
] as const;

export const VEHICLE_TYPES = ['Sedan', 'Hatchback', 'SUV', '4WD', 'Ute', 'Van', 'People mover'] as const;
export type VehicleTypeName = (typeof VEHICLE_TYPES)[number];

export const NOT_FLYING = 'Not flying';

export const AIRLINES = [
  { name: 'Qantas', code: 'QF' },
  { name: 'Virgin Australia', code: 'VA' },
  { name: 'Jetstar', code: 'JQ' },
  { name: 'Rex', code: 'ZL' },
] as const;

/** Shuttle bus timetables: weekdays every half hour 04:30-20:00, weekends hourly 05:00-20:00 plus peak half hours. */
export const BUS_TRIPS: Record<'weekday' | 'weekend', string[]> = {
  weekday: Array.from({ length: 32 }, (_, i) => {
    const minutes = 4 * 60 + 30 + i * 30;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  }),
  weekend: [
    '05:00',
    '05:30',
    '06:00',
    '06:30',
    '07:00',
    '08:00',
    '09:00',
    '10:00',
    '11:00',
    '12:00',
    '13:00',
    '14:00',
    '15:00',
    '16:00',
    '17:00',
    '18:00',
    '19:00',
    '20:00',
  ],
};

/** [flight number, other city, HH:mm]: departures leave Hobart for the city, arrivals come from it. */
type FlightRow = readonly [string, string, string];

export const FLIGHTS: Record<'weekday' | 'weekend', { departures: FlightRow[]; arrivals: FlightRow[] }> = {
  weekday: {
    departures: [
      ['QF1502', 'Melbourne', '06:00'],
      ['JQ702', 'Melbourne', '06:15'],
      ['VA1531', 'Melbourne', '06:45'],
      ['QF1004', 'Sydney', '07:10'],
      ['JQ722', 'Sydney', '07:40'],
      ['VA1521', 'Sydney', '08:30'],
      ['QF1506', 'Melbourne', '09:30'],
      ['JQ712', 'Melbourne', '11:00'],
      ['QF1620', 'Brisbane', '11:45'],
      ['VA1549', 'Brisbane', '12:30'],
      ['ZL5204', 'Melbourne', '13:15'],
      ['JQ726', 'Sydney', '14:20'],
      ['QF1512', 'Melbourne', '15:40'],
      ['VA1539', 'Melbourne', '16:50'],
      ['QF1030', 'Sydney', '17:35'],
      ['JQ716', 'Melbourne', '18:30'],
      ['VA1527', 'Sydney', '19:15'],
      ['QF1518', 'Melbourne', '20:05'],
    ],
    arrivals: [
      ['QF1503', 'Melbourne', '08:55'],
      ['JQ703', 'Melbourne', '09:20'],
      ['VA1532', 'Melbourne', '10:05'],
      ['QF1005', 'Sydney', '10:40'],
      ['JQ723', 'Sydney', '11:25'],
      ['VA1522', 'Sydney', '12:15'],
      ['QF1621', 'Brisbane', '14:45'],
      ['VA1550', 'Brisbane', '15:50'],
      ['ZL5205', 'Melbourne', '16:30'],
      ['JQ727', 'Sydney', '17:45'],
      ['QF1513', 'Melbourne', '18:50'],
      ['VA1540', 'Melbourne', '19:55'],
      ['QF1031', 'Sydney', '21:10'],
      ['JQ717', 'Melbourne', '22:05'],
      ['VA1528', 'Sydney', '22:40'],
    ],
  },
  weekend: {
    departures: [
      ['JQ704', 'Melbourne', '06:30'],
      ['QF1504', 'Melbourne', '07:15'],
      ['VA1533', 'Melbourne', '08:00'],
      ['QF1008', 'Sydney', '09:45'],
      ['JQ724', 'Sydney', '11:20'],
      ['VA1551', 'Brisbane', '12:40'],
      ['QF1514', 'Melbourne', '14:30'],
      ['JQ730', 'Gold Coast', '15:50'],
      ['VA1523', 'Sydney', '17:10'],
      ['QF1032', 'Sydney', '18:45'],
      ['JQ718', 'Melbourne', '19:55'],
    ],
    arrivals: [
      ['JQ705', 'Melbourne', '09:40'],
      ['QF1505', 'Melbourne', '10:30'],
      ['VA1534', 'Melbourne', '11:35'],
      ['QF1009', 'Sydney', '13:05'],
      ['JQ725', 'Sydney', '14:50'],
      ['VA1552', 'Brisbane', '16:20'],
      ['QF1515', 'Melbourne', '17:55'],
      ['JQ731', 'Gold Coast', '19:10'],
      ['VA1524', 'Sydney', '20:35'],
      ['QF1033', 'Sydney', '22:15'],
    ],
  },
};

/** [name, type, base price, description, public, variations by vehicle type]. */
export const EXTRAS: readonly {
  name: string;
  extraType: 'detailing' | 'service';
  basePrice: string;
  description: string;
  public: boolean;
  variations: Partial<Record<VehicleTypeName, string>>;
}[] = [
  {
    name: 'Exterior wash',
    extraType: 'detailing',
    basePrice: '35.00',
    description: 'Hand wash and dry of the exterior, wheels and tyres cleaned, windows inside and out.',
    public: true,
    variations: { SUV: '45.00', '4WD': '49.00', Ute: '45.00', Van: '55.00', 'People mover': '55.00' },
  },
  {
    name: 'Wash and vacuum',
    extraType: 'detailing',
    basePrice: '59.00',
    description: 'Exterior wash plus a full interior vacuum, dash and console wiped.',
    public: true,
    variations: { SUV: '69.00', '4WD': '75.00', Ute: '69.00', Van: '85.00', 'People mover': '85.00' },
  },
  {
    name: 'Interior detail',
    extraType: 'detailing',
    basePrice: '99.00',
    description: 'Seats shampooed or leather conditioned, carpets steam cleaned, every surface detailed.',
    public: true,
    variations: { SUV: '119.00', '4WD': '129.00', Van: '139.00', 'People mover': '139.00' },
  },
  {
    name: 'Full valet',
    extraType: 'detailing',
    basePrice: '169.00',
    description: 'Our complete inside-and-out valet: wash, clay bar, wax, interior detail and tyre shine.',
    public: true,
    variations: { SUV: '199.00', '4WD': '219.00', Ute: '199.00', Van: '229.00', 'People mover': '229.00' },
  },
  {
    name: 'Cut and polish',
    extraType: 'detailing',
    basePrice: '249.00',
    description:
      'Machine cut and polish to remove swirl marks and light scratches (booked by staff after an inspection).',
    public: false,
    variations: { SUV: '289.00', '4WD': '309.00', Van: '329.00', 'People mover': '329.00' },
  },
  {
    name: 'Logbook service',
    extraType: 'service',
    basePrice: '289.00',
    description:
      "A manufacturer's logbook service by our partner workshop while you are away; warranty safe.",
    public: true,
    variations: { SUV: '319.00', '4WD': '359.00', Ute: '339.00', Van: '349.00', 'People mover': '339.00' },
  },
  {
    name: 'Tyre check',
    extraType: 'service',
    basePrice: '15.00',
    description: 'Tyre pressures set for your return, tread depth and condition checked.',
    public: true,
    variations: {},
  },
  {
    name: 'Battery health check',
    extraType: 'service',
    basePrice: '25.00',
    description: 'Battery load tested and terminals cleaned; a flat battery is charged before you land.',
    public: true,
    variations: { '4WD': '29.00', Van: '29.00' },
  },
];

export const PRODUCTS = [
  {
    name: 'Unlimited indoor parking',
    codename: 'unlimited_indoor_parking',
    description: 'Park under cover as often as you like, for as long as you like. Billed every three months.',
    amount: '449.00',
  },
  {
    name: 'Unlimited outdoor parking',
    codename: 'unlimited_outdoor_parking',
    description: 'Unlimited valet parking in our secure outdoor lot. Billed every three months.',
    amount: '299.00',
  },
] as const;
