/**
 * The content backend's answers (public-site §7 "Content backend"), as the web client reads them. Every
 * answer, from our own tables or from a WordPress behind CMS_URL, is parsed through these schemas on
 * its way out: they keep only the listed fields, fill what is missing with an empty value, sanitise HTML
 * and drop unsafe URLs. A field that is not listed here never reaches a browser.
 */
import { z } from 'zod';
import { safeUrl, sanitizeHtml } from './sanitize-html';

const PAGE_LAYOUTS = ['page', 'feature-image', 'contact'] as const;
export const MENU_LOCATIONS = ['main', 'footer', 'footer_secondary'] as const;
export type MenuLocation = (typeof MENU_LOCATIONS)[number];
const IMAGE_SIZES = ['thumbnail', 'medium', 'large', 'full'] as const;

const text = z.string().trim().max(5000).catch('');
const html = z.string().max(200_000).catch('').transform(sanitizeHtml);
const url = z
  .string()
  .max(2000)
  .catch('')
  .transform((value) => safeUrl(value) ?? '');
const id = z.union([z.number(), z.string()]).transform(String).catch('');
/** A list whose broken entries are left out rather than failing the whole answer. */
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .catch([])
    .transform((items) =>
      items.flatMap((raw) => {
        const parsed = item.safeParse(raw);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );

const image = z.object({
  url,
  width: z.number().int().min(0).catch(0),
  height: z.number().int().min(0).catch(0),
});
const featuredImage = z
  .object({
    alt: text,
    sizes: z.object(
      Object.fromEntries(IMAGE_SIZES.map((size) => [size, image.nullable().catch(null)])) as Record<
        (typeof IMAGE_SIZES)[number],
        z.ZodCatch<z.ZodNullable<typeof image>>
      >,
    ),
  })
  .nullable()
  .catch(null);

const callToAction = z
  .object({ title: text, text, button_label: text, button_url: url })
  .nullable()
  .catch(null);

export const routesDocument = listOf(
  z.object({
    path: z.string().trim().min(1).max(300),
    title: text,
    layout: z.enum(PAGE_LAYOUTS).catch('page'),
  }),
);

export const pageDocument = z.object({
  id,
  path: text,
  title: text,
  layout: z.enum(PAGE_LAYOUTS).catch('page'),
  content: html,
  acf: z
    .object({
      intro: text,
      accordion: listOf(z.object({ title: text, content: html })),
      footer_cta: callToAction,
    })
    .catch({ intro: '', accordion: [], footer_cta: null }),
  featured_image: featuredImage,
});

export const frontpageDocument = z.object({
  id,
  title: text,
  content: html,
  acf: z
    .object({
      hero_title: text,
      hero_text: text,
      /** The home carousel's three steps; the illustrations are the web app's own. */
      slides: listOf(z.object({ title: text, text })),
      cta_logged_in_text: text,
      cta_guest_text: text,
      columns: listOf(z.object({ title: text, content: html, icon: text })),
      location: z
        .object({ title: text, content: html, address: text, directions_url: url })
        .nullable()
        .catch(null),
      quotes: z
        .object({
          title: text,
          slides_to_show: z.number().int().min(1).max(4).catch(3),
          items: listOf(z.object({ quote: text, name: text, detail: text })),
        })
        .nullable()
        .catch(null),
      footer_cta: callToAction,
    })
    .catch({
      hero_title: '',
      hero_text: '',
      slides: [],
      cta_logged_in_text: '',
      cta_guest_text: '',
      columns: [],
      location: null,
      quotes: null,
      footer_cta: null,
    }),
});

export const menuDocument = listOf(
  z.object({
    id,
    title: z.string().trim().min(1).max(200),
    url: z
      .string()
      .transform((value) => safeUrl(value) ?? '')
      .pipe(z.string().min(1)),
  }),
);

export const optionsDocument = z.object({
  acf: z
    .object({
      contact_phone: text,
      address: text,
      email: text,
      hours: text,
      header_message: text,
      social_links: listOf(
        z.object({
          network: text,
          // Social profiles are other websites: nothing but http(s).
          url: z
            .string()
            .transform((value) => (/^https?:\/\//i.test(value.trim()) ? value.trim() : ''))
            .pipe(z.string().min(1)),
        }),
      ),
    })
    .catch({ contact_phone: '', address: '', email: '', hours: '', header_message: '', social_links: [] }),
});
