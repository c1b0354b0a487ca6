/**
 * People: the demo logins (admin, sales, customer) with their customer records, the valets who park the
 * cars, about fifteen hundred walk-in and website customers, and everyone's vehicles.
 */
import * as t from '../db/schema/index';
import { type CustomerInfo, DAY_MS, inChunks, type SeedContext } from './context';
import type { VehicleTypeName } from './data';
import { BUSINESSES, FEMALE_NAMES, MALE_NAMES, SURNAMES } from './data-people';
import { COLOURS, MAKES } from './data-vehicles';
import { WeightedTable } from '@parking/domain/seeded-random';

const RANDOM_CUSTOMERS = 1500;

export interface People {
  users: number;
  adminUserId: number;
  salesUserId: number;
  demoUserId: number;
  customers: CustomerInfo[];
  staffCustomers: CustomerInfo[];
  demoCustomer: CustomerInfo;
  /** Customers with neither a login nor a staff record, and how often each books (relative weight). */
  randomCustomers: CustomerInfo[];
  frequency: Map<string, number>;
  vehicles: number;
}

export async function seedPeople(
  ctx: SeedContext,
  passwordHash: string,
  vehicleTypeId: (name: VehicleTypeName) => number,
): Promise<People> {
  const { tx, rng, now, nowMs, emailDomain } = ctx;
  const demoPeople = [
    {
      email: 'admin@example.com',
      roles: ['Admins'],
      title: 'Ms',
      firstName: 'Olivia',
      lastName: 'Bennett',
      phone: '0412 480 113',
    },
    {
      email: 'sales@example.com',
      roles: ['Sales'],
      title: 'Mr',
      firstName: 'Liam',
      lastName: 'Nguyen',
      phone: '0423 617 902',
    },
    {
      email: 'customer@example.com',
      roles: ['Customers'],
      title: 'Mrs',
      firstName: 'Charlotte',
      lastName: 'Wilson',
      phone: '0438 205 761',
    },
  ];
  const userRows = await tx
    .insert(t.users)
    .values(
      demoPeople.map((person, i) => ({
        email: person.email,
        passwordHash,
        roles: person.roles,
        emailConfirmed: true,
        created: new Date(nowMs - (900 - i * 200) * DAY_MS),
      })),
    )
    .returning({ id: t.users.id, email: t.users.email });
  const userId = (email: string) => userRows.find((row) => row.email === email)?.id as number;
  const adminUserId = userId('admin@example.com');
  const salesUserId = userId('sales@example.com');
  const demoUserId = userId('customer@example.com');

  const usedEmails = new Set<string>();
  const usedRegos = new Set<string>();
  const phone = () => `04${rng.int(0, 9)}${rng.int(0, 9)} ${rng.int(100, 999)} ${rng.int(100, 999)}`;
  const customerRows: (typeof t.customers.$inferInsert)[] = demoPeople.map((person, i) => ({
    email: person.email,
    title: person.title,
    firstName: person.firstName,
    lastName: person.lastName,
    phoneNumber: person.phone,
    staff: person.roles[0] !== 'Customers',
    userId: userId(person.email),
    created: new Date(nowMs - (900 - i * 200) * DAY_MS),
  }));
  // Valets: staff customers without a login, listed as "parked by" at check-in.
  const valets = [
    ['Mr', 'Jack', 'Thompson'],
    ['Miss', 'Mia', 'Robinson'],
    ['Mr', 'Noah', 'Walker'],
    ['Ms', 'Ella', 'Harris'],
    ['Mr', 'Cooper', 'Ryan'],
  ] as const;
  for (const [title, firstName, lastName] of valets) {
    customerRows.push({
      email: `${firstName}.${lastName}@example.com`.toLowerCase(),
      title,
      firstName,
      lastName,
      phoneNumber: phone(),
      staff: true,
      created: new Date(nowMs - rng.int(300, 1200) * DAY_MS),
    });
  }
  for (const row of customerRows) usedEmails.add(row.email);

  // Everyone else: walk-in and website customers with no login.
  const frequency = new Map<string, number>();
  for (let i = 0; i < RANDOM_CUSTOMERS; i++) {
    const female = rng.chance(0.5);
    const firstName = female ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES);
    const lastName = rng.pick(SURNAMES);
    const title = female
      ? rng.weighted([
          ['Mrs', 35],
          ['Ms', 40],
          ['Miss', 14],
          ['Dr', 6],
          ['Mrs & Mr', 5],
        ] as const)
      : rng.weighted([
          ['Mr', 88],
          ['Dr', 6],
          ['Mr & Mrs', 5],
          ['Prof', 1],
        ] as const);
    let email: string;
    if (rng.chance(0.03)) {
      email = `no-email-${rng.uuid()}@${emailDomain}`;
    } else {
      const local = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
      const domain = rng.chance(0.65) ? 'example.com' : 'example.net';
      email = `${local}@${domain}`;
      for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@${domain}`;
    }
    usedEmails.add(email);
    customerRows.push({
      email,
      title,
      firstName,
      lastName,
      phoneNumber: phone(),
      business: rng.chance(0.08) ? rng.pick(BUSINESSES) : '',
      created: new Date(nowMs - rng.int(240, 1500) * DAY_MS - rng.int(0, 86_399) * 1000),
    });
    // Business travellers and regulars book far more often than holiday makers.
    frequency.set(
      email,
      rng.weighted([
        [1, 75],
        [2.5, 20],
        [5, 5],
      ] as const),
    );
  }
  const insertedCustomers = await inChunks(customerRows, (chunk) =>
    tx.insert(t.customers).values(chunk).returning({ id: t.customers.id, email: t.customers.email }),
  );
  const customerIdByEmail = new Map(insertedCustomers.map((row) => [row.email, row.id]));
  const customers: CustomerInfo[] = customerRows.map((row) => ({
    id: customerIdByEmail.get(row.email) as number,
    title: row.title ?? '',
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    phoneNumber: row.phoneNumber ?? '',
    email: row.email,
    business: row.business ?? '',
    userId: row.userId ?? null,
    vehicles: [],
    bookings: 0,
  }));
  const customerByEmail = (email: string) =>
    customers.find((customer) => customer.email === email) as CustomerInfo;
  const staffCustomers = customers.filter((_, i) => customerRows[i]?.staff);
  const demoCustomer = customerByEmail('customer@example.com');

  // Vehicles.
  const makeTable = new WeightedTable(MAKES, (make) => make.weight);
  const rego = () => {
    for (;;) {
      const roll = rng.next();
      const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
      // Tasmanian "A12BC", older "ABC123", the odd interstate car.
      const plate =
        roll < 0.6
          ? `${rng.string(letters, 1)}${rng.int(10, 99)}${rng.string(letters, 2)}`
          : roll < 0.9
            ? `${rng.string(letters, 3)}${rng.int(100, 999)}`
            : `${rng.int(1, 9)}${rng.string(letters, 2)}${rng.int(1, 9)}${rng.string(letters, 2)}`;
      if (!usedRegos.has(plate)) {
        usedRegos.add(plate);
        return plate;
      }
    }
  };
  const customerCreated = new Map(customerRows.map((row) => [row.email, row.created]));
  const vehicleRows: (typeof t.vehicles.$inferInsert)[] = [];
  const vehicleOwners: CustomerInfo[] = [];
  const addVehicle = (
    owner: CustomerInfo,
    make: string,
    model: string,
    type: VehicleTypeName,
    colour: string,
    plate: string,
  ) => {
    usedRegos.add(plate);
    vehicleRows.push({
      rego: plate,
      make,
      model,
      colour,
      vehicleTypeId: vehicleTypeId(type),
      ownerId: owner.id,
      created: customerCreated.get(owner.email) ?? now,
    });
    vehicleOwners.push(owner);
  };
  addVehicle(demoCustomer, 'Mazda', 'CX-5', 'SUV', 'Blue', 'F27KD');
  addVehicle(demoCustomer, 'Toyota', 'Corolla', 'Hatchback', 'White', 'CWT482');
  const randomCustomers = customers.filter(
    (customer) => !customer.userId && !staffCustomers.includes(customer),
  );
  for (const customer of randomCustomers) {
    const make = makeTable.pick(rng);
    const [model, type] = rng.pick(make.models);
    addVehicle(customer, make.make, model, type, rng.weighted(COLOURS), rego());
  }
  const insertedVehicles = await inChunks(vehicleRows, (chunk) =>
    tx.insert(t.vehicles).values(chunk).returning({ id: t.vehicles.id, rego: t.vehicles.rego }),
  );
  const vehicleIdByRego = new Map(insertedVehicles.map((row) => [row.rego, row.id]));
  vehicleRows.forEach((row, i) => {
    vehicleOwners[i]?.vehicles.push({
      id: vehicleIdByRego.get(row.rego) as number,
      rego: row.rego,
      make: row.make,
      model: row.model,
      colour: row.colour,
      vehicleTypeId: row.vehicleTypeId,
      busy: [],
    });
  });

  return {
    users: userRows.length,
    adminUserId,
    salesUserId,
    demoUserId,
    customers,
    staffCustomers,
    demoCustomer,
    randomCustomers,
    frequency,
    vehicles: vehicleRows.length,
  };
}
