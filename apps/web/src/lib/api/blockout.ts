/** The online-form blockout current now (public-site §7 "Current form blockout"): home page and booking wizard. */
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { JsonApiDocument, Resource } from './jsonapi';

export interface FormBlockout {
  id: string;
  name: string;
  /** The blockout's own message, or '' (the notice then uses the spec's default text). */
  message: string;
  startDatetime: string;
  endDatetime: string;
}

interface BlockoutAttributes {
  name: string;
  message: string;
  startDatetime: string;
  endDatetime: string;
  blockType: string;
}

export const currentFormBlockoutQuery = queryOptions({
  queryKey: ['blockout-periods', 'current-form'],
  queryFn: async ({ signal }): Promise<FormBlockout | null> => {
    const document = await apiRequest<JsonApiDocument<Resource<BlockoutAttributes> | null>>(
      'blockout-periods/current_form_blockout',
      { signal },
    );
    const blockout = document.data;
    if (!blockout) return null;
    const { name, message, startDatetime, endDatetime } = blockout.attributes;
    return { id: blockout.id, name, message: message ?? '', startDatetime, endDatetime };
  },
  // A blockout starts or ends on the clock: ask again when the visitor comes back to the form.
  staleTime: 60_000,
});
