/**
 * The one form pattern of the site: react-hook-form driven by a zod schema from the domain package
 * (the same schema the API validates with), errors beside each field, server errors mapped back onto
 * the fields they name.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps, ReactNode } from 'react';
import {
  useForm,
  type FieldValues,
  type Path,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/client';

/**
 * `useForm` with the schema as its resolver. Errors appear once a field has been left (or on submit),
 * not while the first character is typed.
 */
export function useZodForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  options: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'> = {},
): UseFormReturn<TInput, unknown, TOutput> {
  return useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    ...options,
  });
}

interface FormProps<TValues extends FieldValues, TOutput extends FieldValues> extends Omit<
  ComponentProps<'form'>,
  'onSubmit' | 'children'
> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  children: ReactNode;
}

export function Form<TValues extends FieldValues, TOutput extends FieldValues>({
  form,
  onSubmit,
  children,
  ...props
}: FormProps<TValues, TOutput>) {
  // noValidate: the schema's messages, beside the fields, instead of the browser's bubbles.
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} {...props}>
      {children}
    </form>
  );
}

const ATTRIBUTE_POINTER = /^\/data\/attributes\/([^/]+)$/;
const RELATIONSHIP_POINTER = /^\/data\/relationships\/([^/]+)/;

/**
 * Puts the server's field errors (`source.pointer` /data/attributes/{field}) beside those fields.
 * Returns true when at least one error found its field.
 */
export function applyServerErrors<TValues extends FieldValues, TOutput extends FieldValues>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = new Set(Object.keys(form.getValues()));
  let applied = false;
  for (const item of error.errors) {
    const pointer = item.source?.pointer ?? '';
    const name = ATTRIBUTE_POINTER.exec(pointer)?.[1] ?? RELATIONSHIP_POINTER.exec(pointer)?.[1];
    if (name && fields.has(name)) {
      form.setError(
        name as Path<TValues>,
        { type: 'server', message: item.detail },
        { shouldFocus: !applied },
      );
      applied = true;
    }
  }
  return applied;
}
