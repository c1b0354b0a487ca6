/**
 * The generic form pattern of the back office (back-office §2 "Common form behaviour", §8): load one
 * record (or start a new one), edit it with a domain schema, Save (disabled while loading, saving or
 * invalid) and Cancel (back); leaving with unsaved changes asks first (Confirm Leave); an add route
 * moves to its edit route once created; success, not-found and API errors arrive as snackbars with the
 * spec's texts, and field errors also beside their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useBlocker, useNavigate, type BlockerFunction } from 'react-router';
import type { z } from 'zod';
import { messages } from '@parking/domain/messages';
import { applyServerErrors } from '@/components/form/form';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { ApiError, hasErrorCode, type ApiErrorObject } from '@/lib/api/client';
import { invalidateTypes, oneQuery } from '@/lib/api/resource-queries';
import { saveResource, type OneAnswer, type SavePayload } from '@/lib/api/resources';
import { ConfirmDialog, LEAVE_DIALOG } from './confirm-dialog';

export interface RecordFormConfig<
  TValues extends FieldValues,
  TOutput extends FieldValues,
  A extends object,
> {
  /** The JSON:API type. */
  type: string;
  /** The record's id; undefined on an add route. */
  id: string | undefined;
  include?: string;
  schema: z.ZodType<TOutput, TValues>;
  /** A new record's values. */
  defaults: TValues;
  /** The form's values for a loaded record. */
  toValues: (answer: OneAnswer<A>) => TValues;
  /**
   * Changes when `toValues` would answer differently for the same record (the airlines it needs have
   * arrived): the form is filled again, unless the user has started changing it.
   */
  valuesKey?: string;
  /**
   * The write document for the form's output; with `save` unset it goes to POST or PATCH {type}.
   * `isDirty` tells which form fields the user changed (a PATCH may send only those).
   */
  toPayload?: (
    values: TOutput,
    context: { isNew: boolean; isDirty: (field: string) => boolean },
  ) => SavePayload;
  /** A save that is not one write of this type (a customer and their login): answers the record's id. */
  save?: (values: TOutput, id: string | undefined) => Promise<string>;
  /** Back-office §8: "Vehicle not found", ... */
  notFound: string;
  listHref: string;
  editHref: (id: string) => string;
  /** Back-office §8: "Vehicle Created" and "Vehicle Updated". */
  createdMessage: string;
  updatedMessage: string;
  /** Where a successful save goes: the edit route (the default) or the list (bookings). */
  afterSave?: 'edit' | 'list';
  /** With `afterSave: 'list'`, the list a new record lands on (bookings: marked, with its Make Payment). */
  createdListHref?: (id: string) => string;
  /** Other types whose cached lists this save changes. */
  invalidates?: readonly string[];
  /** The snackbar of a save refused by the schema (bookings: "Please fill-out all required fields."). */
  invalidMessage?: string;
  /** How one API error reads in a snackbar (bookings: "detail: field"). */
  errorText?: (error: ApiErrorObject) => string;
}

export interface RecordForm<TValues extends FieldValues, TOutput extends FieldValues, A extends object> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  record: OneAnswer<A> | undefined;
  isNew: boolean;
  loading: boolean;
  saving: boolean;
  /** Save's disabled state (back-office §2: while loading or invalid). */
  saveDisabled: boolean;
  submit: () => Promise<void>;
  cancel: () => void;
  /** The Confirm Leave dialog; render it once. */
  leaveDialog: ReactNode;
}

const defaultErrorText = (error: ApiErrorObject) => error.detail;

export function useRecordForm<TValues extends FieldValues, TOutput extends FieldValues, A extends object>(
  config: RecordFormConfig<TValues, TOutput, A>,
): RecordForm<TValues, TOutput, A> {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const isNew = config.id === undefined;
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(config.schema),
    mode: 'onTouched',
    defaultValues: config.defaults as DefaultValues<TValues>,
  });

  const record = useQuery({ ...oneQuery<A>(config.type, config.id ?? '', config.include), enabled: !isNew });

  // A record that does not exist (or is not this user's): say so and go back to the list.
  const notFoundShown = useRef(false);
  useEffect(() => {
    if (!record.isError || notFoundShown.current) return;
    notFoundShown.current = true;
    // Not there, or an address that names no record.
    const missing = hasErrorCode(record.error, 'not_found', 'invalid_parameter', 'bad_request');
    snackbar.show(missing ? config.notFound : record.error.message || messages.unknownError, 'error');
    navigate(config.listHref, { replace: true });
  }, [record.isError, record.error, snackbar, navigate, config.notFound, config.listHref]);

  // A freshly loaded record fills the form, unless the user has already started changing it.
  const toValues = useRef(config.toValues);
  toValues.current = config.toValues;
  useEffect(() => {
    if (!record.data || form.formState.isDirty) return;
    form.reset(toValues.current(record.data));
  }, [record.data, record.dataUpdatedAt, form, config.valuesKey]);

  // Leaving with unsaved changes asks first (back-office §2); a save in progress or just finished never does.
  const bypass = useRef(false);
  // dirtyFields is read here so that react-hook-form keeps it current for the save's `isDirty`.
  const { isDirty, isValid, isSubmitting, dirtyFields } = form.formState;
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        !bypass.current && form.formState.isDirty && currentLocation.pathname !== nextLocation.pathname,
      [form.formState],
    ),
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const errorText = config.errorText ?? defaultErrorText;
  const submit = form.handleSubmit(
    async (values) => {
      let savedId: string;
      try {
        const isDirty = (field: string) =>
          form.getFieldState(field as Path<TValues>, { ...form.formState, dirtyFields }).isDirty;
        const payload = config.toPayload
          ? config.toPayload(values, { isNew, isDirty })
          : { attributes: values };
        savedId = config.save
          ? await config.save(values, config.id)
          : (await saveResource<A>(config.type, payload, config.id)).id;
      } catch (error) {
        applyServerErrors(form, error);
        const details = error instanceof ApiError ? error.errors.map(errorText).filter(Boolean) : [];
        for (const detail of details.length ? details : [messages.unknownError])
          snackbar.show(detail, 'error');
        return;
      }
      bypass.current = true;
      form.reset(form.getValues());
      snackbar.show(isNew ? config.createdMessage : config.updatedMessage);
      await invalidateTypes(queryClient, config.type, ...(config.invalidates ?? []));
      if (config.afterSave === 'list')
        navigate(isNew && config.createdListHref ? config.createdListHref(savedId) : config.listHref);
      else if (isNew) navigate(config.editHref(savedId), { replace: true });
      bypass.current = false;
    },
    () => {
      if (config.invalidMessage) snackbar.show(config.invalidMessage, 'error');
    },
  );

  const cancel = () => {
    // Back where the user came from; straight to the list when this screen was opened directly.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(config.listHref);
  };

  const loading = !isNew && record.isPending;
  const saving = isSubmitting;
  const leaveDialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={LEAVE_DIALOG.title}
      text={LEAVE_DIALOG.text}
      confirmLabel={LEAVE_DIALOG.confirmLabel}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );

  return {
    form,
    record: record.data,
    isNew,
    loading,
    saving,
    saveDisabled: loading || saving || (!config.invalidMessage && !isValid),
    submit,
    cancel,
    leaveDialog,
  };
}
