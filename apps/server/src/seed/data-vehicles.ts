/** Reference data for the demo seed's vehicles: colours, and makes with their models and vehicle types. */
import type { VehicleTypeName } from './data';

export const COLOURS = [
  ['White', 26],
  ['Black', 12],
  ['Grey', 16],
  ['Silver', 15],
  ['Red', 7],
  ['Blue', 10],
  ['Brown', 2],
  ['Green', 2],
  ['Beige', 2],
  ['Orange', 1],
  ['Gold', 1],
  ['Yellow', 1],
  ['Purple', 1],
] as const;

/** Makes with their models and each model's vehicle type; weights roughly follow Australian sales. */
export const MAKES: readonly {
  make: string;
  weight: number;
  models: readonly (readonly [string, VehicleTypeName])[];
}[] = [
  {
    make: 'Toyota',
    weight: 20,
    models: [
      ['Corolla', 'Hatchback'],
      ['Camry', 'Sedan'],
      ['RAV4', 'SUV'],
      ['HiLux', 'Ute'],
      ['LandCruiser', '4WD'],
      ['Prado', '4WD'],
      ['Kluger', 'SUV'],
      ['Yaris', 'Hatchback'],
      ['HiAce', 'Van'],
      ['Tarago', 'People mover'],
    ],
  },
  {
    make: 'Mazda',
    weight: 11,
    models: [
      ['Mazda3', 'Hatchback'],
      ['CX-5', 'SUV'],
      ['CX-3', 'SUV'],
      ['BT-50', 'Ute'],
      ['Mazda6', 'Sedan'],
      ['CX-9', 'SUV'],
    ],
  },
  {
    make: 'Hyundai',
    weight: 9,
    models: [
      ['i30', 'Hatchback'],
      ['Tucson', 'SUV'],
      ['Santa Fe', 'SUV'],
      ['Kona', 'SUV'],
      ['iLoad', 'Van'],
      ['Staria', 'People mover'],
    ],
  },
  {
    make: 'Ford',
    weight: 9,
    models: [
      ['Ranger', 'Ute'],
      ['Everest', '4WD'],
      ['Focus', 'Hatchback'],
      ['Escape', 'SUV'],
      ['Transit', 'Van'],
    ],
  },
  {
    make: 'Kia',
    weight: 8,
    models: [
      ['Cerato', 'Sedan'],
      ['Sportage', 'SUV'],
      ['Sorento', 'SUV'],
      ['Carnival', 'People mover'],
      ['Picanto', 'Hatchback'],
    ],
  },
  {
    make: 'Holden',
    weight: 5,
    models: [
      ['Commodore', 'Sedan'],
      ['Colorado', 'Ute'],
      ['Captiva', 'SUV'],
      ['Astra', 'Hatchback'],
      ['Barina', 'Hatchback'],
    ],
  },
  {
    make: 'Mitsubishi',
    weight: 7,
    models: [
      ['Triton', 'Ute'],
      ['Outlander', 'SUV'],
      ['ASX', 'SUV'],
      ['Pajero', '4WD'],
      ['Lancer', 'Sedan'],
    ],
  },
  {
    make: 'Subaru',
    weight: 7,
    models: [
      ['Forester', 'SUV'],
      ['Outback', 'SUV'],
      ['XV', 'SUV'],
      ['Impreza', 'Hatchback'],
      ['WRX', 'Sedan'],
    ],
  },
  {
    make: 'Volkswagen',
    weight: 5,
    models: [
      ['Golf', 'Hatchback'],
      ['Polo', 'Hatchback'],
      ['Tiguan', 'SUV'],
      ['Amarok', 'Ute'],
      ['Transporter', 'Van'],
    ],
  },
  {
    make: 'Nissan',
    weight: 5,
    models: [
      ['X-Trail', 'SUV'],
      ['Navara', 'Ute'],
      ['Patrol', '4WD'],
      ['Qashqai', 'SUV'],
      ['Pulsar', 'Sedan'],
    ],
  },
  {
    make: 'Tesla',
    weight: 3,
    models: [
      ['Model 3', 'Sedan'],
      ['Model Y', 'SUV'],
    ],
  },
  {
    make: 'BMW',
    weight: 2,
    models: [
      ['3 Series', 'Sedan'],
      ['X3', 'SUV'],
      ['X5', 'SUV'],
      ['1 Series', 'Hatchback'],
    ],
  },
];
