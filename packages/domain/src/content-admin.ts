/**
 * The back office's Content section (issue 25): pages, menus, the home page and the site details that
 * the public site reads through the content backend (public-site §7). The schemas are the API's
 * attributes; the server validates every write with them again and sanitises HTML on save.
 *
 * API (JSON:API under /backend/api/v1/, Admins only: anonymous 401, Sales and customers 403). While
 * CMS_URL names a WordPress every write answers 409 with code `content_managed_elsewhere` and the detail
 * contentMessages.managedElsewhere(url); site-details' `managedBy` is then that URL (else null).
 *   GET/POST          content-pages/              list (filter[status], filter[layout], filter[title][icontains],
 *                                                 sort title|path|menuOrder|updated) and create; never the home page
 *   GET/PATCH/DELETE  content-pages/{id}/         attributes: PageAttributes + featuredImageSizes (read-only:
 *                                                 {thumbnail|medium|large|full: {url,width,height}} or null) +
 *                                                 updated; relationship updatedBy (users). A PATCH sends only
 *                                                 what changes; leaving featuredImage out keeps today's image.
 *   POST              content-pages/{id}/restore/ document type 'content-page-restores', attributes
 *                                                 { revision: a revision's id }; answers the page (200)
 *   POST              content-page-previews/      document type 'content-page-previews', attributes PageAttributes
 *                                                 (unsaved), optional relationship page (content-pages) to keep its
 *                                                 image; answers 200 data.attributes.page = the public get-page
 *                                                 document ({id, path, title, layout, content, acf:{intro,
 *                                                 accordion, footer_cta}, featured_image}) exactly as published
 *   GET               content-page-revisions/?filter[page]={id}&sort=-number   read-only: PageAttributes fields +
 *                                                 number, created; relationships page, createdBy (users)
 *   GET               content-menus/              the three menus; ids are the locations
 *   GET/PATCH         content-menus/{main|footer|footer_secondary}/  attributes { location, items: MenuItem[] };
 *                                                 a page item reads back with url = the page's current path
 *   GET/PATCH         home-page/                  id = the home page row (its revisions: filter[page]={id});
 *                                                 attributes HomePageAttributes + updated; a revision per save
 *   POST              home-page/restore/          type home-page-restores, attributes { revision }: one of the home
 *                                                 page's revisions put back (title and blocks); a save of its own
 *   GET/PATCH         site-details/               id 'site'; attributes SiteDetailsAttributes + managedBy
 *   POST              content-images/?alt=...     body = the image's raw bytes, Content-Type image/jpeg, image/png,
 *                                                 image/webp or application/octet-stream (image/gif, svg+xml, avif,
 *                                                 heic, heif, bmp, tiff: 400 imageNotAnImage; anything else 415);
 *                                                 the real type is read from the bytes and must be the one named
 *                                                 (octet-stream names none). 201: content-images
 *                                                 { alt, width, height, sizes: {thumbnail, medium, large, full:
 *                                                 {url, width, height}}, created }. Refusals: 400 with
 *                                                 imageNotAnImage / imageTypeMismatch / imageTooBig /
 *                                                 imageTooManyPixels / imageUnreadable
 *   GET               content-images/ and content-images/{id}/   the records (Admins)
 *   GET               content-images/{token}/{size}/ the bytes (WebP), token random (the sizes' urls): to anyone
 *                                                 when published content uses it, cached for a year (immutable);
 *                                                 else to Admins only (private, no-store), 404 to the rest
 * Field errors arrive as JSON:API errors with source.pointer /data/attributes/<field>[/<index>/<field>].
 */
import { z } from 'zod';
import {
  calendarDate,
  choice,
  EMAIL_PATTERN,
  hasControlCharacters,
  optionalText,
  requiredText,
} from './fields';
import { messages } from './messages';
import { nonNegativeInt } from './numbers';

export const CONTENT_PAGE_LAYOUTS = ['page', 'feature-image', 'contact'] as const;
export type ContentPageLayout = (typeof CONTENT_PAGE_LAYOUTS)[number];
export const CONTENT_PAGE_STATUSES = ['draft', 'published'] as const;
export type ContentPageStatus = (typeof CONTENT_PAGE_STATUSES)[number];
export const CONTENT_MENU_LOCATIONS = ['main', 'footer', 'footer_secondary'] as const;
export type ContentMenuLocation = (typeof CONTENT_MENU_LOCATIONS)[number];
export const MENU_ITEM_KINDS = ['page', 'route', 'external'] as const;
export type MenuItemKind = (typeof MENU_ITEM_KINDS)[number];
/** The sizes every uploaded image is made in (the public site's featured image sizes), longest edge. */
export const CONTENT_IMAGE_SIZES = { thumbnail: 300, medium: 600, large: 1200, full: 2048 } as const;
export type ContentImageSize = keyof typeof CONTENT_IMAGE_SIZES;
/** What one upload may be: bytes, and pixels it decodes to (a small file can claim a huge picture). */
export const MAX_CONTENT_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_CONTENT_IMAGE_PIXELS = 40_000_000;
export const MAX_CONTENT_HTML = 200_000;

export const contentMessages = {
  pageCreated: 'Page Created',
  pageUpdated: 'Page Updated',
  pageDeleted: 'Page Deleted',
  pageRestored: 'Page Restored',
  homePageRestored: 'Home Page Restored',
  menuUpdated: 'Menu Updated',
  homePageUpdated: 'Home Page Updated',
  siteDetailsUpdated: 'Site Details Updated',
  imageUploaded: 'Image Uploaded',
  pageNotFound: 'Page not found',
  revisionNotFound: 'Revision not found',
  menuNotFound: 'Menu not found',
  imageNotFound: 'Image not found',
  deletePage: 'Are you sure you would like to delete this page?',
  pathInvalid: 'Enter a path such as /about-us: lowercase letters, numbers, dashes and slashes.',
  pathTaken: 'Another page already has this path.',
  pathHome: 'The path / is the home page.',
  linkInvalid: 'Enter a path of this site starting with / or an address starting with https://',
  routeInvalid: 'Enter a path of this site starting with /',
  externalInvalid: 'Enter an address starting with https:// or http://',
  menuPageRequired: 'Choose a page.',
  menuPageMissing: 'This page no longer exists.',
  phoneInvalid: 'Enter a phone number such as 03 9000 0000.',
  emailInvalid: 'Email must be valid',
  untilBeforeFrom: 'The last day must be on or after the first day.',
  imageNotAnImage: 'Send an image (JPEG, PNG or WebP).',
  imageTooBig: `An image can be at most ${MAX_CONTENT_IMAGE_BYTES / 1024 / 1024} MB.`,
  imageTooManyPixels: 'This image is too large. Save it with a lower resolution.',
  imageUnreadable: 'This image could not be read.',
  /** The bytes are one kind of image and the request's Content-Type names another (`PNG`, `GIF`). */
  imageTypeMismatch: (actual: string, declared: string) => `The file is a ${actual} image, not ${declared}.`,
  managedElsewhere: (url: string) =>
    `The content is managed in the WordPress at ${url}. Make this change there.`,
} as const;

/**
 * A page's path as stored: '/About-Us/' → '/about-us'. Segments of lowercase letters, digits and
 * dashes; '/' alone is the home page. The server's get-page route normalises the same way.
 */
export function normaliseContentPath(raw: string): string {
  const trimmed = raw.trim().toLowerCase();
  return `/${trimmed.replace(/^\/+|\/+$/g, '')}`;
}
const PATH_PATTERN = /^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;

export const contentPath = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .max(300, { error: contentMessages.pathInvalid })
  .transform(normaliseContentPath)
  .refine((path) => path !== '/', { error: contentMessages.pathHome, abort: true })
  .refine((path) => PATH_PATTERN.test(path), { error: contentMessages.pathInvalid });

const isSitePath = (value: string) => /^\/(?![/\\])[^\s]*$/.test(value);
/** http(s)://host... with no spaces (the domain package runs without the DOM's URL). */
const isWebAddress = (value: string) =>
  /^https?:\/\/[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?([/?#]\S*)?$/i.test(value);

/** A path of this site ('/booking/step-1'), never '//host'. */
export const sitePath = z
  .string({ error: contentMessages.routeInvalid })
  .trim()
  .max(2000)
  .refine(isSitePath, { error: contentMessages.routeInvalid });
/** An address on another site: http(s) only. */
export const webAddress = z
  .string({ error: contentMessages.externalInvalid })
  .trim()
  .max(2000)
  .refine(isWebAddress, { error: contentMessages.externalInvalid });
/** A button's link: a path of this site or an http(s) address. */
export const linkUrl = z
  .string({ error: contentMessages.linkInvalid })
  .trim()
  .max(2000)
  .refine((value) => isSitePath(value) || isWebAddress(value), { error: contentMessages.linkInvalid });

/** Rich text as the editor sends it; the server sanitises it on save. */
const richText = (max = MAX_CONTENT_HTML) =>
  z
    .string({ error: 'Not a valid string.' })
    .max(max, { error: `Ensure this field has no more than ${max} characters.` })
    .refine((value) => !hasControlCharacters(value), { error: messages.controlCharacters, abort: true })
    .nullish()
    .transform((value) => value ?? '');

export const accordionItemSchema = z.object({ title: requiredText(300), content: richText(50_000) });
export type AccordionItem = z.output<typeof accordionItemSchema>;

export const footerCtaSchema = z
  .object({
    title: requiredText(200),
    text: optionalText(1000),
    buttonLabel: requiredText(100),
    buttonUrl: linkUrl,
  })
  .nullable();
export type FooterCta = z.output<typeof footerCtaSchema>;

/** A row's id as the database keeps them (int4: 1 to 2,147,483,647), sent as digits or a number. */
export const isRecordId = (value: unknown): boolean =>
  (typeof value === 'number' || (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()))) &&
  Number.isInteger(Number(value)) &&
  Number(value) >= 1 &&
  Number(value) <= 2_147_483_647;

const imageId = z
  .union([z.string(), z.number()], { error: contentMessages.imageNotFound })
  .refine(isRecordId, { error: contentMessages.imageNotFound })
  .transform((value) => String(value).trim())
  .nullable();

/** A content page as the API takes it (create: all; update: any subset). */
export const pageSchema = z.object({
  title: requiredText(200),
  path: contentPath,
  layout: choice(CONTENT_PAGE_LAYOUTS),
  content: richText(),
  intro: optionalText(2000),
  accordion: z.array(accordionItemSchema).max(100).default([]),
  footerCta: footerCtaSchema.default(null),
  /** A content-images id, or null for none. */
  featuredImage: imageId.default(null),
  featuredImageAlt: optionalText(300),
  status: choice(CONTENT_PAGE_STATUSES),
  menuOrder: nonNegativeInt().default(0),
});
export type PageAttributes = z.output<typeof pageSchema>;
export type PageInput = z.input<typeof pageSchema>;

/** One menu entry: a page (its path followed when it moves), a route of the app, or another site. */
export const menuItemSchema = z
  .object({
    title: requiredText(200),
    kind: choice(MENU_ITEM_KINDS),
    page: z.union([z.string(), z.number()]).transform(String).nullish(),
    url: z.string().trim().max(2000).nullish(),
  })
  .superRefine((item, ctx) => {
    if (item.kind === 'page' && !isRecordId(item.page))
      ctx.addIssue({ code: 'custom', path: ['page'], message: contentMessages.menuPageRequired });
    if (item.kind === 'route' && !isSitePath(item.url ?? ''))
      ctx.addIssue({ code: 'custom', path: ['url'], message: contentMessages.routeInvalid });
    if (item.kind === 'external' && !isWebAddress(item.url ?? ''))
      ctx.addIssue({ code: 'custom', path: ['url'], message: contentMessages.externalInvalid });
  })
  .transform((item) => ({
    title: item.title,
    kind: item.kind,
    page: item.kind === 'page' ? (item.page ?? null) : null,
    // A page item's address is its page's path, filled in by the server.
    url: item.kind === 'page' ? '' : (item.url ?? ''),
  }));
export type MenuItem = z.output<typeof menuItemSchema>;
export const menuSchema = z.object({ items: z.array(menuItemSchema).max(50) });

export const homePageSchema = z.object({
  title: requiredText(200),
  heroTitle: optionalText(300),
  heroText: optionalText(1000),
  slides: z.array(z.object({ title: requiredText(200), text: optionalText(1000) })).max(10),
  ctaLoggedInText: optionalText(300),
  ctaGuestText: optionalText(300),
  columns: z
    .array(z.object({ title: requiredText(200), content: richText(20_000), icon: optionalText(50) }))
    .max(6),
  location: z
    .object({
      title: requiredText(200),
      content: richText(20_000),
      address: optionalText(300),
      directionsUrl: z.union([z.literal(''), webAddress]),
    })
    .nullable(),
  quotes: z
    .object({
      title: optionalText(200),
      slidesToShow: nonNegativeInt().pipe(
        z.number().min(1, { error: 'Between 1 and 4.' }).max(4, { error: 'Between 1 and 4.' }),
      ),
      items: z
        .array(z.object({ quote: requiredText(1000), name: requiredText(200), detail: optionalText(200) }))
        .max(30),
    })
    .nullable(),
  footerCta: footerCtaSchema,
});
export type HomePageAttributes = z.output<typeof homePageSchema>;

const optionalDate = z.union([z.literal('').transform(() => null), z.null(), calendarDate()]);

export const siteDetailsSchema = z
  .object({
    phone: optionalText(40).refine((value) => value === '' || /^\+?[\d\s()-]{6,30}$/.test(value), {
      error: contentMessages.phoneInvalid,
    }),
    address: optionalText(300),
    email: optionalText(254).refine((value) => value === '' || EMAIL_PATTERN.test(value), {
      error: contentMessages.emailInvalid,
    }),
    hours: optionalText(300),
    socialLinks: z.array(z.object({ network: requiredText(50), url: webAddress })).max(10),
    headerMessage: optionalText(300),
    headerMessageFrom: optionalDate.default(null),
    headerMessageUntil: optionalDate.default(null),
  })
  .superRefine((value, ctx) => {
    if (
      value.headerMessageFrom &&
      value.headerMessageUntil &&
      value.headerMessageUntil < value.headerMessageFrom
    )
      ctx.addIssue({
        code: 'custom',
        path: ['headerMessageUntil'],
        message: contentMessages.untilBeforeFrom,
      });
  });
export type SiteDetailsAttributes = z.output<typeof siteDetailsSchema> & {
  /** The WordPress managing the content (CMS_URL), or null when it is edited here. Read-only. */
  managedBy?: string | null;
};

/**
 * Whether the header message shows on `today` (a business-local 'YYYY-MM-DD'): between its first and
 * last days inclusive, either end open when blank; never when the message is blank.
 */
export function headerMessageShows(
  details: Pick<SiteDetailsAttributes, 'headerMessage' | 'headerMessageFrom' | 'headerMessageUntil'>,
  today: string,
): boolean {
  if (details.headerMessage.trim() === '') return false;
  if (details.headerMessageFrom && today < details.headerMessageFrom) return false;
  if (details.headerMessageUntil && today > details.headerMessageUntil) return false;
  return true;
}

/** The first problem of each field, keyed by its dotted path ('accordion.0.title'), for a form. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
