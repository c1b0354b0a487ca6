/** Reference data for the demo seed's free text: contact messages and the notes staff write on bookings. */

export const CONTACT_MESSAGES = [
  {
    name: 'Margaret Hughes',
    email: 'margaret.hughes@example.com',
    phoneNumber: '0418 552 907',
    message:
      'Hi, we fly out on the 6am Qantas flight next month. What time does the first shuttle leave and how early can we drop the car?',
  },
  {
    name: 'Daniel Tran',
    email: 'd.tran@example.net',
    phoneNumber: '',
    message: 'Do you have spaces high enough for a HiAce with a roof rack in the indoor car park?',
  },
  {
    name: 'Kylie Robinson',
    email: 'kylie.robinson@example.com',
    phoneNumber: '0429 114 386',
    message:
      'Our return flight was cancelled and we are now landing a day later. Can you extend the booking and will there be an extra charge?',
  },
  {
    name: 'Bruce Mitchell',
    email: 'bruce.mitchell@example.net',
    phoneNumber: '0407 830 215',
    message:
      'Can I get a tax invoice for my last three bookings for my accountant? Booked under my business name.',
  },
  {
    name: 'Priya Sharma',
    email: 'priya.sharma@example.com',
    phoneNumber: '0451 276 640',
    message:
      'Is the logbook service done by a licensed mechanic, and will it keep my new car warranty valid? Thanks!',
  },
  {
    name: 'Hamish Fraser',
    email: 'hamish.fraser@example.com',
    phoneNumber: '0432 905 118',
    message:
      'Just wanted to say thanks to the team, the car was washed and waiting at the kerb when we landed. Brilliant service.',
  },
] as const;

export const VEHICLE_NOTES = [
  'Child seat in the back',
  'Roof racks fitted',
  'Tow bar fitted',
  'Key left in the key safe',
  'Spare key with the customer',
  'Dog hair on the rear seat',
] as const;

export const DAMAGE_NOTES = [
  'Small dent on the driver door',
  'Scratch on the rear bumper',
  'Chip in the windscreen, passenger side',
  'Kerbed front left wheel',
  'Scuff on the front bumper',
] as const;

export const BOOKING_NOTES = [
  'Customer asked for a call if the flight is delayed.',
  'Returning with extra luggage: send the larger bus.',
  'Regular customer, prefers the top level.',
  'Paid over the phone.',
  'Wheelchair user: please assist at the kerb.',
] as const;

export const PUBLIC_NOTES = [
  'Thank you for parking with us.',
  'Please keep this invoice for your records.',
] as const;
