import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  CONTENT_MENU_LOCATIONS,
  contentMessages,
  menuSchema,
  type ContentMenuLocation,
} from '@parking/domain/content-admin';
import { ConfirmDialog, LEAVE_DIALOG } from '@/components/admin/confirm-dialog';
import { FieldGrid, FormScreen } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { listQuery } from '@/lib/api/resource-queries';
import { ALL_ROWS, type OneAnswer } from '@/lib/api/resources';
import { CONTENT_MENUS, CONTENT_PAGES, type MenuAttributes, type PageRecord } from '../api/content-admin';
import { ContentGate } from '../components/content-gate';
import { RepeatableSection } from '../components/repeatable-section';

type MenuInput = z.input<typeof menuSchema>;

const MENU_LABELS: Record<ContentMenuLocation, string> = {
  main: 'Main Menu',
  footer: 'Footer',
  footer_secondary: 'Footer Secondary',
};
const KIND_OPTIONS = [
  { value: 'page', label: 'Page' },
  { value: 'route', label: 'Route of this site' },
  { value: 'external', label: 'External address' },
];

const isLocation = (value: string | null): value is ContentMenuLocation =>
  (CONTENT_MENU_LOCATIONS as readonly string[]).includes(value ?? '');

const toValues = ({ resource }: OneAnswer<MenuAttributes>): MenuInput => ({
  items: resource.attributes.items.map((item) => ({
    title: item.title,
    kind: item.kind,
    page: item.page ?? '',
    url: item.url ?? '',
  })),
});

function MenuItemFields({
  control,
  index,
  pageOptions,
}: {
  control: ReturnType<typeof useMenuForm>['form']['control'];
  index: number;
  pageOptions: { value: string; label: string }[];
}) {
  const kind = useWatch({ control, name: `items.${index}.kind` });
  return (
    <FieldGrid columns={3}>
      <FormTextField control={control} name={`items.${index}.title`} label="Title" required />
      <FormSelectField
        control={control}
        name={`items.${index}.kind`}
        label="Links To"
        options={KIND_OPTIONS}
      />
      {kind === 'page' ? (
        <FormSelectField
          control={control}
          name={`items.${index}.page`}
          label="Page"
          options={pageOptions}
          placeholder="Choose a page"
          required
        />
      ) : (
        <FormTextField
          control={control}
          name={`items.${index}.url`}
          label={kind === 'route' ? 'Path' : 'Address'}
          required
          helperText={kind === 'route' ? 'Such as /booking/step-1' : 'Such as https://example.com'}
        />
      )}
    </FieldGrid>
  );
}

function useMenuForm(location: ContentMenuLocation) {
  return useRecordForm({
    type: CONTENT_MENUS,
    id: location,
    schema: menuSchema,
    defaults: { items: [] } as MenuInput,
    toValues,
    notFound: contentMessages.menuNotFound,
    listHref: paths.adminContentMenus.path,
    editHref: () => paths.adminContentMenus.path,
    createdMessage: contentMessages.menuUpdated,
    updatedMessage: contentMessages.menuUpdated,
  });
}

function MenuForm({
  location,
  onSwitch,
}: {
  location: ContentMenuLocation;
  onSwitch: (to: ContentMenuLocation) => void;
}) {
  const screen = useMenuForm(location);
  const [pending, setPending] = useState<ContentMenuLocation | null>(null);
  const pages = useQuery(listQuery<PageRecord>(CONTENT_PAGES, { page: 1, per: ALL_ROWS, sort: 'title' }));
  const pageOptions = (pages.data?.rows ?? []).map((page) => ({
    value: page.id,
    label: `${page.attributes.title} (${page.attributes.path})${page.attributes.status === 'draft' ? ', draft' : ''}`,
  }));
  const { control } = screen.form;
  const choose = (to: ContentMenuLocation) => {
    if (to === location) return;
    if (screen.form.formState.isDirty) setPending(to);
    else onSwitch(to);
  };

  return (
    <FormScreen
      title="Menus"
      screen={screen}
      tabs={
        <Tabs
          value={location}
          onChange={(_event, value: ContentMenuLocation) => choose(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Menu"
        >
          {CONTENT_MENU_LOCATIONS.map((value) => (
            <Tab key={value} value={value} label={MENU_LABELS[value]} />
          ))}
        </Tabs>
      }
    >
      <RepeatableSection
        control={control}
        name="items"
        title={MENU_LABELS[location]}
        itemLabel="Item"
        emptyText="This menu is empty. Add Item links a page, a route of this site or another site."
        max={50}
        newItem={() => ({ title: '', kind: 'page' as const, page: '', url: '' })}
        renderItem={(index) => <MenuItemFields control={control} index={index} pageOptions={pageOptions} />}
      />
      <ConfirmDialog
        open={pending !== null}
        title={LEAVE_DIALOG.title}
        text={LEAVE_DIALOG.text}
        confirmLabel={LEAVE_DIALOG.confirmLabel}
        onConfirm={() => {
          if (pending) onSwitch(pending);
          setPending(null);
        }}
        onCancel={() => setPending(null)}
      />
    </FormScreen>
  );
}

/** Menus (issue 25): the main, footer and footer-secondary menus, each an ordered list of links. */
export function ContentMenusPage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('menu');
  const location = isLocation(requested) ? requested : 'main';
  return (
    <ContentGate title="Menus">
      <MenuForm
        key={location}
        location={location}
        onSwitch={(to) => setSearch(to === 'main' ? {} : { menu: to }, { replace: true })}
      />
    </ContentGate>
  );
}
