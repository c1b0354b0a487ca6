/**
 * Marketing content of the demo site (public-site §7 "Content backend"): the home page's blocks, the
 * about, FAQ, terms, privacy and contact pages, the three menus and the site options. Written into the
 * content tables that the /wp-json/... routes serve; a WordPress behind CMS_URL replaces all of it.
 */
import type { Executor } from '../db/client';
import { contentMenus, contentOptions, contentPageRevisions, contentPages } from '../db/schema/index';
import { revisionOfPage } from '../content/content-pages';

const PHONE = '1300 975 707';
const ADDRESS = '12 Holyman Avenue, Cambridge TAS 7170';
const EMAIL = 'bookings@skypark.example';
const HOURS = 'Open 7 days, 4:00 am to 11:00 pm';
const DIRECTIONS = `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(ADDRESS)}`;

const image = (file: string, alt: string) => ({
  alt,
  sizes: {
    thumbnail: { url: `/content/${file}`, width: 300, height: 150 },
    medium: { url: `/content/${file}`, width: 600, height: 300 },
    large: { url: `/content/${file}`, width: 1200, height: 600 },
    full: { url: `/content/${file}`, width: 1600, height: 800 },
  },
});

const quoteCta = {
  title: 'Ready when you are',
  text: 'Choose your dates and see both car parks side by side. It takes less than a minute.',
  button_label: 'Get a quote',
  button_url: '/booking/step-1',
};

const frontpage = {
  path: '/',
  title: 'Home',
  layout: 'frontpage' as const,
  content: '',
  fields: {
    hero_title: 'Valet indoor and outdoor parking with a shuttle to the airport',
    hero_text:
      'Hand your keys to our valet team, choose undercover indoor or open-air outdoor parking, and ride our shuttle bus to check-in.',
    slides: [
      {
        title: 'Park and leave the keys',
        text: 'Drive to our car park and hand your keys to the valet team. We park your car indoors or outdoors, as booked.',
      },
      {
        title: 'A lift to airport check-in',
        text: 'Our shuttle bus takes you and your luggage to the terminal, timed to your flight.',
      },
      {
        title: 'Enjoy the trip',
        text: 'Relax while you are away. When you land, the shuttle brings you back to your car.',
      },
    ],
    cta_logged_in_text:
      'Fly every few weeks? An unlimited parking subscription covers every stay in your car park for one price, billed every three months.',
    cta_guest_text:
      'Log on to book with your saved details and vehicles, and to see every booking in one place.',
    columns: [
      {
        title: 'Undercover or open air',
        icon: 'garage',
        content:
          '<p>Indoor parking keeps your car out of the sun, hail and frost. Outdoor parking is our best price, in a fenced and lit compound.</p>',
      },
      {
        title: 'Valet from the door',
        icon: 'key',
        content:
          '<p>No hunting for a space with a boot full of luggage: drive up, hand over the keys and we park the car for you.</p>',
      },
      {
        title: 'Shuttle timed to your flight',
        icon: 'bus',
        content:
          '<p>Tell us your flight and we tell you which bus to catch. Arrive at least 10 minutes before the bus departs.</p>',
      },
    ],
    location: {
      title: 'Five minutes from the terminal',
      address: ADDRESS,
      directions_url: DIRECTIONS,
      content: `<p>Follow the Tasman Highway towards the airport and turn into Holyman Avenue. Our office is at the entrance to the car park. ${HOURS}.</p>`,
    },
    quotes: {
      title: 'What travellers say',
      slides_to_show: 3,
      items: [
        {
          quote:
            'The bus was waiting when we pulled in and the car was ready when we landed. Easiest airport trip we have had.',
          name: 'Megan R.',
          detail: 'Sandy Bay',
        },
        {
          quote:
            'Booked indoor parking for a fortnight in winter and came home to a dry, frost-free car. Worth every cent.',
          name: 'David L.',
          detail: 'Kingston',
        },
        {
          quote: 'Our flight was three hours late and the driver was still there for us. Friendly people.',
          name: 'Priya S.',
          detail: 'Launceston',
        },
        {
          quote: 'I fly to Melbourne twice a month; the subscription paid for itself in the first quarter.',
          name: 'Tom W.',
          detail: 'New Town',
        },
        {
          quote: 'Had the car washed and vacuumed while we were away. It looked better than when we left.',
          name: 'Jenny and Mark',
          detail: 'Huonville',
        },
        {
          quote: 'Clear instructions, a fair price and no surprises at the counter.',
          name: 'Alex C.',
          detail: 'Bellerive',
        },
      ],
    },
    footer_cta: quoteCta,
  },
};

const pages = [
  {
    path: '/about-us',
    title: 'About us',
    layout: 'feature-image' as const,
    menuOrder: 1,
    content: `
<p>SkyPark is a family-run car park beside Hobart Airport. Since 2009 we have looked after the cars of Tasmanians flying for work and holidays, and of visitors who leave a car with us between trips.</p>
<h2>How we look after your car</h2>
<p>Every car is parked by our own valet team, in the car park you booked: undercover indoor bays on three levels, or our fenced and lit outdoor compound. The car park is staffed whenever it is open and monitored by cameras around the clock.</p>
<h2>Getting to your flight</h2>
<p>Our shuttle buses run to the terminal every half hour on weekdays and every hour on weekends, with extra buses before the busy morning flights. When you book, tell us your flight and we will tell you which bus to catch.</p>
<h2>While you are away</h2>
<p>Come home to a clean car: our detailing bay offers washes, interior details and full valets, and our partner workshop can do a logbook service while you are away.</p>`,
    fields: {
      intro: 'Valet airport parking in Hobart, run by people who answer the phone.',
      featured_image: image(
        'about-us.svg',
        'A valet driver handing car keys back to a traveller beside the shuttle bus',
      ),
      footer_cta: quoteCta,
    },
  },
  {
    path: '/faq',
    title: 'Frequently asked questions',
    layout: 'page' as const,
    menuOrder: 2,
    content:
      '<p>Everything you need to know before you park with us. Cannot find your answer? <a href="/contact-us">Send us a message</a> or call us on 1300 975 707.</p>',
    fields: {
      intro: 'Answers to the questions travellers ask us most.',
      accordion: [
        {
          title: 'When should I arrive?',
          content:
            '<p>Please drop your car off at least 10 minutes before your shuttle bus departs. Your booking confirmation shows the bus to catch and the latest drop-off time.</p>',
        },
        {
          title: 'What happens if I miss my bus?',
          content:
            '<p>We will put you on the next bus with a free seat. A missed bus costs a $10 per car administration fee, payable when you collect your car.</p>',
        },
        {
          title: 'My return flight is delayed. Do I need to call?',
          content:
            '<p>No. We follow arrivals and the shuttle meets delayed flights. If you come home on a different day, please call us so that we can have your car ready.</p>',
        },
        {
          title: 'What is the difference between indoor and outdoor parking?',
          content:
            '<p><strong>Indoor</strong> bays are undercover in our multi-level building, out of the sun, hail and frost. <strong>Outdoor</strong> parking is in our fenced, lit and camera-monitored compound and is our best price.</p>',
        },
        {
          title: 'Can I change or cancel my booking?',
          content:
            '<p>Yes, online. Open <a href="/manage-booking">Manage my booking</a> (or the link in your confirmation email) with your booking code and email address, up to 2 hours before your drop-off: change your dates, flights, car or extras and pay any difference, or cancel. Cancel more than 24 hours before drop-off and the whole booking is refunded to your card; later, the extras are refunded. Closer to your drop-off, please call us.</p>',
        },
        {
          title: 'Do your prices include GST?',
          content:
            '<p>Yes. Every price on this site is in Australian dollars and includes GST. Your tax invoice shows the GST amount.</p>',
        },
        {
          title: 'Can I book without an account?',
          content:
            '<p>Yes, you can book as a guest with your email address. With an account you can save your vehicles, see all your bookings and download invoices.</p>',
        },
        {
          title: 'How does the unlimited parking subscription work?',
          content:
            '<p>A subscription makes parking free in its car park (indoor or outdoor) for every stay while it is active. It is billed every three months and you can cancel at any time from your profile.</p>',
        },
      ],
      footer_cta: quoteCta,
    },
  },
  {
    path: '/contact-us',
    title: 'Contact us',
    layout: 'contact' as const,
    menuOrder: 3,
    content: `<p>Questions about a booking, a subscription or your car? Send us a message and we will reply within one business day. For anything urgent on the day of travel, please call us on ${PHONE}.</p>`,
    fields: { intro: 'We are here every day the car park is open.' },
  },
  {
    path: '/terms-and-conditions',
    title: 'Terms and conditions',
    layout: 'page' as const,
    menuOrder: 10,
    content: `
<p>These terms apply to every booking made with SkyPark Airport Parking online, by phone or at the counter.</p>
<h2>Bookings and payment</h2>
<p>Online bookings are paid in full by card when you book. Prices are in Australian dollars and include GST. Extras are charged at the price shown for your vehicle type.</p>
<h2>Drop-off and collection</h2>
<p>Please arrive at least 10 minutes before your shuttle bus departs. A missed bus costs a $10 per car administration fee. Cars collected after the booked return date are charged at our daily rate for the extra days.</p>
<h2>Your car</h2>
<p>Please remove valuables and leave us a key that starts the car. We record the fuel level, kilometres and any visible damage when we park your car.</p>
<h2>Changes and cancellations</h2>
<p>Change or cancel a booking online with Manage my booking up to 2 hours before drop-off; cancelling more than 24 hours before drop-off refunds the booking in full, later only its extras. Promo codes apply to the parking charge only and cannot be combined.</p>`,
    fields: {},
  },
  {
    path: '/privacy-policy',
    title: 'Privacy policy',
    layout: 'page' as const,
    menuOrder: 11,
    content: `
<p>We collect the details we need to look after your car and get you to your flight: your name, contact details, vehicle and flight details.</p>
<h2>How we use your details</h2>
<p>We use them to manage your booking, send your confirmation and invoice, and contact you about your car. We do not sell your details or share them for marketing.</p>
<h2>Payments</h2>
<p>Card payments are processed by our payment provider; we never see or store your full card number.</p>
<h2>Access and correction</h2>
<p>You can see and update your details in your profile, or ask us by email at ${EMAIL}.</p>`,
    fields: {},
  },
];

const link = (id: number, title: string, url: string) => ({ id, title, url });

const menus = {
  main: [
    link(1, 'Get a quote', '/booking/step-1'),
    link(2, 'About us', '/about-us'),
    link(3, 'FAQ', '/faq'),
    link(4, 'Contact us', '/contact-us'),
  ],
  footer: [
    link(11, 'Get a quote', '/booking/step-1'),
    link(12, 'About us', '/about-us'),
    link(13, 'FAQ', '/faq'),
    link(14, 'Contact us', '/contact-us'),
  ],
  footer_secondary: [
    link(21, 'Terms and conditions', '/terms-and-conditions'),
    link(22, 'Privacy policy', '/privacy-policy'),
  ],
};

const options = {
  contact_phone: PHONE,
  address: ADDRESS,
  email: EMAIL,
  hours: HOURS,
  header_message: 'New customers save 10% on parking with the promo code WELCOME10.',
  social_links: [
    { network: 'Facebook', url: 'https://www.facebook.com/skyparkairportparking' },
    { network: 'Instagram', url: 'https://www.instagram.com/skyparkairportparking' },
  ],
};

/** Adds the demo content; run inside the demo seed's transaction on an empty database. */
export async function seedContent(
  tx: Executor,
  now: Date,
): Promise<{ pages: number; menus: number; options: number }> {
  const pageRows = [{ ...frontpage, menuOrder: 0 }, ...pages].map((page) => ({
    path: page.path,
    title: page.title,
    layout: page.layout,
    content: page.content.trim(),
    fields: page.fields,
    menuOrder: page.menuOrder,
    updated: now,
  }));
  const inserted = await tx.insert(contentPages).values(pageRows).returning();
  // Each page's history starts with the content as seeded (issue 25: a page can go back to it).
  await tx
    .insert(contentPageRevisions)
    .values(inserted.map((page) => ({ ...revisionOfPage(page), number: 1, created: now })));
  await tx
    .insert(contentMenus)
    .values(Object.entries(menus).map(([location, items]) => ({ location, items })));
  await tx.insert(contentOptions).values(Object.entries(options).map(([key, value]) => ({ key, value })));
  return { pages: pageRows.length, menus: Object.keys(menus).length, options: Object.keys(options).length };
}
