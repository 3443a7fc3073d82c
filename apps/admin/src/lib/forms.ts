import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The back-office's forms: react-hook-form checking the contract's zod schema (the same rules the
 * server applies: lengths, amounts, patterns), never a copy of them. A field's message is the
 * operator's-language text of its catalogue key, chosen where the field is drawn; a refusal of the
 * server that names a field goes under it with setRefusalFieldError (@lotus/contract).
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    ...options,
    resolver: zodResolver(schema, undefined, { mode: 'sync' }),
  });
}
