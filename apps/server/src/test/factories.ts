/** Test data made directly in the database, with sensible defaults. */
import type { FastifyInstance } from 'fastify';
import type { Role } from '@parking/domain/constants';
import { hashPassword } from '../accounts/crypto';
import type { Executor } from '../db/client';
import { customers, lots, users, vehicles, vehicleTypes } from '../db/schema/index';
import { api, doc, one } from './server';

let sequence = 0;
const next = () => ++sequence;
export const PASSWORD = 'test-pass-1';
let passwordHash: Promise<string> | undefined;

export async function createUser(
  db: Executor,
  options: {
    email?: string;
    roles?: Role[];
    confirmed?: boolean;
    password?: string | null;
    firstName?: string;
  } = {},
) {
  const n = next();
  const email = options.email ?? `user${n}@example.com`;
  const hash =
    options.password === null
      ? null
      : options.password
        ? await hashPassword(options.password)
        : await (passwordHash ??= hashPassword(PASSWORD));
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: hash,
      roles: options.roles ?? ['Customers'],
      emailConfirmed: options.confirmed ?? true,
    })
    .returning();
  if (!user) throw new Error('no user');
  const [customer] = await db
    .insert(customers)
    .values({
      email,
      title: 'Ms',
      firstName: options.firstName ?? `First${n}`,
      lastName: `Last${n}`,
      phoneNumber: '0400 000 000',
      userId: user.id,
    })
    .returning();
  if (!customer) throw new Error('no customer');
  return { user, customer };
}

export async function createVehicleType(db: Executor, name = `Type ${next()}`) {
  const [row] = await db.insert(vehicleTypes).values({ name }).returning();
  if (!row) throw new Error('no vehicle type');
  return row;
}

export async function createVehicle(
  db: Executor,
  ownerId: number,
  vehicleTypeId: number,
  rego = `T${next()}ABC`,
) {
  const [row] = await db
    .insert(vehicles)
    .values({ rego, make: 'Toyota', model: 'Corolla', colour: 'White', vehicleTypeId, ownerId })
    .returning();
  if (!row) throw new Error('no vehicle');
  return row;
}

export async function createLots(db: Executor) {
  return db
    .insert(lots)
    .values([
      {
        name: 'Indoor',
        slug: 'indoor',
        productCodename: 'unlimited_indoor_parking',
        lotType: 'indoor',
        spaces: 150,
        fillRateThreshold: '0.9',
        rate: '18.00',
      },
      {
        name: 'Outdoor',
        slug: 'outdoor',
        productCodename: 'unlimited_outdoor_parking',
        lotType: 'outdoor',
        spaces: 400,
        fillRateThreshold: '0.95',
        rate: '12.00',
      },
    ])
    .returning();
}

/** Logs in through the API and answers the token. */
export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const response = await api(app, 'POST', '/backend/api/v1/sessions/', {
    body: doc('sessions', { email, password }),
  });
  if (response.status !== 201) throw new Error(`login failed: ${JSON.stringify(response.body)}`);
  const token = one(response.body).attributes.token;
  if (typeof token !== 'string') throw new Error('no token');
  return token;
}
