import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import {
  useForm,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/**
 * The member site's forms: react-hook-form checking the contract's zod schema, refined with the rules
 * only the browser knows (the merchant's password rule, a channel's amounts). The caller builds the
 * schema with `t` (in a useMemo) so every rule's message is already in the member's language, with
 * the site's catalogue keys; a language switch while rule messages are shown words them again.
 *
 * This module, and react-hook-form with it, is imported only by the lazily loaded form chunks, never
 * by the home page's entry.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  const { t } = useTranslation();
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({ ...options, resolver: zodResolver(schema) });
  const wordedIn = useRef(t);
  const { trigger, formState } = form;
  useEffect(() => {
    if (wordedIn.current === t) return;
    wordedIn.current = t;
    // Only the rules' messages: a server refusal stays as the server worded it.
    const shown = Object.entries(formState.errors)
      .filter(([, error]) => (error as { type?: unknown } | undefined)?.type !== 'server')
      .map(([name]) => name);
    if (shown.length > 0) void trigger(shown as Parameters<typeof trigger>[0]);
  }, [t, trigger, formState.errors]);
  return form;
}

/** Adds each field's message (already worded; null or '' when the field passes) as an issue at that field. */
export function addFieldIssues(context: z.RefinementCtx, messages: Record<string, string | null | undefined>): void {
  for (const [field, message] of Object.entries(messages))
    if (message) context.addIssue({ code: 'custom', path: [field], message });
}

/**
 * For forms drawn with controlled inputs (RuleField, SmsCodeField, the country picker): the values,
 * each field's message, and a setter that, once the form has been sent, checks the whole form again
 * at every change, so a message goes as soon as its field is put right (a confirmation's too, when
 * the password it repeats changes).
 */
export function useControlledFields<Values extends FieldValues>(form: UseFormReturn<Values, unknown, FieldValues>) {
  const values = form.watch() as Values;
  const { errors, isSubmitted } = form.formState;
  const messages = Object.fromEntries(
    Object.entries(errors).map(([name, error]) => [name, (error as { message?: string } | undefined)?.message]),
  ) as Partial<Record<keyof Values, string>>;
  const setValue = <Name extends Path<Values>>(name: Name, value: PathValue<Values, Name>) => {
    form.setValue(name, value);
    if (isSubmitted) void form.trigger();
  };
  return { values, errors: messages, setValue };
}
