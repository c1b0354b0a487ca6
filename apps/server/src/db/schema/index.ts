// The drizzle schema, one module for drizzle-kit and the client.
export * from './accounts';
export * from './catalogue';
export * from './bookings';
export * from './billing';
export * from './content';
export * from './audit';
export * from './custody';
export * from './flight-status';
export * from './waitlist';
export * from './jobs';
export * from './privacy';
export * from './bring-up';
export * from './wallet';
export * from './partners';
export * from './partner-requests';
export * from './partner-webhooks';
