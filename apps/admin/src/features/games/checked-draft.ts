import type { TFunction } from 'i18next';
import { z } from 'zod';

/**
 * A form's draft checked as the body it becomes, by the contract's schema (the server's own rules);
 * each failing rule shows under its field as `games_error_<field>` (or the generic text).
 */
export function checkedAs<Draft>(
  t: TFunction,
  check: (draft: Draft) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } },
) {
  return z.custom<Draft>().superRefine((draft, context) => {
    const checked = check(draft);
    if (checked.success) return;
    for (const issue of checked.error?.issues ?? []) {
      const field = String(issue.path[0]);
      context.addIssue({
        code: 'custom',
        path: [field],
        message: t(`games_error_${field}`, { defaultValue: t('games_error_field') }),
      });
    }
  });
}
