import { useState } from 'react';

/**
 * A form's values, checked when it is sent and, once it has been, again at every change (so a
 * message goes as soon as the field is put right). `validate` answers a message per failing field.
 */
export function useCheckedValues<Field extends string>(
  initial: Record<Field, string>,
  validate: (values: Record<Field, string>) => Partial<Record<Field, string>>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [hasSubmitted, setHasSubmitted] = useState(false);

  const setValue = (name: Field, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (hasSubmitted) setErrors(validate(next));
  };

  /** On sending: shows every message from now on; true when there is none. */
  const checkAll = (): boolean => {
    setHasSubmitted(true);
    const next = validate(values);
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  return { values, errors, setErrors, setValue, checkAll };
}
